/**
 * Package names one edit away from a very popular package (`reqeusts`,
 * `lodahs`, `crossenv`): the install commands of npm, pnpm, yarn, bun, pip,
 * uv, pipx and poetry, read from a parsed argv, their package names compared
 * with the popular names of config/filters/shell.toml `[packages]`. One edit
 * is an insertion, a deletion, a substitution or two neighbours swapped; a
 * name that is itself on the list, shorter than 5 characters, scoped, a path
 * or a URL is never flagged.
 */

export interface PopularPackages { npm: ReadonlySet<string>; pypi: ReadonlySet<string> }

export const NO_PACKAGES: PopularPackages = { npm: new Set(), pypi: new Set() };

const MIN_LENGTH = 5;
const MAX_NAMES = 64;

/** PyPI compares names lower-cased with runs of `-`, `_` and `.` as one `-` (PEP 503). */
export const pypiName = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, '-');

/** True when `a` and `b` differ by exactly one insertion, deletion, substitution or adjacent swap. */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The popular name `name` is one edit away from, or null. */
export function nearPopular(name: string, popular: ReadonlySet<string>): string | null {
  if (name.length < MIN_LENGTH || popular.has(name)) return null;
  for (const p of popular) if (oneEdit(name, p)) return p;
  return null;
}

const NODE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'cnpm']);
const NODE_VERBS = new Set(['install', 'i', 'add', 'in', 'isntall']);
/** Options of pip whose value is a file, path or index, not a package. */
const PIP_VALUE_OPTS = new Set(['-r', '--requirement', '-c', '--constraint', '-e', '--editable', '-i', '--index-url', '--extra-index-url', '-f', '--find-links', '-t', '--target', '--prefix', '--root', '--python', '-p']);

/** The packages an install argv names, by ecosystem (empty when it installs nothing by name). */
export function installedPackages(argv: readonly string[]): { eco: 'npm' | 'pypi'; names: string[] } | null {
  const cmd = (argv[0] ?? '').replace(/^.*\//, '');
  let eco: 'npm' | 'pypi';
  let rest: readonly string[];
  if (NODE_MANAGERS.has(cmd) && NODE_VERBS.has(argv[1] ?? '')) { eco = 'npm'; rest = argv.slice(2); }
  else if (cmd === 'yarn' && argv[1] === 'global' && argv[2] === 'add') { eco = 'npm'; rest = argv.slice(3); }
  else if (/^pip[0-9.]*$/.test(cmd) && argv[1] === 'install') { eco = 'pypi'; rest = argv.slice(2); }
  else if (/^python[0-9.]*$/.test(cmd) && argv[1] === '-m' && argv[2] === 'pip' && argv[3] === 'install') { eco = 'pypi'; rest = argv.slice(4); }
  else if (cmd === 'uv' && argv[1] === 'pip' && argv[2] === 'install') { eco = 'pypi'; rest = argv.slice(3); }
  else if ((cmd === 'uv' || cmd === 'poetry') && argv[1] === 'add') { eco = 'pypi'; rest = argv.slice(2); }
  else if (cmd === 'pipx' && argv[1] === 'install') { eco = 'pypi'; rest = argv.slice(2); }
  else return null;
  const names: string[] = [];
  for (let i = 0; i < rest.length && names.length < MAX_NAMES; i++) {
    const a = rest[i]!;
    if (a.startsWith('-')) { if (eco === 'pypi' && PIP_VALUE_OPTS.has(a)) i++; continue; }
    if (a.startsWith('@') || a.includes('/') || a.includes(':') || a.startsWith('.')) continue;
    if (eco === 'npm') names.push(a.replace(/@.*$/, '').toLowerCase());
    else names.push(pypiName(a.replace(/[\[<>=!~;@ ].*$/, '')));
  }
  return { eco, names: names.filter((n) => n !== '') };
}

/** `[name, popular]` pairs of an install argv's packages that are one edit from a popular one. */
export function typosquats(argv: readonly string[], popular: PopularPackages): [string, string][] {
  const pkgs = installedPackages(argv);
  if (!pkgs) return [];
  const set = pkgs.eco === 'npm' ? popular.npm : popular.pypi;
  if (set.size === 0) return [];
  const out: [string, string][] = [];
  for (const n of pkgs.names) {
    const p = nearPopular(n, set);
    if (p !== null) out.push([n, p]);
  }
  return out;
}
