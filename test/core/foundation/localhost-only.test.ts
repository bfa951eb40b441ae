import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { body } from './helpers.ts';

const REMOTE = { remoteAddress: '10.0.0.5' };

describe('localhost-only guard', () => {
  it('a non-loopback peer gets 403 LOCALHOST_ONLY', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { conn: REMOTE });
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({ code: 'LOCALHOST_ONLY', error: expect.any(String) });
  });

  it('a non-loopback peer gets 403 LOCALHOST_ONLY even on an unknown route', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/does-not-exist', { conn: REMOTE });
    expect(response.status).toBe(403);
    expect((await body(response)).code).toBe('LOCALHOST_ONLY');
  });

  it('a non-loopback peer is refused before the Host check, CORS preflight and API key', async () => {
    const t = await createTestApp({ files: { 'config.toml': '[server]\nrequire_api_key = true\napi_key = "k"\n' } });
    const badHost = await t.request('/api/health', { conn: REMOTE, headers: { host: 'evil.example' } });
    expect((await body(badHost)).code).toBe('LOCALHOST_ONLY');
    const preflight = await t.request('/api/config', {
      method: 'OPTIONS',
      conn: REMOTE,
      headers: { origin: 'http://127.0.0.1:3141', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(403);
    expect((await body(preflight)).code).toBe('LOCALHOST_ONLY');
  });

  it('a non-loopback peer never reaches a handler (a valid shutdown request does nothing)', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/server/shutdown', {
      method: 'POST',
      conn: REMOTE,
      headers: { authorization: `Bearer ${t.daemonToken}` },
    });
    expect(response.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(t.shutdownRequested()).toBe(false);
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('the loopback peer %s is accepted', async (address) => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { conn: { remoteAddress: address } });
    expect(response.status).toBe(200);
  });

  it.each(['::ffff:10.0.0.5', '192.168.1.10', 'fe80::1'])('the non-loopback peer %s is refused', async (address) => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { conn: { remoteAddress: address } });
    expect(response.status).toBe(403);
  });

  it('with localhost_only = false and an API key, a remote peer with the key is served', async () => {
    const t = await createTestApp({
      files: { 'config.toml': '[server]\nlocalhost_only = false\nrequire_api_key = true\napi_key = "remote-key"\n' },
    });
    const ok = await t.request('/api/health', { conn: REMOTE, headers: { 'x-svc-api-key': 'remote-key' } });
    expect(ok.status).toBe(200);
    const refused = await t.request('/api/health', { conn: REMOTE });
    expect(refused.status).toBe(401);
    expect((await body(refused)).code).toBe('API_KEY_REQUIRED');
  });
});
