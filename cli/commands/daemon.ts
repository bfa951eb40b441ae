/**
 * `svc daemon start [--foreground] | stop | restart | status`.
 */
import { Option, type Command } from 'commander';
import { createApiClient, type Health } from '../api-client.ts';
import { action, withJson, type CliContext } from '../context.ts';
import { processAlive, readDaemonInfo } from '../discovery.ts';
import { CliError, EXIT } from '../errors.ts';
import type { HostFlags } from '../daemon/launch.ts';

interface StartOptions extends HostFlags {
  foreground?: boolean;
  logFile?: string;
  json?: boolean;
}

interface Tier {
  tier: string;
  max_sessions: number;
  seats: number | null;
}

/** The running daemon's health, or null when none answers (never throws for "not running"). Asks afresh each time. */
async function running(ctx: CliContext): Promise<Health | null> {
  try {
    return await createApiClient({ configDir: ctx.configDir, url: ctx.url }).health();
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.notRunning) return null;
    throw error;
  }
}

function uptime(seconds: number): string {
  const s = Math.floor(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

async function start(ctx: CliContext, options: StartOptions): Promise<number> {
  const { runForeground, startDetached } = await import('../daemon/launch.ts');
  if (options.logFile !== undefined) return runForeground(ctx.configDir, options, options.logFile);
  const health = ctx.url === undefined ? await running(ctx) : null;
  if (health) {
    const url = await createApiClient({ configDir: ctx.configDir }).url();
    ctx.out.result({ status: 'already_running', url, instance_id: health.instance_id }, () => ctx.out.line(`svc daemon already running at ${url}`));
    return EXIT.ok;
  }
  if (options.foreground) return runForeground(ctx.configDir, options);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(ctx.configDir, { recursive: true, mode: 0o700 });
  const previous = await readDaemonInfo(ctx.configDir).catch(() => null);
  const info = await startDetached(ctx.configDir, options, previous);
  ctx.out.result({ status: 'started', ...info }, () =>
    ctx.out.line(`svc daemon started at ${info.url} (pid ${info.pid}); log: ${ctx.configDir}/daemon.log`),
  );
  return EXIT.ok;
}

async function stop(ctx: CliContext, quiet = false): Promise<string> {
  const { waitUntil } = await import('../daemon/launch.ts');
  const client = ctx.client();
  const health = await client.health();
  const url = await client.url();
  const info = ctx.url === undefined ? await readDaemonInfo(ctx.configDir) : null;
  await client.post('/api/server/shutdown');
  const gone = await waitUntil(async () => {
    if (info) return !processAlive(info.pid);
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) }).catch(() => null)) === null;
  });
  if (!gone) throw new CliError(EXIT.failure, `the daemon at ${url} accepted the shutdown but is still running after 30 s`, info ? `kill ${info.pid}` : 'stop its process');
  if (!quiet) ctx.out.result({ status: 'stopped', url, instance_id: health.instance_id }, () => ctx.out.line(`svc daemon stopped (${url})`));
  return url;
}

async function status(ctx: CliContext): Promise<number> {
  const client = ctx.client();
  const health = await client.health();
  const [url, tier, info] = await Promise.all([
    client.url(),
    client.get<Tier>('/api/tier'),
    ctx.url === undefined ? readDaemonInfo(ctx.configDir) : Promise.resolve(null),
  ]);
  const flags = { audit_quarantined: health.audit_quarantined === true, audit_read_only: health.audit_read_only === true };
  ctx.out.result({ url, pid: info?.pid ?? null, ...health, ...flags, tier }, () => {
    const { c } = ctx.out;
    const paint = (state: string) => (state === 'ok' || state === 'healthy' ? c.green(state) : state === 'degraded' ? c.yellow(state) : c.red(state));
    const flagText = [flags.audit_quarantined && 'quarantined', flags.audit_read_only && 'read-only'].filter(Boolean).join(', ');
    ctx.out.pairs([
      ['daemon', `running at ${url}${info ? ` (pid ${info.pid})` : ''}`],
      ['version', health.version],
      ['uptime', uptime(health.uptime_seconds)],
      ['status', paint(health.status)],
      ...Object.entries(health.subsystems).map(([name, sub]) => [`  ${name}`, `${paint(sub.status)}${sub.message ? ` ${c.dim(sub.message)}` : ''}`] as const),
      ['audit flags', flagText ? c.red(flagText) : 'none'],
      ['tier', `${tier.tier} (max ${tier.max_sessions} sessions)`],
    ]);
  });
  return flags.audit_quarantined || flags.audit_read_only ? EXIT.notDurable : EXIT.ok;
}

export default function register(program: Command): void {
  const daemon = program.command('daemon').description('Start, stop and inspect the daemon');

  withJson(daemon.command('start'))
    .description('Start the daemon in the background (log: {config_dir}/daemon.log, rotating), or in the foreground')
    .option('--foreground', 'run in this terminal until Ctrl-C')
    .option('--port <port>', 'port to listen on (default 3141; 0 picks a free one)')
    .option('--host <host>', 'address to bind (default 127.0.0.1)')
    .addOption(new Option('--log-file <file>', 'run in the foreground writing the rotating log (used by a background start)').hideHelp())
    .action(action(start));

  withJson(daemon.command('stop'))
    .description('Stop the daemon cleanly (POST /api/server/shutdown; in-flight writes finish)')
    .action(action(async (ctx) => void (await stop(ctx))));

  withJson(daemon.command('restart'))
    .description('Stop the daemon if it runs, then start it in the background on the same address')
    .option('--port <port>', 'port (default: the one it ran on)')
    .option('--host <host>', 'address to bind (default: the one it ran on)')
    .action(
      action(async (ctx, options: StartOptions) => {
        const health = await running(ctx);
        if (health) {
          const url = new URL(await stop(ctx, true));
          options.port ??= url.port;
          options.host ??= url.hostname.replace(/^\[|\]$/g, '');
        }
        return start(ctx, options);
      }),
    );

  const statusHelp = 'Version, uptime, health of each subsystem, the audit flags and the tier (exit 3 when not running, 4 when it cannot record)';
  withJson(daemon.command('status')).description(statusHelp).action(action(status));
  withJson(program.command('status')).description(`${statusHelp}; the same as \`svc daemon status\``).action(action(status));
}
