import { clearToken, readToken } from './token-store.ts';

/** A non-2xx answer from the daemon: its status and its `{error, code, ...}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();

/** Called when the daemon refuses the token (rotated, or another daemon): the tab must pair again. */
export function onTokenRefused(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

async function parseBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  return response.text();
}

/**
 * One call to the daemon's API: sends the dashboard token as `x-svc-csrf` on
 * every request, JSON in and out; throws `ApiError` for any non-2xx answer.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token !== null) headers['x-svc-csrf'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'omit',
    cache: 'no-store',
  });
  if (response.status === 204) return undefined as T;
  const parsed = await parseBody(response);
  if (!response.ok) {
    const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    const code = typeof record.code === 'string' ? record.code : `HTTP_${response.status}`;
    const message = typeof record.error === 'string' ? record.error : `${method} ${path} answered ${response.status}`;
    if (response.status === 401 && code === 'DASHBOARD_AUTH_REQUIRED' && token !== null) {
      clearToken();
      for (const listener of signedOutListeners) listener();
    }
    throw new ApiError(response.status, code, message, record);
  }
  return parsed as T;
}

/** GET returning the raw text (CSV export). */
export async function apiText(path: string): Promise<string> {
  const token = readToken();
  const response = await fetch(path, { headers: token === null ? {} : { 'x-svc-csrf': token }, cache: 'no-store' });
  if (!response.ok) {
    const parsed = await parseBody(response);
    const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    throw new ApiError(response.status, String(record.code ?? `HTTP_${response.status}`), String(record.error ?? response.statusText), record);
  }
  return response.text();
}

/** A short sentence for an error, for the page. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}
