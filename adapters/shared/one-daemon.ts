/**
 * One daemon per config dir. A host that starts while `daemon.json` names a
 * daemon that still runs refuses before it touches anything: otherwise it
 * would regenerate `daemon.token` under the running daemon (whose clients
 * then fail with IPC_AUTH_REQUIRED), open the same audit store, and remove
 * the running daemon's `daemon.json` when it exits.
 *
 * "Still runs": its process exists and its address answers as that instance
 * (`GET /api/health`'s `instance_id`), or answers at all when it cannot say
 * (HTTPS, an API key). A file left by a crash (no such process, or nothing
 * listening there, or another instance answering) does not stop a start.
 * Host-neutral: the FileStore and the fetch are the host's.
 */
import type { FileStore } from '../../core/deps.ts';
import { DAEMON_INFO_FILE, parseDaemonInfo, type DaemonInfo } from './daemon-info.ts';
import { processAlive } from './process-alive.ts';

const PROBE_TIMEOUT_MS = 2000;

/** Whether a process exists; null when this host may not tell (Deno runs without the permission to signal). */
export type ProcessProbe = (pid: number) => boolean | null;

/** Whether the daemon `info` names answers at its address as itself. */
async function answersAs(info: DaemonInfo, alive: boolean | null, fetchFn: typeof fetch): Promise<boolean> {
  // A daemon serving HTTPS has a certificate this probe may not trust: its live process decides.
  if (info.url.startsWith('https:')) return alive === true;
  try {
    const response = await fetchFn(`${info.url.replace(/\/+$/, '')}/api/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    const body = (await response.json().catch(() => null)) as { instance_id?: unknown } | null;
    if (typeof body?.instance_id === 'string') return body.instance_id === info.instance_id;
    // Something answers but does not say which instance (e.g. an API key is required): take it as the daemon.
    return true;
  } catch {
    return false;
  }
}

/** The daemon already running for this config dir, or null. */
export async function runningDaemon(files: FileStore, selfPid: number, alive: ProcessProbe = processAlive, fetchFn: typeof fetch = fetch): Promise<DaemonInfo | null> {
  const bytes = await files.read(DAEMON_INFO_FILE).catch(() => null);
  if (bytes === null) return null;
  const info = parseDaemonInfo(new TextDecoder().decode(bytes));
  if (info === null || info.pid === selfPid) return null;
  const exists = alive(info.pid);
  if (exists === false) return null;
  return (await answersAs(info, exists, fetchFn)) ? info : null;
}

/** Throws (the host does not start) when another daemon runs for this config dir. */
export async function refuseSecondDaemon(files: FileStore, configDir: string, selfPid: number, alive: ProcessProbe = processAlive): Promise<void> {
  const running = await runningDaemon(files, selfPid, alive);
  if (running === null) return;
  throw new Error(`a daemon already runs for ${configDir} at ${running.url} (pid ${running.pid}); stop it first (\`svc daemon stop\`)`);
}
