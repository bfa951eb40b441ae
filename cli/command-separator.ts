/**
 * `svc exec` and `svc mcp` run another program: everything from that
 * program's name on is its own command line, options included. With `--`
 * this is explicit; without it (`svc exec sh -c 'exit 3'`, `svc mcp node
 * server.js --root .`) commander would read `-c` or `--root` as svc's own
 * flags (or `--version` as svc's). This inserts the `--` the user left out,
 * before the first word that is neither an svc flag nor a flag's value.
 */

/** Global flags that take a value (main.ts). */
export const GLOBAL_VALUE_FLAGS: ReadonlySet<string> = new Set(['--config-dir', '--url']);

/** The commands that wrap another program, with their own flags that take a value. */
const WRAPPERS: Readonly<Record<string, ReadonlySet<string>>> = {
  exec: new Set(['--tool', '--project', '--grace-seconds']),
  mcp: new Set(['--name']),
};

export function withCommandSeparator(argv: readonly string[]): string[] {
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return [...argv];
    if (GLOBAL_VALUE_FLAGS.has(arg)) i++;
    else if (!arg.startsWith('-')) break;
  }
  const own = WRAPPERS[argv[i] ?? ''];
  if (!own) return [...argv];
  for (let j = i + 1; j < argv.length; j++) {
    const arg = argv[j]!;
    if (arg === '--') return [...argv];
    if (own.has(arg) || GLOBAL_VALUE_FLAGS.has(arg)) j++;
    else if (!arg.startsWith('-')) return [...argv.slice(0, j), '--', ...argv.slice(j)];
  }
  return [...argv];
}
