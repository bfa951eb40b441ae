/**
 * Starts a host (Node, Deno or Workers) as a child process on a free loopback
 * port with a temporary config dir, waits for its ready line and stops it.
 * The host tests and the conformance suites share this launcher.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { HOST_NODE_FLAGS } from '../../adapters/node/host-node-flags.ts';
import { HOST_READY_MS } from './host-timeouts.ts';

export type HostKind = 'node' | 'deno' | 'workers';

const ROOT = resolve(import.meta.dirname, '../..');

/** The command that serves each host (what its npm script runs, minus npm). */
const COMMANDS: Record<HostKind, string[]> = {
  node: [process.execPath, ...HOST_NODE_FLAGS, 'bin/svc-host.mjs'],
  deno: [process.execPath, 'scripts/run-deno.mjs'],
  workers: [process.execPath, '--import', 'tsx', 'adapters/workers/main.ts'],
};

export interface LaunchOptions {
  /** Reuse a config dir (e.g. to restart on the same state); a fresh temp dir otherwise. */
  configDir?: string;
  /** Files written into the config dir before start, by relative path. */
  files?: Record<string, string | Uint8Array>;
  env?: Record<string, string>;
  /** How long to wait for the ready line (HOST_READY_MS by default). */
  timeoutMs?: number;
  /**
   * How the host learns its config dir: `--config-dir` (default), or without the flag through
   * `SVC_CONFIG_DIR` (`env`), or through its default `$HOME/.config/svc` with `SVC_CONFIG_DIR`
   * set empty (`home`: `configDir` must then be `<HOME>/.config/svc`).
   */
  configDirFrom?: 'flag' | 'env' | 'home';
}

/** A running host. */
export interface RunningHost {
  readonly kind: HostKind;
  readonly baseUrl: string;
  readonly configDir: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the ready line. */
  readonly startupMs: number;
  /** Everything the host wrote on stderr so far. */
  stderr(): string;
  /**
   * Sends `signal` (SIGTERM by default) and resolves with the exit code (null
   * when killed by a signal). SIGKILL goes to the host's whole process group,
   * so a runtime behind a launcher (Deno behind scripts/run-deno.mjs, workerd
   * behind the Workers harness) dies with it, as in a power cut.
   */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL to the host's whole process group, without waiting. */
  crash(): void;
}

/** Creates a temp config dir holding `files`. */
export async function makeConfigDir(files: Record<string, string | Uint8Array> = {}, into?: string): Promise<string> {
  const dir = into ?? (await mkdtemp(join(tmpdir(), 'svc-host-')));
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), contents);
  }
  return dir;
}

function spawnHost(kind: HostKind, configDir: string, env: Record<string, string> = {}, from: LaunchOptions['configDirFrom'] = 'flag'): ChildProcess {
  const [command, ...args] = COMMANDS[kind];
  const flags = from === 'flag' ? ['--config-dir', configDir] : [];
  const dirEnv: Record<string, string> =
    from === 'env'
      ? { SVC_CONFIG_DIR: configDir }
      : from === 'home'
        ? // Deno keeps its cache under the real home.
          { SVC_CONFIG_DIR: '', HOME: dirname(dirname(configDir)), DENO_DIR: process.env.DENO_DIR ?? join(homedir(), '.cache', 'deno') }
        : {};
  return spawn(command!, [...args, '--port', '0', '--host', '127.0.0.1', ...flags], {
    cwd: ROOT,
    env: { ...process.env, ...dirEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a SIGKILL reaches every process the host started.
    detached: true,
  });
}

/** SIGKILL to the process group `child` leads (the launcher and the runtime it started). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

/**
 * Starts `kind`; when it exits before printing its ready line, rejects with an
 * Error carrying `code`, `stderr` and `stdout`.
 */
export async function launchHost(kind: HostKind, options: LaunchOptions = {}): Promise<RunningHost> {
  const configDir = await makeConfigDir(options.files, options.configDir);
  const started = performance.now();
  const child = spawnHost(kind, configDir, options.env, options.configDirFrom);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const baseUrl = await new Promise<string>((done, fail) => {
    const timeoutMs = options.timeoutMs ?? HOST_READY_MS;
    const timer = setTimeout(() => {
      killGroup(child);
      fail(new Error(`${kind} host gave no ready line in ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /svc listening on (https?:\/\/\S+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(Object.assign(new Error(`${kind} host exited with ${code} before its ready line\n${stderr}`), { code, stderr, stdout }));
    });
  });
  const startupMs = Math.round(performance.now() - started);
  return {
    kind,
    baseUrl,
    configDir,
    child,
    startupMs,
    stderr: () => stderr,
    crash: () => killGroup(child),
    async stop(signal = 'SIGTERM') {
      const exited = exitOf(child);
      if (signal === 'SIGKILL') killGroup(child);
      else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => killGroup(child), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
