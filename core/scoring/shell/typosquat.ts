/**
 * Package names one edit away from a very popular package (`reqeusts`,
 * `lodahs`, `crossenv`, `rustdecimal`, `Newtonsoft.Jsonn`): the install
 * commands of npm, pnpm, yarn, bun, pip, uv, pipx, poetry, cargo, gem,
 * bundle, composer, dotnet and nuget, read from a parsed argv, their package
 * names compared with the popular names of config/filters/shell.toml
 * `[packages]`, and hyphenated names whose part is a popular name of any
 * ecosystem with two neighbouring letters swapped (`reqeusts-http`). One edit
 * is an insertion, a deletion, a substitution or two neighbours swapped; a
 * name that is itself on the list, shorter than 5 characters, scoped, a path
 * or a URL is never flagged.
 */

export type Ecosystem = 'npm' | 'pypi' | 'crates' | 'gems' | 'packagist' | 'nuget';
export type PopularPackages = Readonly<Record<Ecosystem, ReadonlySet<string>>>;

export const NO_PACKAGES: PopularPackages = { npm: new Set(), pypi: new Set(), crates: new Set(), gems: new Set(), packagist: new Set(), nuget: new Set() };

const MIN_LENGTH = 5;
const MAX_NAMES = 64;

/** PyPI compares names lower-cased with runs of `-`, `_` and `.` as one `-` (PEP 503). */
export const pypiName = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, '-');
/** crates.io treats `-` and `_` alike; RubyGems, Packagist and NuGet names compare lower-cased. */
export const packageName = (eco: Ecosystem, name: string): string =>
  eco === 'pypi' ? pypiName(name) : eco === 'crates' ? name.toLowerCase().replace(/_/g, '-') : name.toLowerCase();

/** True when `a` is `b` with two neighbouring letters swapped. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** True when `a` and `b` differ by exactly one insertion, deletion, substitution or adjacent swap. */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) return a.slice(i + 1) === b.slice(i + 1) || swapped(a, b); // substitution, or swap
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

/** Options of cargo, gem, composer and dotnet whose value is not a package. */
const OTHER_VALUE_OPTS = new Set(['--version', '--vers', '-v', '--git', '--path', '--branch', '--tag', '--rev', '--root', '--registry', '--index', '--features', '-F',
  '--source', '-s', '--install-dir', '-i', '--bindir', '-n', '--platform', '--framework', '-f', '--package-directory', '--project', '--output', '-o']);

const INSTALLER_INITIALS = new Set(['n', 'p', 'y', 'b', 'c', 'u', 'g', 'd', 'i', 'I']);

