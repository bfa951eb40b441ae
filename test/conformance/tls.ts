import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { handshakeStatus } from './raw-handshake.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/tls');

async function tlsFiles(): Promise<Record<string, string>> {
  return {
    'config.toml': '[server.tls]\ncert = "tls/cert.pem"\nkey = "tls/key.pem"\n',
    'tls/cert.pem': await readFile(`${FIXTURES}/cert.pem`, 'utf8'),
    'tls/key.pem': await readFile(`${FIXTURES}/key.pem`, 'utf8'),
  };
}

/** Native TLS under `[server.tls]` (paths relative to the config dir). */
export function tlsSuite(ctx: ConformanceContext): void {
  describe.runIf(ctx.capabilities.tls)('native TLS', () => {
    it('with [server.tls] the host serves https with the configured certificate', async () => {
      const host = await ctx.launch({ files: await tlsFiles() });
      const trusting = new Agent({ connect: { ca: await readFile(`${FIXTURES}/cert.pem`, 'utf8') } });
      try {
        expect(host.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
        const response = await request(`${host.baseUrl}/api/health`, { dispatcher: trusting });
        expect(response.statusCode).toBe(200);
        expect(((await response.body.json()) as Record<string, unknown>).status).toBe('healthy');
        const preflight = await request(`${host.baseUrl}/api/health`, {
          dispatcher: trusting,
          method: 'OPTIONS',
          headers: { origin: host.baseUrl, 'access-control-request-method': 'GET' },
        });
        await preflight.body.dump();
        expect(preflight.statusCode, 'the allowed origin is the https one').toBe(204);
        expect(await handshakeStatus(host.baseUrl, '/ws/live', { Origin: host.baseUrl }), 'wss handshake reaches core').toBe(401);
      } finally {
        await trusting.close();
        expect(await host.stop()).toBe(0);
      }
    }, HOST_STARTS_MS);
  });

  describe.runIf(!ctx.capabilities.tls)('without native TLS', () => {
    it('with [server.tls] set the host refuses to start rather than serve plain HTTP', async () => {
      const failed = await ctx.launch({ files: await tlsFiles() }).then(
        async (host) => {
          await host.stop('SIGKILL');
          return null;
        },
        (error: { code?: number | null; stderr?: string }) => error,
      );
      expect(failed, 'the host started').not.toBeNull();
      expect(failed!.code).not.toBe(0);
      expect(failed!.stderr).toMatch(/tls/i);
    }, HOST_STARTS_MS);
  });
}
