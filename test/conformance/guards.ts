import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';

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
    });
  });
}
