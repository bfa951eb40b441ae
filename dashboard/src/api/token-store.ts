/** The dashboard token, kept in sessionStorage for this tab only; cleared on sign out. */
const KEY = 'svc.dashboard.token';

/** The public CSRF value the daemon accepts when it runs without a dashboard token. */
export const PUBLIC_CSRF_VALUE = 'svc-dashboard';

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(KEY);
}
