import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { createTestApp } from '../../support/test-app.ts';
import { RICH_LOCAL, TEST_CATALOG, appWithCatalog, body, putConfig, tomlFile, withToken } from './helpers.ts';

describe('PUT /api/config: success', () => {
  it('writes to config.toml by default and answers {status, scope, filters_updated, proxy_updated, server_updated, message}', async () => {
    const t = await appWithCatalog();
    const response = await putConfig(t, { filters: [{ id: 'secrets', enabled: false }], proxy: { auto_allow_threshold: 2.5 } });
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
    expect(tomlFile(t, 'config.toml')).toEqual({ filters: { secrets: { enabled: false } }, proxy: { auto_allow_threshold: 2.5 } });
    expect(t.files.text('team-config.toml')).toBeNull();
  });

  it('scope team writes to team-config.toml and leaves config.toml alone', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': '[proxy]\nreview_timeout_seconds = 60\n' } });
    const before = t.files.text('config.toml');
    const response = await putConfig(t, { scope: 'team', proxy: { auto_deny_threshold: 9 } });
    expect(response.status).toBe(200);
    expect((await body(response)).scope).toBe('team');
    expect(tomlFile(t, 'team-config.toml')).toEqual({ proxy: { auto_deny_threshold: 9 } });
    expect(t.files.text('config.toml')).toBe(before);
  });

  it('scope local written explicitly goes to config.toml', async () => {
    const t = await appWithCatalog();
    expect((await putConfig(t, { scope: 'local', server: { auto_open_dashboard: false } })).status).toBe(200);
    expect(tomlFile(t, 'config.toml')).toEqual({ server: { auto_open_dashboard: false } });
  });

  it('keeps every other key of the file it writes', async () => {
    const t = await appWithCatalog({ files: { 'config.toml': RICH_LOCAL } });
    const before = parse(RICH_LOCAL) as Record<string, Record<string, unknown>>;
    const response = await putConfig(t, {
      filters: [{ id: 'secrets', enabled: false }, { id: 'egress', enabled: false }],
      proxy: { auto_allow_threshold: 1, auto_deny_threshold: 9.5 },
      server: { auto_open_dashboard: false },
    });
    expect(response.status).toBe(200);
    const after = tomlFile(t, 'config.toml') as Record<string, Record<string, unknown>>;
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
    const json = await body(await putConfig(t, { filters: TEST_CATALOG.map((f) => ({ id: f.id, enabled: false })), server: { auto_open_dashboard: true } }));
    expect(json).toMatchObject({ filters_updated: 3, proxy_updated: false, server_updated: true });
  });

  it('writes the config file owner-only (0600)', async () => {
    const t = await appWithCatalog();
    await putConfig(t, { proxy: { auto_allow_threshold: 2 } });
    expect(t.files.modes.get('config.toml')).toBe(0o600);
  });

  it('GET /api/config shows the written values at once', async () => {
    const t = await appWithCatalog();
    await putConfig(t, { filters: [{ id: 'egress', enabled: false }], proxy: { auto_deny_threshold: 7 } });
    const json = await body(await t.request('/api/config', withToken(t.dashboardToken)));
    expect(json.proxy).toEqual({ auto_allow_threshold: 3, auto_deny_threshold: 7 });
    expect((json.filters as Array<{ id: string; enabled: boolean }>).find((f) => f.id === 'egress')?.enabled).toBe(false);
  });

  it('the running thresholds do not change until restart', async () => {
    const fileStore = createMemoryFileStore();
    const t = await appWithCatalog({ fileStore });
    await putConfig(t, { proxy: { auto_allow_threshold: 1.5, auto_deny_threshold: 6 } });
    expect(t.app.services.config.proxy).toMatchObject({ auto_allow_threshold: 3, auto_deny_threshold: 8 });
    const restarted = await createTestApp({ fileStore });
    expect(restarted.app.services.config.proxy).toMatchObject({ auto_allow_threshold: 1.5, auto_deny_threshold: 6 });
  });

  it('accepts the range ends 0.0 and 10.0', async () => {
    const t = await appWithCatalog();
    expect((await putConfig(t, { proxy: { auto_allow_threshold: 0, auto_deny_threshold: 10 } })).status).toBe(200);
  });

  it('two concurrent writes both land (neither loses the other\'s keys)', async () => {
    const t = await appWithCatalog();
    const [a, b] = await Promise.all([
      putConfig(t, { filters: [{ id: 'secrets', enabled: false }] }),
      putConfig(t, { proxy: { auto_allow_threshold: 2 } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tomlFile(t, 'config.toml')).toEqual({ filters: { secrets: { enabled: false } }, proxy: { auto_allow_threshold: 2 } });
  });
});
