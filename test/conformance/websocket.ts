import { describe, expect, it } from 'vitest';
import { WebSocket, request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { handshakeStatus } from './raw-handshake.ts';
import { readToken } from './tokens.ts';

/** Opens a socket and resolves with its first message, parsed. */
function firstMessage(url: string, origin: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin } });
    const timer = setTimeout(() => reject(new Error('no first message within 10 s')), 10_000);
    socket.addEventListener('message', (event) => {
      clearTimeout(timer);
      socket.close();
      resolve(JSON.parse(String(event.data)) as Record<string, unknown>);
    });
    socket.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new Error(`WebSocket ${url} failed`));
    });
  });
}

/** `/ws/live` and `/ws/supervisor/{id}`: dashboard token as ?token=, Origin matching Host. */
export function websocketSuite(ctx: ConformanceContext): void {
  const wsBase = () => ctx.baseUrl.replace(/^http/, 'ws');

  describe('WebSockets', () => {
    for (const path of ['/ws/live', '/ws/supervisor/session-1']) {
      it(`${path} with the token and a matching Origin is accepted and greets with instance_id`, async () => {
        const token = await readToken(ctx.configDir, 'dashboard.token');
        const hello = await firstMessage(`${wsBase()}${path}?token=${token}`, ctx.baseUrl);
        expect(hello.instance_id).toMatch(/^[0-9a-f-]{36}$/);
        const health = (await (await request(`${ctx.baseUrl}/api/health`)).body.json()) as { instance_id: string };
        expect(hello.instance_id).toBe(health.instance_id);
      });

      it(`${path} with a wrong token is refused 401`, async () => {
        expect(await handshakeStatus(ctx.baseUrl, `${path}?token=${'0'.repeat(64)}`, { Origin: ctx.baseUrl })).toBe(401);
      });

      it(`${path} without a token is refused 401`, async () => {
        expect(await handshakeStatus(ctx.baseUrl, path, { Origin: ctx.baseUrl })).toBe(401);
      });

      it(`${path} with a foreign Origin is refused 403`, async () => {
        const token = await readToken(ctx.configDir, 'dashboard.token');
        expect(await handshakeStatus(ctx.baseUrl, `${path}?token=${token}`, { Origin: 'http://evil.example' })).toBe(403);
      });

      it(`${path} without an Origin is refused 403`, async () => {
        const token = await readToken(ctx.configDir, 'dashboard.token');
        expect(await handshakeStatus(ctx.baseUrl, `${path}?token=${token}`)).toBe(403);
      });
    }

    it('a plain HTTP request to a WebSocket endpoint answers 426 UPGRADE_REQUIRED with Upgrade: websocket, not 404', async () => {
      const token = await readToken(ctx.configDir, 'dashboard.token');
      for (const [method, path] of [['GET', '/ws/live'], ['GET', `/ws/supervisor/session-1?token=${token}`], ['POST', '/ws/live']] as const) {
        const response = await request(`${ctx.baseUrl}${path}`, { method });
        const body = (await response.body.json()) as { code: string };
        expect([response.statusCode, body.code, response.headers.upgrade], `${method} ${path}`).toEqual([426, 'UPGRADE_REQUIRED', 'websocket']);
      }
      const elsewhere = await request(`${ctx.baseUrl}/ws/other`);
      await elsewhere.body.dump();
      expect(elsewhere.statusCode).toBe(404);
    });

    it('a /ws/supervisor/{id} whose id is a malformed escape or outside the id alphabet is refused 400, never a 5xx', async () => {
      const token = await readToken(ctx.configDir, 'dashboard.token');
      for (const id of ['%E0%A4%A', '%', 'a%20b']) {
        expect(await handshakeStatus(ctx.baseUrl, `/ws/supervisor/${id}?token=${token}`, { Origin: ctx.baseUrl }), id).toBe(400);
      }
    });
  });
}
