import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

/**
 * Localhost-only needs a non-loopback peer, which a loopback socket cannot
 * produce; the hosts pass the socket's address as `conn.remoteAddress`, so the
 * rule is pinned here in-process (the host conformance suites pin the rest).
 */
describe('localhost-only guard', () => {
  it('a non-loopback peer gets 403 LOCALHOST_ONLY before any handler runs', async () => {
    const { request } = await createTestApp();
    for (const path of ['/api/health', '/api/no-such-route']) {
      const response = await request(path, { conn: { remoteAddress: '192.0.2.7' } });
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('LOCALHOST_ONLY');
    }
  });

  it('loopback peers pass: 127.0.0.0/8, ::1 and IPv4-mapped loopback', async () => {
    const { request } = await createTestApp();
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await request('/api/health', { conn: { remoteAddress } })).status, remoteAddress).toBe(200);
    }
  });

  it('an empty peer address (a host that could not tell) is refused', async () => {
    const { request } = await createTestApp();
    expect((await request('/api/health', { conn: { remoteAddress: '' } })).status).toBe(403);
  });

  it('a WebSocket handshake from a non-loopback peer is refused 403 LOCALHOST_ONLY', async () => {
    const { app, dashboardToken } = await createTestApp();
    const result = await app.upgrade(
      new Request(`http://127.0.0.1:3141/ws/live?token=${dashboardToken}`, {
        headers: { host: '127.0.0.1:3141', origin: 'http://127.0.0.1:3141', upgrade: 'websocket', connection: 'Upgrade' },
      }),
      { remoteAddress: '203.0.113.9' },
    );
    expect(result.accepted).toBe(false);
    if (!result.accepted) expect(result.response.status).toBe(403);
  });

  it('with localhost_only = false and an API key, a remote peer with the key is served', async () => {
    const { request } = await createTestApp({ files: { 'config.toml': '[server]\nlocalhost_only = false\nrequire_api_key = true\napi_key = "k-123"\n' } });
    const response = await request('/api/health', { conn: { remoteAddress: '192.0.2.7' }, headers: { 'x-svc-api-key': 'k-123' } });
    expect(response.status).toBe(200);
  });
});
