/**
 * `svc audit tail [--follow] [--session ID]`, `svc audit verify [--checkpoint FILE]`,
 * `svc audit checkpoint [-o FILE]`,
 * `svc audit export [--format json|csv|jsonl] [--include-cold] [--from-date D] [-o FILE]`.
 */
import { Option, type Command } from 'commander';
import { auditPage, type ServedRecord } from '../audit/audit-api.ts';
import { action, withJson, type CliContext } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';
import type { Colors, Column } from '../output.ts';
import { callHeadline } from '../../core/audit/call-headline.ts';

interface Row {
  timestamp: string;
  action: string;
  score: number;
  type: string;
  summary: string;
  session: string;
}

function rowColumns(c: Colors): Array<Column<Row>> {
  const paint = (a: string, t: string) => (a === 'allow' ? c.green(t) : a === 'queue' ? c.yellow(t) : c.red(t));
  return [
    { header: 'TIME', value: (r) => r.timestamp.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') },
    { header: 'ACTION', value: (r) => r.action, color: (t, r) => paint(r.action, t) },
    { header: 'SCORE', value: (r) => r.score.toFixed(2), align: 'right' },
    { header: 'TYPE', value: (r) => r.type },
    { header: 'CALL', value: (r) => r.summary, flex: true },
    { header: 'SESSION', value: (r) => r.session.slice(0, 8) || '-' },
  ];
}

function fromRecord(r: ServedRecord): Row {
  return {
    timestamp: r.timestamp,
    action: r.proxy_action,
    score: r.composite_score,
    type: r.tool_call_type,
    summary: r.short_circuit ? `(${r.short_circuit})` : callHeadline(r.arguments_summary ?? ''),
    session: r.session_id ?? '',
  };
}

function positive(value: string, flag: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(EXIT.usage, `${flag} must be an integer from 1 to ${max}, not ${value}`);
  return n;
}

async function tail(ctx: CliContext, options: { limit: string; session?: string; follow?: boolean }): Promise<number> {
  const limit = positive(options.limit, '--limit', 100);
  const client = ctx.client();
  const records = options.session
    ? (await client.get<{ records: ServedRecord[] }>('/api/audit', { query: { session_id: options.session, include: 'all' } })).records
    : (await auditPage(client, 0, limit)).records;
  const recent = [...records].sort((a, b) => a.sequence - b.sequence).slice(-limit);
  const columns = rowColumns(ctx.out.c);
  if (ctx.out.json && options.follow) for (const record of recent) ctx.out.line(JSON.stringify(record));
  else ctx.out.result(recent, () => (recent.length ? ctx.out.table(columns, recent.map(fromRecord)) : ctx.out.note('The audit log is empty.')));
  if (!options.follow) return EXIT.ok;
  const { follow } = await import('../audit/follow.ts');
  return follow(client, (event, at) => {
    if (options.session && event.session_id !== options.session) return;
    if (ctx.out.json) {
      ctx.out.line(JSON.stringify({ ...event, timestamp: at }));
      return;
    }
    const row: Row = { timestamp: at, action: event.decision, score: event.composite_score, type: event.tool_call_type, summary: callHeadline(event.arguments_summary), session: event.session_id };
    // one row at a time, with the header widths of a table: TIME ACTION SCORE TYPE CALL SESSION
    const text = columns.map((col) => col.value(row)).join('  ');
    ctx.out.line(text.length > ctx.out.width ? `${text.slice(0, ctx.out.width - 1)}…` : text);
  }, () => ctx.out.note('svc: following new decisions (Ctrl-C to stop)'));
}

async function verify(ctx: CliContext, options: { checkpoint?: string }): Promise<number> {
  const { verifyChain } = await import('../audit/verify-chain.ts');
  const checkpoints = options.checkpoint === undefined ? null : await import('../audit/checkpoint.ts');
  const saved = checkpoints && options.checkpoint !== undefined ? await checkpoints.readCheckpointFile(options.checkpoint) : null;
  const prompts = !ctx.out.json && process.stderr.isTTY === true ? await import('@clack/prompts') : null;
  let bar: ReturnType<NonNullable<typeof prompts>['progress']> | null = null;
  let shown = 0;
  const report = await verifyChain(ctx.client(), (read, total) => {
    if (!prompts || total === 0) return;
    if (!bar) {
      bar = prompts.progress({ max: total, output: process.stderr });
      bar.start(`verifying ${total} records`);
    }
    bar.advance(read - shown, `${read} of ${total} records`);
    shown = read;
  }).finally(() => bar?.stop(`${shown} records read`));
  const against = checkpoints && saved ? await checkpoints.checkAgainstDaemon(ctx.client(), saved) : null;
  ctx.out.result(against ? { ...report, checkpoint: against } : report, () => {
    const { c } = ctx.out;
    if (against) {
      const what = `checkpoint ${against.checkpoint.sequence} (${against.checkpoint.hash.slice(0, 16)}…, signed ${against.checkpoint.at})`;
      if (against.ok) ctx.out.line(`${c.green('checkpoint holds')}: ${what} is signed by this daemon's audit key and today's chain extends it to ${against.head?.sequence}`);
      else ctx.out.line(`${c.red('checkpoint FAILS')}: ${what}: ${against.problem}`);
    }
    if (report.records === 0) {
      ctx.out.line('The audit log is empty: nothing to verify.');
      return;
    }
    if (report.ok) {
      ctx.out.line(`${c.green('audit chain intact')}: ${report.records} records (sequence ${report.first_sequence}-${report.last_sequence}), head ${report.head_hash}`);
      if ((report.first_sequence ?? 1) > 1) ctx.out.line(c.dim(`records before ${report.first_sequence} are archived (audit/cold/); the daemon checks their boundary at start`));
    } else {
      ctx.out.line(c.red(`audit chain BROKEN (${report.records} records read):`));
      for (const problem of report.problems) ctx.out.line(`  ${problem}`);
    }
  });
  return report.ok && (against?.ok ?? true) ? EXIT.ok : EXIT.failure;
}

async function checkpoint(ctx: CliContext, options: { output?: string }): Promise<number> {
  const { fetchCheckpoint } = await import('../audit/checkpoint.ts');
  const signed = await fetchCheckpoint(ctx.client());
  const summary = `checkpoint at sequence ${signed.sequence}, hash ${signed.hash}, signed ${signed.at} (signature verified)`;
  if (!options.output) {
    ctx.out.result(signed, () => {
      ctx.out.line(summary);
      ctx.out.line(ctx.out.c.dim('save it with -o FILE somewhere the daemon cannot write; later: svc audit verify --checkpoint FILE'));
    });
    return EXIT.ok;
  }
  await writePrivateFile(options.output, `${JSON.stringify(signed, null, 2)}\n`);
  ctx.out.note(`svc: ${summary} written to ${options.output}`);
  return EXIT.ok;
}

/** Writes `text` to `path` atomically (a temp file renamed over it), mode 0600. */
async function writePrivateFile(path: string, text: string): Promise<void> {
  const { writeFile, rename } = await import('node:fs/promises');
  const temp = `${path}.svc-${process.pid}.tmp`;
  await writeFile(temp, text, { mode: 0o600 }).catch((error: Error) => {
    throw new CliError(EXIT.failure, `cannot write ${path}: ${error.message}`);
  });
  await rename(temp, path);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

async function exportLog(ctx: CliContext, options: { format: 'json' | 'csv' | 'jsonl'; includeCold?: boolean; fromDate?: string; limit: string; output?: string }): Promise<number> {
  if (options.fromDate !== undefined && (!DATE.test(options.fromDate) || Number.isNaN(Date.parse(options.fromDate)))) {
    throw new CliError(EXIT.usage, `--from-date must be YYYY-MM-DD, not ${options.fromDate}`);
  }
  const limit = positive(options.limit, '--limit', 100_000);
  const spinner = options.output && process.stderr.isTTY ? (await import('@clack/prompts')).spinner({ output: process.stderr }) : null;
  spinner?.start('exporting the audit log');
  const response = await ctx.client().raw('GET', '/api/audit/export', {
    query: { format: options.format === 'csv' ? 'csv' : 'json', limit, include_cold: options.includeCold ? 'true' : undefined, from_date: options.fromDate },
    timeoutMs: 300_000,
  });
  let text = await response.text();
  let count: number | null = null;
  if (options.format !== 'csv') {
    const body = JSON.parse(text) as { records: unknown[]; count: number };
    count = body.count;
    if (options.format === 'jsonl') text = body.records.map((record) => JSON.stringify(record)).join('\n') + (body.records.length ? '\n' : '');
  }
  if (!options.output) {
    process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
    spinner?.stop();
    return EXIT.ok;
  }
  await writePrivateFile(options.output, text);
  const what = count === null ? 'the export' : `${count} records`; // CSV fields may hold newlines: no line count
  spinner?.stop(`exported ${what}`);
  ctx.out.note(`svc: ${what} written to ${options.output} (${options.format})`);
  return EXIT.ok;
}

export default function register(program: Command): void {
  const audit = program.command('audit').description('The hash-chained audit log: tail, verify, export');

  withJson(audit.command('tail'))
    .description('The latest decisions, oldest first; --follow keeps printing them as they happen')
    .option('-n, --limit <n>', 'how many records (at most 100)', '20')
    .option('--session <id>', 'only this session\'s records')
    .option('-f, --follow', 'keep printing new decisions (the /ws/live stream) until Ctrl-C')
    .action(action(tail));

  withJson(audit.command('verify'))
    .description('Recompute every hot record\'s hash and check the chain links, here rather than trusting the daemon (exit 1 when broken)')
    .option('--checkpoint <file>', 'also prove the chain still extends a checkpoint saved earlier (svc audit checkpoint -o FILE): its signature, the same audit key, and GET /api/audit/consistency')
    .action(action(verify));

  withJson(audit.command('checkpoint'))
    .description('The daemon\'s signed audit head {sequence, hash, at, public_key, signature}, its Ed25519 signature checked here')
    .option('-o, --output <file>', 'save it to FILE (atomically, mode 0600) for a later `svc audit verify --checkpoint FILE`')
    .action(action(checkpoint));

  audit
    .command('export')
    .description('Export the audit log (newest first) to stdout or a file')
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'csv', 'jsonl']).default('json'))
    .option('--include-cold', 'merge in the compressed archives under audit/cold/')
    .option('--from-date <date>', 'with --include-cold: archives from this day on (YYYY-MM-DD)')
    .option('--limit <n>', 'at most this many records (up to 100000)', '1000')
    .option('-o, --output <file>', 'write to FILE (atomically, mode 0600) instead of stdout')
    .action(action(exportLog));
}
