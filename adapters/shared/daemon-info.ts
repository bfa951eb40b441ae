/**
 * `{config_dir}/daemon.json` (contracts.md, "The command-line tool"): every
 * host writes `{url, pid, instance_id, version}` (mode 0600) once it listens
 * and removes it at a clean exit; the `svc` command finds the daemon through
 * it. Host-neutral: it goes through the host's FileStore.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FileStore } from '../../core/deps.ts';

export const DAEMON_INFO_FILE = 'daemon.json';

export const DaemonInfo = Type.Object({
  url: Type.String({ pattern: '^https?://' }),
  pid: Type.Integer({ minimum: 1 }),
  instance_id: Type.String({ minLength: 1 }),
  version: Type.String(),
});
export type DaemonInfo = Static<typeof DaemonInfo>;

/** The URL a client on this machine reaches: an unspecified bind address is reached on loopback. */
export function clientUrl(host: string, port: number, tls: boolean): string {
  const reach = host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '[::]' ? '::1' : host;
  const shown = reach.includes(':') && !reach.startsWith('[') ? `[${reach}]` : reach;
  return `${tls ? 'https' : 'http'}://${shown}:${port}`;
}

/** Parses daemon.json's text; null when it is not a daemon info object. */
export function parseDaemonInfo(text: string): DaemonInfo | null {
  try {
    const value: unknown = JSON.parse(text);
    return Value.Check(DaemonInfo, value) ? value : null;
  } catch {
    return null;
  }
}

/** Writes daemon.json (0600, atomically). */
export async function publishDaemonInfo(files: FileStore, info: DaemonInfo): Promise<void> {
  await files.writeAtomic(DAEMON_INFO_FILE, `${JSON.stringify(info)}\n`, { mode: 0o600 });
}

/** Removes daemon.json at a clean exit, unless another daemon has since written its own. */
export async function withdrawDaemonInfo(files: FileStore, instanceId: string): Promise<void> {
  try {
    const bytes = await files.read(DAEMON_INFO_FILE);
    if (bytes === null) return;
    const info = parseDaemonInfo(new TextDecoder().decode(bytes));
    if (info !== null && info.instance_id !== instanceId) return;
    await files.remove(DAEMON_INFO_FILE);
  } catch {
    // a file we cannot read or remove is reported as stale by the CLI
  }
}
