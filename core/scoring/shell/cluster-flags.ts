/**
 * kubectl's and oc's connection options (`--server`, `--token`,
 * `--insecure-skip-tls-verify`, client certificates, timeouts, verbosity)
 * given before the verb: `kubectl --server=https://10.0.0.1:6443 --token=$T
 * delete deploy --all -A`. Rules read a verb within a few words of the
 * command's name; these options say how to reach a cluster, not what is
 * done there, so the normaliser also writes the command with them moved to
 * the end. Options that say which cluster or namespace (`--context`,
 * `--kubeconfig`, `--cluster`, `-n`) stay where they are.
 */

/** Connection options that take a value as the next word when not written `--opt=value`. */
const WITH_VALUE = new Set(['--server', '-s', '--token', '--certificate-authority', '--client-certificate', '--client-key', '--tls-server-name', '--request-timeout', '--username', '--password', '--cache-dir', '-v', '--v']);
const FLAGS = new Set(['--insecure-skip-tls-verify', '--insecure-skip-tls-verify=true', '--match-server-version']);
const MAX_WORDS = 64;

/** The argv with leading connection options moved after the rest, or null when it has none before the verb. */
export function verbFirst(argv: readonly string[]): string[] | null {
  const name = argv[0];
  if ((name !== 'kubectl' && name !== 'oc') || argv.length > MAX_WORDS) return null;
  const moved: string[] = [];
  const kept: string[] = [name];
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) break;
    const eq = a.indexOf('=');
    const opt = eq > 0 ? a.slice(0, eq) : a;
    if (FLAGS.has(a) || (eq > 0 && WITH_VALUE.has(opt))) moved.push(a);
    else if (WITH_VALUE.has(a) && argv[i + 1] !== undefined) { moved.push(a, argv[i + 1]!); i++; }
    else {
      // An option of another kind keeps its place; one written apart from its value keeps that too.
      kept.push(a);
      if (eq < 0 && (a === '-n' || a === '--namespace' || a === '--context' || a === '--kubeconfig' || a === '--cluster' || a === '--user' || a === '--as') && argv[i + 1] !== undefined) kept.push(argv[++i]!);
    }
  }
  return moved.length === 0 || i >= argv.length ? null : [...kept, ...argv.slice(i), ...moved];
}
