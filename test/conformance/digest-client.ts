/**
 * An HTTP and WebSocket client for the digest conformance suite: reads the
 * tokens from a config dir and drives the routes with undici.
 */
import { WebSocket, request } from 'undici';
import { readToken } from './tokens.ts';

export type Json = Record<string, any>;

/** A call the shipped rules queue (a write to a shell start-up file scores 6.5). */
export const QUEUED_CALL = { type: 'FileWrite', path: '/home/dev/.bashrc', content_hash: 'c0ffee' } as const;
/** A sensitive read the shipped rules queue; it also contains the session. */
export const SENSITIVE_READ = { type: 'FileRead', path: '/home/dev/.aws/credentials' } as const;

/** Binds a client to one running daemon; `always` headers go with every request (e.g. x-svc-api-key). */
export async function digestClient(baseUrl: string, configDir: string, always: Record<string, string> = {}) {
  const dashboard = await readToken(configDir, 'dashboard.token');
  const daemon = await readToken(configDir, 'daemon.token');
  async function call(method: 'GET' | 'POST', path: string, own: Record<string, string>, body?: unknown) {
    const headers = { ...always, ...own };
    const response = await request(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: (text ? JSON.parse(text) : null) as Json };
  }
  const bearer = { authorization: `Bearer ${daemon}` };
  const csrf = { 'x-svc-csrf': dashboard };
  return {
    dashboard,
    get: (path: string, auth = true) => call('GET', path, auth ? csrf : {}),
    post: (path: string, body?: unknown, auth = true) => call('POST', path, auth ? csrf : {}, body),
    ipcGet: (path: string) => call('GET', path, bearer),
    ipcPost: (path: string, body?: unknown) => call('POST', path, bearer, body),
    /** POST /api/ipc/... without credentials, or a self-proof route. */
    bare: (path: string, body?: unknown) => call('POST', path, {}, body),
    /** Evaluates a call through the daemon route; returns the response body. */
    async evaluate(toolCall: object, extra: Json = {}): Promise<Json> {
      const res = await call('POST', '/api/proxy/evaluate', bearer, { tool_call: toolCall, ...extra });
      if (res.status !== 200) throw new Error(`POST /api/proxy/evaluate answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    /** Files a queued item through /api/proxy/evaluate; returns its digest id. */
    async queue(sessionId: string, toolCall: object = QUEUED_CALL, extra: Json = {}): Promise<string> {
      const res = await this.evaluate(toolCall, { session_id: sessionId, ...extra });
      if (typeof res.digest_id !== 'string') throw new Error(`expected a queue decision, got ${JSON.stringify(res)}`);
      return res.digest_id;
    },
    /** Opens a socket and records its events (after the greeting). */
    async listen(path: string) {
      const url = `${baseUrl.replace(/^http/, 'ws')}${path}?token=${dashboard}`;
      const socket = new WebSocket(url, { headers: { origin: baseUrl } });
      const events: Json[] = [];
      const waiters: Array<() => void> = [];
      await new Promise<void>((resolve, reject) => {
        socket.addEventListener('message', (event) => {
          const parsed = JSON.parse(String(event.data)) as Json;
          if (parsed.type === 'hello') return resolve();
          events.push(parsed);
          for (const wake of waiters.splice(0)) wake();
        });
        socket.addEventListener('error', () => reject(new Error(`WebSocket ${path} failed`)));
      });
      return {
        events,
        /** Resolves with the first event matching `match`, waiting up to 10 s. */
        async next(match: (event: Json) => boolean): Promise<Json> {
          const deadline = Date.now() + 10_000;
          for (;;) {
            const found = events.find(match);
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no matching event on ${path}; got ${JSON.stringify(events)}`);
            await new Promise<void>((resolve) => {
              waiters.push(resolve);
              setTimeout(resolve, 200);
            });
          }
        },
        close: () => socket.close(),
      };
    },
  };
}

export type DigestClient = Awaited<ReturnType<typeof digestClient>>;
