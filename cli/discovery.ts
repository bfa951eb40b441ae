/**
 * Finding the daemon (contracts.md, "The command-line tool"): `--url` when
 * given, otherwise `{config_dir}/daemon.json`. A missing file, a file naming
 * a process that no longer exists, or one that does not parse is "daemon not
 * running" (exit 3); the API client later checks that the daemon answering at
 * that URL is the instance the file names.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DAEMON_INFO_FILE, parseDaemonInfo, type DaemonInfo } from '../adapters/shared/daemon-info.ts';
import { CliError, EXIT, notRunning } from './errors.ts';
import { processAlive } from '../adapters/shared/process-alive.ts';

export { processAlive };

export interface Target {
  url: string;
  /** What daemon.json says; null when the address came from --url. */
  info: DaemonInfo | null;
}

/** daemon.json as written, or null when there is none. Throws CliError when it cannot be read or parsed. */
export async function readDaemonInfo(configDir: string): Promise<DaemonInfo | null> {
  const path = join(configDir, DAEMON_INFO_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CliError(EXIT.notRunning, `cannot read ${path}: ${(error as Error).message}`, 'run svc as the user who started the daemon');
  }
  const info = parseDaemonInfo(text);
  if (info === null) throw notRunning(`daemon not running (${path} is not a daemon.json)`, 'remove it and run `svc daemon start`');
  return info;
}

/** Normalises a --url value to an origin. */
export function parseUrlFlag(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(EXIT.usage, `--url ${JSON.stringify(value)} is not a URL`, 'for example --url http://127.0.0.1:3141');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(EXIT.usage, `--url must be http or https, not ${url.protocol}`);
  return url.origin;
}

export async function discover(configDir: string, urlFlag: string | undefined): Promise<Target> {
  if (urlFlag !== undefined) return { url: parseUrlFlag(urlFlag), info: null };
  const info = await readDaemonInfo(configDir);
  if (info === null) return Promise.reject(notRunning(`daemon not running (no daemon.json in ${configDir})`));
  if (!processAlive(info.pid)) {
    throw notRunning(`daemon not running (daemon.json is stale: no process ${info.pid})`);
  }
  return { url: info.url.replace(/\/+$/, ''), info };
}
