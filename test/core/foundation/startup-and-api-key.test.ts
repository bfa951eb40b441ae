import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../core/config/load-config.ts';
import { createTestApp } from '../../support/test-app.ts';
import { body } from './helpers.ts';

describe('startup refusal', () => {
  it('localhost_only = false without require_api_key refuses to start', async () => {
    await expect(createTestApp({ files: { 'config.toml': '[server]\nlocalhost_only = false\n' } })).rejects.toThrow(
      ConfigError,
    );
  });

  it('localhost_only = false with require_api_key but no api_key refuses to start', async () => {
    await expect(
      createTestApp({ files: { 'config.toml': '[server]\nlocalhost_only = false\nrequire_api_key = true\n' } }),
    ).rejects.toThrow(/api_key/);
  });

  it('localhost_only = false set in team-config.toml also refuses to start', async () => {
    await expect(createTestApp({ files: { 'team-config.toml': '[server]\nlocalhost_only = false\n' } })).rejects.toThrow(
      ConfigError,
    );
  });

  it('a config file that is not TOML refuses to start', async () => {
    await expect(createTestApp({ files: { 'config.toml': '[server\nnot toml' } })).rejects.toThrow(ConfigError);
  });

  it('thresholds with allow at or above deny refuse to start', async () => {
    await expect(
      createTestApp({ files: { 'config.toml': '[proxy]\nauto_allow_threshold = 8.0\nauto_deny_threshold = 8.0\n' } }),
    ).rejects.toThrow(ConfigError);
  });
});

describe('API key', () => {
  const files = { 'config.toml': '[server]\nrequire_api_key = true\napi_key = "s3cret-key"\n' };

  it('require_api_key = true refuses a request without x-svc-api-key with 401 API_KEY_REQUIRED', async () => {
    const t = await createTestApp({ files });
    const response = await t.request('/api/health');
    expect(response.status).toBe(401);
    expect((await body(response)).code).toBe('API_KEY_REQUIRED');
  });

  it('require_api_key = true refuses a wrong x-svc-api-key', async () => {
    const t = await createTestApp({ files });
    const response = await t.request('/api/health', { headers: { 'x-svc-api-key': 's3cret-kez' } });
    expect(response.status).toBe(401);
  });

  it('require_api_key = true accepts the right x-svc-api-key', async () => {
    const t = await createTestApp({ files });
    const response = await t.request('/api/health', { headers: { 'x-svc-api-key': 's3cret-key' } });
    expect(response.status).toBe(200);
  });

  it('the API key is checked before routing (an unknown route without the key is 401, not 404)', async () => {
    const t = await createTestApp({ files });
    const response = await t.request('/api/nope');
    expect(response.status).toBe(401);
  });

  it('a CORS preflight needs no API key', async () => {
    const t = await createTestApp({ files });
    const response = await t.request('/api/health', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:3141', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
  });

  it('without require_api_key no key is needed', async () => {
    const t = await createTestApp();
    expect((await t.request('/api/health')).status).toBe(200);
  });
});
