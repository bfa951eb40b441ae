import type { Deps } from '../deps.ts';
import { toHex } from './hex.ts';

export const DAEMON_TOKEN_FILE = 'daemon.token';
export const DASHBOARD_TOKEN_FILE = 'dashboard.token';

/** The two secrets held in token files. */
export interface Tokens {
  /** Regenerated at every start. */
  daemon: string;
  /** Stable until its file is deleted; null when `[server] dashboard_auth = false`. */
  dashboard: string | null;
}

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

async function writeSecret(deps: Deps, path: string, value: string): Promise<void> {
  await deps.files.writeAtomic(path, `${value}\n`, { mode: 0o600 });
}

/**
 * Writes a fresh daemon token and reads (or creates) the dashboard token.
 * A dashboard token file that does not hold a well-formed token is replaced.
 */
export async function initTokens(deps: Deps, dashboardAuth: boolean): Promise<Tokens> {
  const daemon = toHex(deps.random.bytes(32));
  await writeSecret(deps, DAEMON_TOKEN_FILE, daemon);
  if (!dashboardAuth) return { daemon, dashboard: null };
  const existing = await deps.files.read(DASHBOARD_TOKEN_FILE);
  const text = existing === null ? '' : new TextDecoder().decode(existing).trim();
  if (TOKEN_PATTERN.test(text)) return { daemon, dashboard: text };
  const dashboard = toHex(deps.random.bytes(32));
  await writeSecret(deps, DASHBOARD_TOKEN_FILE, dashboard);
  return { daemon, dashboard };
}