/** The packages an install argv names, by ecosystem (empty when it installs nothing by name). */
export function installedPackages(argv: readonly string[]): { eco: Ecosystem; names: string[] } | null {
  const first = argv[0] ?? '';
  const cmd = first.includes('/') ? first.replace(/^.*\//, '') : first;
  // The installers' first letters (npm/nuget, pnpm/pip/python/poetry/pipx, yarn, bun/bundle, cnpm/cargo/composer, uv, gem, dotnet, Install-Package).
  if (!INSTALLER_INITIALS.has(cmd.charAt(0))) return null;
  let eco: Ecosystem;
  let rest: readonly string[];
  if (NODE_MANAGERS.has(cmd) && NODE_VERBS.has(argv[1] ?? '')) { eco = 'npm'; rest = argv.slice(2); }
  else if (cmd === 'yarn' && argv[1] === 'global' && argv[2] === 'add') { eco = 'npm'; rest = argv.slice(3); }
  else if (cmd.startsWith('pip') && /^pip[0-9.]*$/.test(cmd) && argv[1] === 'install') { eco = 'pypi'; rest = argv.slice(2); }
  else if (cmd.startsWith('python') && /^python[0-9.]*$/.test(cmd) && argv[1] === '-m' && argv[2] === 'pip' && argv[3] === 'install') { eco = 'pypi'; rest = argv.slice(4); }
  else if (cmd === 'uv' && argv[1] === 'pip' && argv[2] === 'install') { eco = 'pypi'; rest = argv.slice(3); }
  else if ((cmd === 'uv' || cmd === 'poetry') && argv[1] === 'add') { eco = 'pypi'; rest = argv.slice(2); }
  else if (cmd === 'pipx' && argv[1] === 'install') { eco = 'pypi'; rest = argv.slice(2); }
  else if (cmd === 'cargo' && (argv[1] === 'install' || argv[1] === 'add')) { eco = 'crates'; rest = argv.slice(2); }
  else if ((cmd === 'gem' && argv[1] === 'install') || (cmd === 'bundle' && argv[1] === 'add')) { eco = 'gems'; rest = argv.slice(2); }
  else if (cmd === 'composer' && (argv[1] === 'require' || argv[1] === 'global' && argv[2] === 'require')) { eco = 'packagist'; rest = argv.slice(argv[1] === 'global' ? 3 : 2); }
  else if (cmd === 'dotnet' && argv[1] === 'add' && (argv[2] === 'package' || argv[3] === 'package')) { eco = 'nuget'; rest = argv.slice(argv[2] === 'package' ? 3 : 4); }
  else if ((cmd === 'nuget' && argv[1] === 'install') || (cmd.length === 15 && /^install-package$/i.test(cmd))) { eco = 'nuget'; rest = argv.slice(cmd === 'nuget' ? 2 : 1); }
  else return null;
  const names: string[] = [];
  for (let i = 0; i < rest.length && names.length < MAX_NAMES; i++) {
    const a = rest[i]!;
    if (a.startsWith('-')) { if ((eco === 'pypi' ? PIP_VALUE_OPTS : eco === 'npm' ? null : OTHER_VALUE_OPTS)?.has(a)) i++; continue; }
    // Packagist names are vendor/package; elsewhere a '/' is a path.
    if (a.startsWith('@') || (a.includes('/') && eco !== 'packagist') || a.includes('://') || a.startsWith('.')) continue;
    if (eco === 'npm') { if (!a.includes(':')) names.push(a.replace(/@.*$/, '').toLowerCase()); }
    else if (eco === 'pypi') { if (!a.includes(':')) names.push(pypiName(a.replace(/[\[<>=!~;@ ].*$/, ''))); }
    else names.push(packageName(eco, a.replace(/[@:<>=~^ ].*$/, '')));
  }
  return { eco, names: names.filter((n) => n !== '') };
}

const MIN_PART_LENGTH = 6;
const MAX_PARTS = 4;

/**
 * A hyphenated name's part that is a popular name of any ecosystem with two
 * neighbouring letters swapped (`reqeusts-http`, `djnago-utils`): a typo
 * dressed as an add-on. Only swaps: a part one letter longer, shorter or
 * different is most often another word (`color-name`, `string-width` next to
 * `colors` and `spring`); a part on any list, or shorter than 6 characters,
 * never is one.
 */
export function nearPopularPart(name: string, popular: PopularPackages): string | null {
  if (!name.includes('-')) return null;
  const parts = name.split('-').slice(0, MAX_PARTS);
  const sets = Object.values(popular);
  for (const part of parts) {
    if (part.length < MIN_PART_LENGTH || sets.some((set) => set.has(part))) continue;
    for (const set of sets) for (const p of set) if (swapped(part, p)) return p;
  }
  return null;
}

/** `[name, popular]` pairs of an install argv's packages that are one edit from a popular one, whole or in a part. */
export function typosquats(argv: readonly string[], popular: PopularPackages): [string, string][] {
  const pkgs = installedPackages(argv);
  if (!pkgs) return [];
  const set = popular[pkgs.eco];
  if (!set || set.size === 0) return [];
  const out: [string, string][] = [];
  for (const n of pkgs.names) {
    const p = nearPopular(n, set) ?? (set.has(n) ? null : nearPopularPart(n, popular));
    if (p !== null) out.push([n, p]);
  }
  return out;
}
