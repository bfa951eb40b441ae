import { ApiError, api } from './client.ts';
import { PUBLIC_CSRF_VALUE, readToken, writeToken } from './token-store.ts';

export const USED_LINK_MESSAGE = 'this pairing link was already used — run `svc pair` for a new one';

/** What the page knows about its access at start. */
export type Access =
  | { kind: 'paired' }
  | { kind: 'pair-failed'; message: string }
  | { kind: 'unpaired' };

/**
 * Reads `#pair=<code>` and removes it from the address bar at once (so the
 * code never lands in history or a bookmark). Returns the code, or null.
 */
export function takePairCode(): string | null {
  const match = /^#pair=([^&]*)/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, '', location.pathname + location.search);
  return decodeURIComponent(match[1] ?? '');
}

/**
 * Decides the page's access: redeems a pairing code when one was given,
 * keeps a token already held by this tab, or detects a daemon that runs
 * without a dashboard token (`dashboard_auth = false`: sensitive reads open).
 */
export async function establishAccess(code: string | null): Promise<Access> {
  if (code !== null) {
    try {
      const { token } = await api<{ token: string }>('POST', '/api/dashboard/pair', { code });
      writeToken(token);
      return { kind: 'paired' };
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'PAIR_CODE_INVALID' || error.status === 400)) {
        return { kind: 'pair-failed', message: USED_LINK_MESSAGE };
      }
      return { kind: 'pair-failed', message: error instanceof Error ? error.message : String(error) };
    }
  }
  if (readToken() !== null) return { kind: 'paired' };
  if (await authDisabled()) return { kind: 'paired' };
  return { kind: 'unpaired' };
}

/** True when the daemon answers a sensitive read without a token; then writes carry the public CSRF value. */
async function authDisabled(): Promise<boolean> {
  const response = await fetch('/api/config', { cache: 'no-store' });
  await response.body?.cancel();
  if (!response.ok) return false;
  writeToken(PUBLIC_CSRF_VALUE);
  return true;
}
