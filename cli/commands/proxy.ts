/**
 * `svc proxy test '<tool call JSON>' | --file F`: scores a call without side
 * effects (the daemon's `POST /api/proxy/test`). Exit 0 allow, 1 queue, 2
 * deny; 3 when no daemon answers (contracts.md), unless `--offline` asks for
 * the same engine in-process over the config dir's config and rule files.
 */
import type { Command } from 'commander';
import { action, withJson, type CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';
import type { ProxyTestResultBody } from '../../core/schemas/proxy.ts';

export type ProxyTestResult = ProxyTestResultBody;

/** The exit code for an action: `allow` 0, `queue(...)` 1, `deny(...)` 2. */
export function exitForAction(actionText: string): number {
  if (actionText === 'allow') return EXIT.ok;
  if (actionText.startsWith('queue')) return EXIT.queue;
  return EXIT.deny;
}

async function readCall(json: string | undefined, file: string | undefined): Promise<unknown> {
  if ((json === undefined) === (file === undefined)) {
    throw new CliError(EXIT.usage, 'give the tool call as one JSON argument or with --file FILE', 'e.g. svc proxy test \'{"type":"ShellExec","command":"ls","args":[]}\'');
  }
  let text = json ?? '';
  if (file !== undefined) {
    const { readFile } = await import('node:fs/promises');
    text = await (file === '-' ? new Response(process.stdin as unknown as ReadableStream).text() : readFile(file, 'utf8')).catch((error: Error) => {
      throw new CliError(EXIT.usage, `cannot read ${file}: ${error.message}`);
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(EXIT.usage, `the tool call is not JSON: ${(error as Error).message}`, 'quote it in single quotes');
  }
  // `{tool_call: {...}}` (a /api/proxy/test body) is accepted too.
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'tool_call' in value) return (value as { tool_call: unknown }).tool_call;
  return value;
}

async function scoreInProcess(ctx: CliContext, call: unknown): Promise<ProxyTestResult> {
  const [{ parseToolCall }, { loadConfig }, { createEngineForConfig }, { resultBody }, { createNodeFileStore }, { randomBytes }] = await Promise.all([
    import('../../core/schemas/tool-call.ts'),
    import('../../core/config/load-config.ts'),
    import('../../core/scoring/install-scoring.ts'),
    import('../../core/routes/proxy.ts'),
    import('../../adapters/node/node-file-store.ts'),
    import('node:crypto'),
  ]);
  const parsed = parseToolCall(call);
  if (!parsed.ok) throw new CliError(EXIT.usage, `not a tool call: ${parsed.reason}`);
  const files = createNodeFileStore(ctx.configDir);
  const config = await loadConfig(files).catch((error: Error) => {
    throw new CliError(EXIT.failure, `the config in ${ctx.configDir} does not load: ${error.message}`, 'fix it, then `svc doctor`');
  });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const engine = await createEngineForConfig(
    { clock: { now: () => Date.now(), monotonic: () => performance.now() }, random: { bytes: (n) => new Uint8Array(randomBytes(n)) }, files, log: quiet },
    config,
    () => false,
  );
  return resultBody(engine.evaluate(parsed.call, { record: false }).result);
}

async function scoreByDaemon(ctx: CliContext, call: unknown, session: string | undefined): Promise<ProxyTestResult> {
  try {
    return await ctx.client().post<ProxyTestResult>('/api/proxy/test', { body: { tool_call: call, ...(session ? { session_id: session } : {}) } });
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.notRunning && ctx.url === undefined) {
      throw new CliError(EXIT.notRunning, error.message, `${error.hint ?? 'start it with `svc daemon start`'}, or score with the config dir's rules: svc proxy test --offline`);
    }
    if (error instanceof CliError && error.message.includes('[INVALID_TOOL_CALL]')) throw new CliError(EXIT.usage, error.message);
    throw error;
  }
}

async function test(ctx: CliContext, json: string | undefined, options: { file?: string; session?: string; offline?: boolean }): Promise<number> {
  const call = await readCall(json, options.file);
  if (options.offline && options.session) throw new CliError(EXIT.usage, '--session needs the daemon (a session\'s history lives there); drop --offline');
  const where = options.offline ? 'in-process' : 'daemon';
  const result = options.offline ? await scoreInProcess(ctx, call) : await scoreByDaemon(ctx, call, options.session);
  ctx.out.result(result, () => {
    const { c, line, table } = ctx.out;
    const verdict = result.action === 'allow' ? c.green('allow') : result.action.startsWith('queue') ? c.yellow(queueHeadline(result.action)) : c.red('deny');
    line(`${c.bold(verdict)}  score ${result.composite_score.toFixed(2)}  ${c.dim(`(${result.filters_evaluated} filters, ${result.evaluation_time_ms.toFixed(2)} ms, ${where})`)}`);
    line(result.decision_reason);
    if (where === 'in-process') ctx.out.note('svc: --offline: scored in-process with the config dir\'s config (learned rules are not applied)');
    line();
    table(
      [
        { header: 'FILTER', value: (r) => r.filter_name },
        { header: 'MATCH', value: (r) => (r.matched ? 'yes' : '-'), color: (t, r) => (r.matched ? c.bold(t) : c.dim(t)) },
        { header: 'SCORE', value: (r) => r.score.toFixed(2), align: 'right' },
        { header: 'SEVERITY', value: (r) => r.severity },
        { header: 'MESSAGE', value: (r) => r.message, flex: true },
      ],
      [...result.filter_results].sort((a, b) => Number(b.matched) - Number(a.matched) || b.score - a.score),
    );
  });
  return exitForAction(result.action);
}

/** `queue(High)` reads as `queue (High priority)`; a deny's reason is printed on the next line, so its headline is the verb alone. */
function queueHeadline(action: string): string {
  const priority = /^queue\((\w+)\)$/.exec(action)?.[1];
  return priority ? `queue (${priority} priority)` : action;
}

export default function register(program: Command): void {
  const proxy = program.command('proxy').description('The scoring proxy');
  withJson(proxy.command('test'))
    .description('Score a tool call without side effects; exit 0 allow, 1 queue, 2 deny')
    .argument('[tool-call-json]', 'the tool call, e.g. \'{"type":"FileRead","path":"/etc/passwd"}\'')
    .option('--file <file>', 'read the tool call from FILE (- for stdin)')
    .option('--session <id>', 'score against that session\'s history (daemon only)')
    .option('--offline', 'score in this process with the config dir\'s config and rules, without the daemon (learned rules are not applied)')
    .action(action(test));
}
