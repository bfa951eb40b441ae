import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

const FOUR_HEADERS = ['content-type', 'authorization', 'x-svc-api-key', 'x-svc-csrf'];

/** The guards every request passes: Host (DNS rebinding), CORS, localhost-only. */
export function guardsSuite(ctx: ConformanceContext): void {
  const port = () => new URL(ctx.baseUrl).port;

  describe('Host header', () => {
    it('a Host that does not name the daemon is refused 403 HOST_NOT_ALLOWED', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`, { headers: { host: `evil.example:${port()}` } });
      expect(response.statusCode).toBe(403);
      expect(((await response.body.json()) as Record<string, unknown>).code).toBe('HOST_NOT_ALLOWED');
    });

    it('a loopback Host on another port is refused', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`, { headers: { host: '127.0.0.1:1' } });
      expect(response.statusCode).toBe(403);
      await response.body.dump();
    });

    it('localhost with the right port is accepted', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`, { headers: { host: `localhost:${port()}` } });
      expect(response.statusCode).toBe(200);
      await response.body.dump();
    });
  });

  describe('CORS', () => {
    it('a preflight from the one allowed origin answers 204 with the four request headers', async () => {
      const response = await request(`${ctx.baseUrl}/api/config`, {
        method: 'OPTIONS',
        headers: { origin: ctx.baseUrl, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type, x-svc-csrf' },
      });
      expect(response.statusCode).toBe(204);
      await response.body.dump();
      expect(response.headers['access-control-allow-origin']).toBe(ctx.baseUrl);
      const allowed = String(response.headers['access-control-allow-headers']).split(',').map((h) => h.trim().toLowerCase());
      expect(allowed.sort()).toEqual([...FOUR_HEADERS].sort());
      expect(String(response.headers['access-control-allow-methods'])).toContain('PUT');
      expect(response.headers.vary, 'Vary names Origin once').toBe('Origin');
    });

    it('a preflight from any other origin is refused without allow headers', async () => {
      const response = await request(`${ctx.baseUrl}/api/config`, {
        method: 'OPTIONS',
        headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT' },
      });
      expect(response.statusCode).toBe(403);
      await response.body.dump();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('a simple request from the allowed origin carries Access-Control-Allow-Origin', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`, { headers: { origin: ctx.baseUrl } });
      await response.body.dump();
      expect(response.headers['access-control-allow-origin']).toBe(ctx.baseUrl);
    });
  });

  describe('rate buckets', () => {
    /** Sends `count` requests at once; resolves with each answer's status, code and Retry-After. */
    async function burst(count: number, url: string, init: Parameters<typeof request>[1]) {
      return Promise.all(Array.from({ length: count }, async () => {
        const response = await request(url, init);
        const body = (await response.body.json()) as { code?: string };
        return { status: response.statusCode, code: body.code, retryAfter: response.headers['retry-after'] };
      }));
    }

    it('General, Write and ProxyTest answer 429 RATE_LIMITED with Retry-After past their [server.rate_limit] rate; refused credentials spend nothing', async () => {
      const host = await ctx.launch({ files: { 'config.toml': '[server.rate_limit]\ngeneral = 4\nwrite = 2\nproxy_test = 3\n' } });
      try {
        const csrf = await readToken(host.configDir, 'dashboard.token');
        const json = { 'content-type': 'application/json', 'x-svc-csrf': csrf };
        // The Workers harness reads /api/health once before its ready line: let that request leave the window.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        // Unauthenticated: 401/403 every time, whatever the count, and no quota spent...
        const refused = [
          ...(await burst(12, `${host.baseUrl}/api/digest`, {})),
          ...(await burst(12, `${host.baseUrl}/api/canaries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })),
          ...(await burst(12, `${host.baseUrl}/api/proxy/test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })),
        ];
        expect(refused.map((r) => r.code).filter((code) => code === 'RATE_LIMITED')).toEqual([]);
        // ...so the bucket's rate in authenticated requests right after is admitted (a slow machine only admits more).
        expect((await burst(4, `${host.baseUrl}/api/digest`, { headers: { 'x-svc-csrf': csrf } })).map((r) => r.status)).toEqual([200, 200, 200, 200]);
        const general = await burst(12, `${host.baseUrl}/api/health`, {});
        const write = await burst(12, `${host.baseUrl}/api/canaries`, { method: 'POST', headers: json, body: '{"label":""}' });
        const proxyTest = await burst(12, `${host.baseUrl}/api/proxy/test`, { method: 'POST', headers: json, body: '{"tool_call":{"type":"FileRead","path":"/tmp/x"}}' });
        for (const [name, answers, otherwise] of [['general', general, 200], ['write', write, 400], ['proxy-test', proxyTest, 200]] as const) {
          const limited = answers.filter((a) => a.status === 429);
          expect(limited.length, name).toBeGreaterThan(0);
          for (const answer of limited) {
            expect(answer.code, name).toBe('RATE_LIMITED');
            expect(Number(answer.retryAfter), name).toBeGreaterThanOrEqual(1);
          }
          expect(answers.filter((a) => a.status !== 429).every((a) => a.status === otherwise), name).toBe(true);
        }
      } finally {
        await host.stop();
      }
    }, HOST_STARTS_MS);
  });

  describe('localhost-only', () => {
    it('a loopback peer passes with localhost_only on (the default)', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`);
      expect(response.statusCode).toBe(200);
      await response.body.dump();
    });

    it('the host refuses to start with localhost_only = false and no require_api_key', async () => {
      const failed = await ctx.launch({ files: { 'config.toml': '[server]\nlocalhost_only = false\n' } }).then(
        async (host) => {
          await host.stop('SIGKILL');
          return null;
        },
        (error: { code?: number | null; stderr?: string }) => error,
      );
      expect(failed, 'the host started').not.toBeNull();
      expect(failed!.code).not.toBe(0);
      expect(failed!.stderr).toMatch(/localhost_only = false requires server\.require_api_key/);
    }, HOST_STARTS_MS);
  });
}
