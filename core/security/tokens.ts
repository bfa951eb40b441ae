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

/** Visible ASCII, spaces inside only: what an `x-svc-csrf` header carries unchanged. */
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * A generated token file holds the token alone, no final newline: its bytes are
 * the header value as they are, for a client that sends the file unchanged.
 */
async function writeSecret(deps: Deps, path: string, value: string): Promise<void> {
  await deps.files.writeAtomic(path, value, { mode: 0o600 });
}

/**
 * A dashboard token file's token: its content without one final newline, or
 * null when that is empty. Throws (the daemon does not start) for content a
 * header cannot carry as it is, so a file a user or an installer wrote is
 * never silently replaced.
 */
export function dashboardTokenOf(bytes: Uint8Array | null): string | null {
  if (bytes === null) return null;
  const text = new TextDecoder().decode(bytes).replace(/\r?\n$/, '');
  if (text.trim() === '') return null;
  if (!PRINTABLE.test(text)) {
    throw new Error(`${DASHBOARD_TOKEN_FILE} must hold printable ASCII without leading or trailing spaces (delete it to get a generated one)`);
  }
  return text;
}

/**
 * Writes a fresh daemon token and reads the dashboard token: an existing
 * non-empty file is used as it is and never rewritten; only an absent or
 * empty file gets a generated one.
 */
export async function initTokens(deps: Deps, dashboardAuth: boolean): Promise<Tokens> {
  const daemon = toHex(deps.random.bytes(32));
  await writeSecret(deps, DAEMON_TOKEN_FILE, daemon);
  if (!dashboardAuth) return { daemon, dashboard: null };
  const existing = dashboardTokenOf(await deps.files.read(DASHBOARD_TOKEN_FILE));
  if (existing !== null) return { daemon, dashboard: existing };
  const dashboard = toHex(deps.random.bytes(32));
  await writeSecret(deps, DASHBOARD_TOKEN_FILE, dashboard);
  return { daemon, dashboard };
}
