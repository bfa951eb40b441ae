import { describe, expect, it } from 'vitest';
import { RICH_LOCAL, appWithCatalog, body, putConfig, withToken } from './helpers.ts';

describe('PUT /api/config: refusals', () => {
  it.each([
    ['an unknown top-level field', { foo: 1 }],
    ['an unknown proxy field', { proxy: { review_timeout_seconds: 10 } }],
    ['an unknown server field', { server: { localhost_only: false } }],
    ['server.require_api_key', { server: { auto_open_dashboard: true, require_api_key: false } }],
    ['a filter entry with an extra key', { filters: [{ id: 'secrets', enabled: true, weight: 2 }] }],
    ['a filter entry without enabled', { filters: [{ id: 'secrets' }] }],
    ['a non-boolean enabled', { filters: [{ id: 'secrets', enabled: 'no' }] }],
    ['filters as a map', { filters: { secrets: false } }],
    ['a string threshold', { proxy: { auto_allow_threshold: '2' } }],
    ['a non-boolean auto_open_dashboard', { server: { auto_open_dashboard: 1 } }],
    ['an unknown scope', { scope: 'global', proxy: { auto_allow_threshold: 2 } }],
    ['an empty body object', {}],
    ['only a scope', { scope: 'team' }],
    ['an empty proxy object', { proxy: {} }],
    ['an empty filters list alone', { filters: [] }],
    ['a repeated filter id', { filters: [{ id: 'secrets', enabled: true }, { id: 'secrets', enabled: false }] }],
    ['a JSON array', [{ id: 'secrets', enabled: true }]],
    ['null', null],
  ])('%s answers 400 INVALID_CONFIG and writes nothing', async (_name, payload) => {
    const t = await appWithCatalog();
    const response = await putConfig(t, payload);
    expect(response.status).toBe(400);
    const json = await body(response);
    expect(json.code).toBe('INVALID_CONFIG');
    expect(json.error).toEqual(expect.any(String));
    expect(t.files.text('config.toml')).toBeNull();
  });

  it('an unknown filter id answers 400 UNKNOWN_FILTERS listing every unknown id', async () => {
    const t = await appWithCatalog();
    const response = await putConfig(t, {
      filters: [{ id: 'secrets', enabled: false }, { id: 'ghost', enabled: false }, { id: 'phantom', enabled: true }],
    });
    expect(response.status).toBe(400);
    const json = await body(response);
    expect(json.code).toBe('UNKNOWN_FILTERS');
    expect(json.unknown).toEqual(['ghost', 'phantom']);
    expect(json.error).toContain('ghost');
    expect(t.files.text('config.toml')).toBeNull();
  });

  it('a filter id is unknown when the proxy has registered no filters', async () => {
    const t = await appWithCatalog();
    t.app.services.filterCatalog = () => [];
    expect((await body(await putConfig(t, { filters: [{ id: 'secrets', enabled: false }] }))).code).toBe('UNKNOWN_FILTERS');
  });

  it.each([
    ['allow below 0.0', { auto_allow_threshold: -0.1 }],
    ['deny above 10.0', { auto_deny_threshold: 10.1 }],
    ['allow above 10.0', { auto_allow_threshold: 11, auto_deny_threshold: 12 }],
    ['allow equal to deny', { auto_allow_threshold: 5, auto_deny_threshold: 5 }],
    ['allow above deny', { auto_allow_threshold: 6, auto_deny_threshold: 4 }],
    ['allow at the default deny (8.0)', { auto_allow_threshold: 8 }],
    ['deny at the default allow (3.0)', { auto_deny_threshold: 3 }],
  ])('%s answers 400 INVALID_PROXY_THRESHOLD and writes nothing', async (_name, proxy) => {
    const t = await appWithCatalog();
    const response = await putConfig(t, { proxy });
    expect(response.status).toBe(400);
    expect((await body(response)).code).toBe('INVALID_PROXY_THRESHOLD');
    expect(t.files.text('config.toml')).toBeNull();
  });

  it('thresholds are checked on the effective result: a team allow above the local deny is refused', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nauto_deny_threshold = 6.0\n' } });
    const response = await putConfig(t, { scope: 'team', proxy: { auto_allow_threshold: 7 } });
    expect(response.status).toBe(400);
    expect((await body(response)).code).toBe('INVALID_PROXY_THRESHOLD');
    expect(t.files.text('team-config.toml')).toBeNull();
  });

  it('thresholds are checked on the effective result: a team value shadowed by a local one is accepted', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nauto_allow_threshold = 2.0\nauto_deny_threshold = 8.0\n' } });
    const response = await putConfig(t, { scope: 'team', proxy: { auto_allow_threshold: 9 } });
    expect(response.status).toBe(200);
  });

  it('a lower deny is accepted when the file already lowers allow below it', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nauto_allow_threshold = 1.0\n' } });
    expect((await putConfig(t, { proxy: { auto_deny_threshold: 2 } })).status).toBe(200);
  });

  it('a target file that no longer parses answers 409 CONFIG_FILE_INVALID and is left as it is', async () => {
    const t = await appWithCatalog();
    t.files.set('config.toml', '[proxy\n# hand-edited');
    const response = await putConfig(t, { proxy: { auto_allow_threshold: 2 } });
    expect(response.status).toBe(409);
    expect((await body(response)).code).toBe('CONFIG_FILE_INVALID');
    expect(t.files.text('config.toml')).toBe('[proxy\n# hand-edited');
  });

  it('a failing write answers 500 CONFIG_WRITE_FAILED and leaves the previous file intact', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': RICH_LOCAL } });
    t.files.store.writeAtomic = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    const response = await putConfig(t, { proxy: { auto_allow_threshold: 2 } });
    expect(response.status).toBe(500);
    const json = await body(response);
    expect(json.code).toBe('CONFIG_WRITE_FAILED');
    expect(json.error).not.toContain('ENOSPC');
    expect(t.files.text('config.toml')).toBe(RICH_LOCAL);
    const get = await body(await t.request('/api/config', withToken(t.dashboardToken)));
    expect(get.proxy).toEqual({ auto_allow_threshold: 3, auto_deny_threshold: 8 });
  });

  it('a write after a failed write still succeeds', async () => {
    const t = await appWithCatalog();
    const real = t.files.store.writeAtomic;
    t.files.store.writeAtomic = async () => {
      throw new Error('EIO');
    };
    expect((await putConfig(t, { proxy: { auto_allow_threshold: 2 } })).status).toBe(500);
    t.files.store.writeAtomic = real;
    expect((await putConfig(t, { proxy: { auto_allow_threshold: 2 } })).status).toBe(200);
  });
});
