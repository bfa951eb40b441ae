import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { createTestApp } from '../../support/test-app.ts';
import { TEST_CATALOG, appWithCatalog, body, withToken } from './helpers.ts';

type TestApp = Awaited<ReturnType<typeof appWithCatalog>>;

function put(t: TestApp, payload: unknown) {
  return t.request('/api/config', withToken(t.dashboardToken, { method: 'PUT', body: JSON.stringify(payload) }));
}

function toml(t: TestApp, path: string): Record<string, unknown> {
  return parse(t.files.text(path) ?? '') as Record<string, unknown>;
}

const RICH_LOCAL = [
  '[server]',
  'api_key = ""',
  'auto_open_dashboard = true',
  '',
  '[server.rate_limit]',
  'general = 250',
  '',
  '[proxy]',
  'review_timeout_seconds = 120',
  '',
  '[filters.secrets]',
  'enabled = true',
  'extra_patterns = ["AKIA", "ghp_"]',
  '',
  '[filters.allowlists]',
  'paths = ["/tmp/**"]',
  '',
  '[custom]',
  'note = "kept"',
  'when = 2024-05-01',
  'nested = { a = 1, b = [1, 2] }',
  '',
].join('\n');

describe('PUT /api/config: success', () => {
  it('writes to config.toml by default and answers {status, scope, filters_updated, proxy_updated, server_updated, message}', async () => {
    const t = await appWithCatalog();
    const response = await put(t, { filters: [{ id: 'secrets', enabled: false }], proxy: { auto_allow_threshold: 2.5 } });
    expect(response.status).toBe(200);
    const json = await body(response);
    expect(json).toEqual({
      status: 'updated',
      scope: 'local',
      filters_updated: 1,
      proxy_updated: true,
      server_updated: false,
      message: expect.stringMatching(/restart/),
    });
    expect(toml(t, 'config.toml')).toEqual({ filters: { secrets: { enabled: false } }, proxy: { auto_allow_threshold: 2.5 } });
    expect(t.files.text('team-config.toml')).toBeNull();
  });

  it('scope team writes to team-config.toml and leaves config.toml alone', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nreview_timeout_seconds = 60\n' } });
    const before = t.files.text('config.toml');
    const response = await put(t, { scope: 'team', proxy: { auto_deny_threshold: 9 } });
    expect(response.status).toBe(200);
    expect((await body(response)).scope).toBe('team');
    expect(toml(t, 'team-config.toml')).toEqual({ proxy: { auto_deny_threshold: 9 } });
    expect(t.files.text('config.toml')).toBe(before);
  });

  it('scope local written explicitly goes to config.toml', async () => {
    const t = await appWithCatalog();
    expect((await put(t, { scope: 'local', server: { auto_open_dashboard: false } })).status).toBe(200);
    expect(toml(t, 'config.toml')).toEqual({ server: { auto_open_dashboard: false } });
  });

  it('keeps every other key of the file it writes', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': RICH_LOCAL } });
    const before = parse(RICH_LOCAL) as Record<string, Record<string, unknown>>;
    const response = await put(t, {
      filters: [{ id: 'secrets', enabled: false }, { id: 'egress', enabled: false }],
      proxy: { auto_allow_threshold: 1, auto_deny_threshold: 9.5 },
      server: { auto_open_dashboard: false },
    });
    expect(response.status).toBe(200);
    const after = toml(t, 'config.toml') as Record<string, Record<string, unknown>>;
    expect(after.server).toEqual({ ...before.server, auto_open_dashboard: false });
    expect(after.proxy).toEqual({ review_timeout_seconds: 120, auto_allow_threshold: 1, auto_deny_threshold: 9.5 });
    expect(after.filters).toEqual({
      secrets: { enabled: false, extra_patterns: ['AKIA', 'ghp_'] },
      allowlists: { paths: ['/tmp/**'] },
      egress: { enabled: false },
    });
    expect(JSON.parse(JSON.stringify(after.custom))).toEqual(JSON.parse(JSON.stringify(before.custom)));
    expect(t.files.text('config.toml')).toContain('when = 2024-05-01\n');
  });

  it('counts filters_updated and reports which sections changed', async () => {
    const t = await appWithCatalog();
    const json = await body(await put(t, { filters: TEST_CATALOG.map((f) => ({ id: f.id, enabled: false })), server: { auto_open_dashboard: true } }));
    expect(json).toMatchObject({ filters_updated: 3, proxy_updated: false, server_updated: true });
  });

  it('writes the config file owner-only (0600)', async () => {
    const t = await appWithCatalog();
    await put(t, { proxy: { auto_allow_threshold: 2 } });
    expect(t.files.modes.get('config.toml')).toBe(0o600);
  });

  it('GET /api/config shows the written values at once', async () => {
    const t = await appWithCatalog();
    await put(t, { filters: [{ id: 'egress', enabled: false }], proxy: { auto_deny_threshold: 7 } });
    const json = await body(await t.request('/api/config', withToken(t.dashboardToken)));
    expect(json.proxy).toEqual({ auto_allow_threshold: 3, auto_deny_threshold: 7 });
    expect((json.filters as Array<{ id: string; enabled: boolean }>).find((f) => f.id === 'egress')?.enabled).toBe(false);
  });

  it('the running thresholds do not change until restart', async () => {
    const fileStore = createMemoryFileStore();
    const t = await appWithCatalog({ fileStore });
    await put(t, { proxy: { auto_allow_threshold: 1.5, auto_deny_threshold: 6 } });
    expect(t.app.services.config.proxy).toMatchObject({ auto_allow_threshold: 3, auto_deny_threshold: 8 });
    const restarted = await createTestApp({ fileStore });
    expect(restarted.app.services.config.proxy).toMatchObject({ auto_allow_threshold: 1.5, auto_deny_threshold: 6 });
  });

  it('accepts the range ends 0.0 and 10.0', async () => {
    const t = await appWithCatalog();
    expect((await put(t, { proxy: { auto_allow_threshold: 0, auto_deny_threshold: 10 } })).status).toBe(200);
  });

  it('two concurrent writes both land (neither loses the other\'s keys)', async () => {
    const t = await appWithCatalog();
    const [a, b] = await Promise.all([
      put(t, { filters: [{ id: 'secrets', enabled: false }] }),
      put(t, { proxy: { auto_allow_threshold: 2 } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(toml(t, 'config.toml')).toEqual({ filters: { secrets: { enabled: false } }, proxy: { auto_allow_threshold: 2 } });
  });
});

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
    const response = await put(t, payload);
    expect(response.status).toBe(400);
    const json = await body(response);
    expect(json.code).toBe('INVALID_CONFIG');
    expect(json.error).toEqual(expect.any(String));
    expect(t.files.text('config.toml')).toBeNull();
  });

  it('an unknown filter id answers 400 UNKNOWN_FILTERS listing every unknown id', async () => {
    const t = await appWithCatalog();
    const response = await put(t, {
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
    expect((await body(await put(t, { filters: [{ id: 'secrets', enabled: false }] }))).code).toBe('UNKNOWN_FILTERS');
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
    const response = await put(t, { proxy });
    expect(response.status).toBe(400);
    expect((await body(response)).code).toBe('INVALID_PROXY_THRESHOLD');
    expect(t.files.text('config.toml')).toBeNull();
  });

  it('thresholds are checked on the effective result: a team allow above the local deny is refused', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nauto_deny_threshold = 6.0\n' } });
    const response = await put(t, { scope: 'team', proxy: { auto_allow_threshold: 7 } });
    expect(response.status).toBe(400);
    expect((await body(response)).code).toBe('INVALID_PROXY_THRESHOLD');
    expect(t.files.text('team-config.toml')).toBeNull();
  });

  it('thresholds are checked on the effective result: a team value shadowed by a local one is accepted', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nauto_allow_threshold = 2.0\nauto_deny_threshold = 8.0\n' } });
    const response = await put(t, { scope: 'team', proxy: { auto_allow_threshold: 9 } });
    expect(response.status).toBe(200);
  });

  it('a lower deny is accepted when the file already lowers allow below it', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nauto_allow_threshold = 1.0\n' } });
    expect((await put(t, { proxy: { auto_deny_threshold: 2 } })).status).toBe(200);
  });

  it('a target file that no longer parses answers 409 CONFIG_FILE_INVALID and is left as it is', async () => {
    const t = await appWithCatalog();
    t.files.set('config.toml', '[proxy\n# hand-edited');
    const response = await put(t, { proxy: { auto_allow_threshold: 2 } });
    expect(response.status).toBe(409);
    expect((await body(response)).code).toBe('CONFIG_FILE_INVALID');
    expect(t.files.text('config.toml')).toBe('[proxy\n# hand-edited');
  });

  it('a failing write answers 500 CONFIG_WRITE_FAILED and leaves the previous file intact', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': RICH_LOCAL } });
    t.files.store.writeAtomic = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    const response = await put(t, { proxy: { auto_allow_threshold: 2 } });
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
    expect((await put(t, { proxy: { auto_allow_threshold: 2 } })).status).toBe(500);
    t.files.store.writeAtomic = real;
    expect((await put(t, { proxy: { auto_allow_threshold: 2 } })).status).toBe(200);
  });
});
