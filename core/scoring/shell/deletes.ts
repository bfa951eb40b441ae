/**
 * What a recursive `rm` deletes, as paths the rules can weigh: each operand of
 * `rm -r`/`-R`/`--recursive` (after the normaliser has removed quotes, peeled
 * wrappers and expanded variables) made absolute against the working
 * directory when that is known, with `.`/`..` segments and trailing slashes
 * folded. The normaliser notes each as `svc:fact recursive-delete <path>`;
 * which paths are build output and which are data is in the rule files.
 */

const MAX_TARGETS = 8;

/** True when an rm argv asks for recursion (`-r`, `-R`, `-rf`, `-fr`, `--recursive`). */
function recursive(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return false;
    if (a === '--recursive' || a === '-r' || a === '-R') return true;
    if (/^-[a-zA-Z]{2,8}$/.test(a) && /[rR]/.test(a)) return true;
  }
  return false;
}

/** `a/./b/../c/` as `a/c`; a path that climbs above its root keeps the root. */
export function foldPath(path: string): string {
  const root = path.startsWith('/') ? '/' : path.startsWith('~') ? '~' : '';
  const rest = root === '~' ? path.slice(1) : path;
  const out: string[] = [];
  for (const seg of rest.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') { if (out.length > 0 && out[out.length - 1] !== '..') out.pop(); else if (root === '') out.push('..'); continue; }
    out.push(seg);
  }
  if (root === '~') return out.length === 0 ? '~' : `~/${out.join('/')}`;
  if (root === '/') return `/${out.join('/')}`;
  return out.length === 0 ? '.' : out.join('/');
}

/** The paths a recursive rm removes; `cwd` ('' when unknown, else absolute or `~`-based) anchors relative ones. */
export function recursiveDeleteTargets(argv: readonly string[], cwd: string): string[] {
  if (!recursive(argv)) return [];
  const anchored = cwd.startsWith('/') || cwd.startsWith('~');
  const targets: string[] = [];
  let options = true;
  for (let i = 1; i < argv.length && targets.length < MAX_TARGETS; i++) {
    const a = argv[i]!;
    if (options && a === '--') { options = false; continue; }
    if (options && a.startsWith('-') && a.length > 1) continue;
    if (a === '' || a.length > 1024) continue;
    const absolute = a.startsWith('/') || a.startsWith('~') || a.startsWith('$');
    targets.push(foldPath(absolute || !anchored ? a : `${cwd}/${a}`));
  }
  return targets;
}
