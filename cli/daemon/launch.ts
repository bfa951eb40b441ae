/**
 * Starting the Node daemon from the CLI: in the foreground (its output on
 * this terminal, or into the rotating `{config_dir}/daemon.log`), or detached
 * (a background `svc daemon start --foreground --log-file ...` that holds
 * the log; this process waits until daemon.json names a new instance that
 * answers).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HOST_NODE_FLAGS } from '../../adapters/node/host-node-flags.ts';
import type { DaemonInfo } from '../../adapters/shared/daemon-info.ts';
import { createApiClient } from '../api-client.ts';
import { processAlive, readDaemonInfo } from '../discovery.ts';
import { CliError, EXIT } from '../errors.ts';
import { packageRoot } from '../package-root.ts';
import { createRotatingLog } from './rotating-log.ts';

export interface HostFlags {
  port?: string;
  host?: string;
}

export const LOG_FILE = 'daemon.log';

function hostArgs(configDir: string, flags: HostFlags): string[] {
  const args = ['--config-dir', configDir];
  if (flags.port !== undefined) args.push('--port', flags.port);
  if (flags.host !== undefined) args.push('--host', flags.host);
  return args;
}

/** Runs the Node host (as `npm start` does) until it exits; resolves with its exit code. */
export function runForeground(configDir: string, flags: HostFlags, logFile?: string): Promise<number> {
  const log = logFile ? createRotatingLog(logFile) : null;
  const child = spawn(process.execPath, [...HOST_NODE_FLAGS, 'bin/svc-host.mjs', ...hostArgs(configDir, flags)], {
    cwd: packageRoot(),
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (log) {
    child.stdout?.on('data', (chunk: Buffer) => log.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
  }
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  process.on('SIGHUP', forward('SIGTERM'));
  return new Promise((done) => {
    child.once('error', (error) => {
      log?.write(Buffer.from(`svc: cannot start the daemon: ${error.message}\n`));
      done(EXIT.internal);
    });
    child.once('close', (code, signal) => {
      log?.close();
      done(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 128));
    });
  });
}

async function lastLines(path: string, count: number): Promise<string> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.trim().split('\n').slice(-count).join(' | ');
}

/**
 * Starts the daemon in the background and resolves with its daemon.json once
 * it answers. `previous` is a stale daemon.json to ignore.
 */
export async function startDetached(configDir: string, flags: HostFlags, previous: DaemonInfo | null, timeoutMs = 60_000): Promise<DaemonInfo> {
  const logFile = join(configDir, LOG_FILE);
  const bin = join(packageRoot(), 'bin', 'svc.mjs');
  const child = spawn(process.execPath, [bin, '--config-dir', configDir, 'daemon', 'start', '--foreground', '--log-file', logFile, ...hostArgs(configDir, flags).slice(2)], {
    cwd: packageRoot(),
    detached: true,
    stdio: 'ignore',
  });
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (exited !== null) {
        const tail = await lastLines(logFile, 3);
        throw new CliError(EXIT.failure, `the daemon exited (${exited}) before it was ready${tail ? `: ${tail}` : ''}`, `see ${logFile}`);
      }
      const info = await readDaemonInfo(configDir).catch(() => null);
      if (info && info.instance_id !== previous?.instance_id && processAlive(info.pid)) {
        const health = await createApiClient({ configDir }).health().catch(() => null);
        if (health) return info;
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new CliError(EXIT.failure, `the daemon was not ready within ${Math.round(timeoutMs / 1000)} s`, `see ${logFile}`);
  } finally {
    child.unref();
  }
}

/** Waits until `gone()` holds (after a shutdown request); false on timeout. */
export async function waitUntil(gone: () => Promise<boolean>, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await gone()) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}
