import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { body } from './helpers.ts';

describe('Host header (DNS-rebinding defence)', () => {
  it.each(['evil.example:3141', 'evil.example', '127.0.0.1:8080', '127.0.0.1', '10.0.0.5:3141', 'localhost.evil.example:3141'])(
    'a Host of %s is refused with 403 HOST_NOT_ALLOWED',
    async (host) => {
      const t = await createTestApp();
      const response = await t.request('/api/health', { headers: { host } });
      expect(response.status).toBe(403);
      expect((await body(response)).code).toBe('HOST_NOT_ALLOWED');
    },
  );

  it.each(['127.0.0.1:3141', 'localhost:3141', 'LOCALHOST:3141', '[::1]:3141', '127.0.0.2:3141'])(
    'a loopback Host of %s with the served port is accepted',
    async (host) => {
      const t = await createTestApp();
      const response = await t.request('/api/health', { headers: { host } });
      expect(response.status).toBe(200);
    },
  );

  it('a Host refusal comes before routing (an unknown route is 403, not 404)', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/nope', { headers: { host: 'evil.example:3141' } });
    expect(response.status).toBe(403);
  });

  it('a Host refusal comes before any handler (shutdown with a valid bearer does nothing)', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/server/shutdown', {
      method: 'POST',
      headers: { host: 'evil.example:3141', authorization: `Bearer ${t.daemonToken}` },
    });
    expect(response.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(t.shutdownRequested()).toBe(false);
  });

  it('a daemon bound to a non-loopback address accepts only that address as Host', async () => {
    const t = await createTestApp({
      files: { 'config.toml': '[server]\nlocalhost_only = false\nrequire_api_key = true\napi_key = "k"\n' },
      deps: { server: { host: '192.168.1.20', port: 3141, tls: false } },
    });
    const key = { 'x-svc-api-key': 'k' };
    expect((await t.request('/api/health', { headers: { ...key, host: '192.168.1.20:3141' } })).status).toBe(200);
    expect((await t.request('/api/health', { headers: { ...key, host: 'localhost:3141' } })).status).toBe(403);
  });

  it.each(['0.0.0.0', '::'])(
    'a daemon bound to the wildcard %s answers Hosts that are loopback names or IP literals with its port (daemon.json names 127.0.0.1), never a domain name',
    async (bind) => {
      const t = await createTestApp({ deps: { server: { host: bind, port: 3141, tls: false } } });
      for (const host of ['127.0.0.1:3141', 'localhost:3141', '[::1]:3141', '0.0.0.0:3141', '192.168.1.20:3141', '[fe80::1]:3141', '[::]:3141']) {
        expect((await t.request('/api/health', { headers: { host } })).status, host).toBe(200);
      }
      for (const host of ['evil.example:3141', 'localhost.evil.example:3141', '127.0.0.1:8080', '1.2.3.4.evil.example:3141']) {
        const response = await t.request('/api/health', { headers: { host } });
        expect([response.status, (await body(response)).code], host).toEqual([403, 'HOST_NOT_ALLOWED']);
      }
    },
  );
});
