/**
 * `svc exec [--tool NAME] [--project NAME] [--grace-seconds N] -- <command...>`:
 * runs a command as a supervised session (contracts.md, "Supervised sessions").
 *
 * 1. Reads the daemon's health first: not running → exit 3; it cannot
 *    durably record (`audit_quarantined` / `audit_read_only`) → exit 4.
 * 2. Registers the session (`POST /api/ipc/sessions`); the session limit → exit 5.
 * 3. Holds `/ws/supervisor/{id}` open, then spawns the command with the
 *    terminal passed through untouched and `SVC_SESSION_ID`, `SVC_URL`,
 *    `SVC_CONFIG_DIR` in its environment (agent hooks inside tag their calls
 *    with the session).
 * 4. On `terminate` (the kill route, deny-terminate): SIGTERM to the whole
 *    process tree, SIGKILL after the grace period, exit 137.
 * 5. Forwards SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, and SIGINT when stdin is not
 *    a terminal (a terminal's Ctrl-C already reaches the command).
 * 6. When the command exits, reports it (`POST /api/ipc/sessions/{id}/end`)
 *    and exits with its code (128 + the signal number when a signal ended it).
 */
import type { Command } from 'commander';
import { action } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

interface ExecFlags {
  tool?: string;
  project?: string;
  graceSeconds?: string;
}

const NAME = /^[A-Za-z0-9._:-]{1,128}$/;
const FORWARDED: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGUSR1', 'SIGUSR2', 'SIGINT'];

export default function register(program: Command): void {
  program
    .command('exec')
    .description('Run a command as a supervised session: its agent hooks report to this session, and the daemon can stop it')
    .option('--tool <name>', 'the supervised tool recorded with each call (default: the program name)')
    .option('--project <name>', 'the project recorded with each call')
    .option('--grace-seconds <n>', 'after SIGTERM, how long the process tree has before SIGKILL', '5')
    .argument('<command...>', 'the command line, after --')
    .action(
      action(async (ctx, command: string[], flags: ExecFlags) => {
        const [{ spawn }, { basename }, { readFile }, { join }, { constants }, { createApiClient, serverTables }, { openSupervisorChannel }, { stopTree }, { daemonCa }] = await Promise.all([
          import('node:child_process'),
          import('node:path'),
          import('node:fs/promises'),
          import('node:path'),
          import('node:os'),
          import('../api-client.ts'),
          import('../exec/supervisor-channel.ts'),
          import('../exec/process-tree.ts'),
          import('../daemon-trust.ts'),
        ]);
        const [file, ...args] = command;
        if (!file) throw new CliError(EXIT.usage, 'no command given', 'svc exec -- claude');
        const tool = flags.tool ?? basename(file).replace(/[^A-Za-z0-9._:-]/g, '-').slice(0, 128);
        if (!NAME.test(tool)) throw new CliError(EXIT.usage, `--tool ${JSON.stringify(tool)} must be 1-128 letters, digits, '.', '_', ':' or '-'`);
        if (flags.project !== undefined && (flags.project === '' || flags.project.length > 256)) {
          throw new CliError(EXIT.usage, '--project must be 1-256 characters');
        }
        const grace = Number(flags.graceSeconds);
        if (!Number.isFinite(grace) || grace < 0 || grace > 600) throw new CliError(EXIT.usage, '--grace-seconds must be a number from 0 to 600');

        const client = createApiClient({ configDir: ctx.configDir, url: ctx.url, credentials: 'daemon' });
        const health = await client.health();
        for (const flag of ['audit_quarantined', 'audit_read_only'] as const) {
          if (health[flag]) {
            throw new CliError(EXIT.notDurable, `the daemon cannot durably record decisions (${flag}); nothing was started`, 'see `svc doctor`');
          }
        }
        const base = await client.url();
        const session = await client.post<{ id: string }>('/api/ipc/sessions', {
          body: {
            tool_name: tool,
            root_pid: process.pid,
            command: command.join(' ').slice(0, 4096),
            cwd: process.cwd().slice(0, 4096),
            ...(flags.project !== undefined ? { project_name: flags.project } : {}),
          },
        }).catch((error: unknown) => {
          if (error instanceof CliError && error.exitCode === EXIT.limit) {
            throw new CliError(EXIT.limit, `${error.message}; nothing was started`, 'end a session (DELETE /api/supervisor/sessions/{id} or the dashboard), raise [supervisor] max_concurrent_sessions, or use a Pro licence (64 sessions)');
          }
          throw error;
        });
        const endSession = (body: Record<string, unknown>) =>
          client.post(`/api/ipc/sessions/${encodeURIComponent(session.id)}/end`, { body, timeoutMs: 5_000 }).then(() => undefined, () => undefined);

        let terminated: { reason: string } | null = null;
        let onTerminate: (reason: string) => void = () => undefined;
        const headers = async () => {
          const fresh = (await readFile(join(ctx.configDir, 'daemon.token'), 'utf8').catch(() => '')).trim();
          const known = await client.daemonHeaders();
          return fresh ? { ...known, authorization: `Bearer ${fresh}` } : known;
        };
        const ca = base.startsWith('https:') ? await daemonCa(ctx.configDir, await serverTables(ctx.configDir)) : null;
        const channel = await openSupervisorChannel(base, session.id, headers, (event) => onTerminate(event.reason), ca).catch(async (error: Error) => {
          await endSession({ exit_code: -1 });
          throw new CliError(EXIT.notRunning, `cannot hold the supervisor channel: ${error.message}; nothing was started`, 'check `svc doctor`');
        });

        const child = spawn(file, args, {
          stdio: 'inherit',
          env: { ...process.env, SVC_SESSION_ID: session.id, SVC_URL: base, SVC_CONFIG_DIR: ctx.configDir },
        });
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
          child.once('exit', (code, signal) => done({ code, signal }));
          child.once('error', (error: NodeJS.ErrnoException) => {
            process.stderr.write(`svc: cannot run ${JSON.stringify(file)}: ${error.code === 'ENOENT' ? 'command not found' : error.message}\n`);
            done({ code: error.code === 'ENOENT' ? 127 : 126, signal: null });
          });
        });
        const forward = (signal: NodeJS.Signals) => {
          if (signal === 'SIGINT' && process.stdin.isTTY) return;
          if (child.pid !== undefined) child.kill(signal);
        };
        for (const signal of FORWARDED) process.on(signal, forward);
        let stopping: Promise<void> | null = null;
        onTerminate = (reason) => {
          if (terminated || child.pid === undefined) return;
          terminated = { reason };
          process.stderr.write(`svc: the daemon terminated this session: ${reason.replace(/\s+/g, ' ').slice(0, 300)}\n`);
          stopping = stopTree(child.pid, grace * 1000, exited);
        };

        const result = await exited;
        if (stopping) await stopping;
        for (const signal of FORWARDED) process.off(signal, forward);
        channel.close();
        await endSession({ ...(result.code !== null ? { exit_code: result.code } : {}), ...(result.signal ? { signal: result.signal } : {}) });
        if (terminated) return 137;
        if (result.code !== null) return result.code;
        return 128 + (result.signal ? (constants.signals[result.signal] ?? 1) : 1);
      }),
    );
}
