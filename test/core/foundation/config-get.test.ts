import { describe, expect, it } from 'vitest';
import { appWithCatalog, body, withToken } from './helpers.ts';

async function getConfig(files: Record<string, string> = {}) {
  const t = await appWithCatalog({ files });
  const response = await t.request('/api/config', withToken(t.dashboardToken));
  return { t, response, json: await body(response) };
}

describe('GET /api/config', () => {
  it('names the two scopes local and team', async () => {
    const { response, json } = await getConfig();
    expect(response.status).toBe(200);
    expect(json.config_scope).toEqual(['local', 'team']);
  });

  it('shows the running defaults when neither file exists', async () => {
    const { json } = await getConfig();
    expect(json.proxy).toEqual({ auto_allow_threshold: 3, auto_deny_threshold: 8 });
  });

  it('lists every filter of the catalogue with id, name, phase and enabled (true when unset)', async () => {
    const { json } = await getConfig();
    expect(json.filters).toEqual([
      { id: 'operation_risk', name: 'Operation risk', phase: 'static', enabled: true },
      { id: 'secrets', name: 'Secret patterns', phase: 'pattern', enabled: true },
      { id: 'egress', name: 'Egress control', phase: 'context', enabled: true },
    ]);
  });

  it('team-config.toml overrides the defaults', async () => {
    const { json } = await getConfig({ 'team-config.toml': '[proxy]\nauto_allow_threshold = 2.5\n' });
    expect(json.proxy).toEqual({ auto_allow_threshold: 2.5, auto_deny_threshold: 8 });
  });

  it('config.toml overrides team-config.toml key by key', async () => {
    const { json } = await getConfig({
      'team-config.toml': '[proxy]\nauto_allow_threshold = 2.5\nauto_deny_threshold = 9.0\n',
      'config.toml': '[proxy]\nauto_allow_threshold = 1.5\n',
    });
    expect(json.proxy).toEqual({ auto_allow_threshold: 1.5, auto_deny_threshold: 9 });
  });

  it('filter enabled values layer the same way', async () => {
    const { json } = await getConfig({
      'team-config.toml': '[filters.secrets]\nenabled = false\n[filters.egress]\nenabled = false\n',
      'config.toml': '[filters.egress]\nenabled = true\n',
    });
    const enabled = Object.fromEntries((json.filters as Array<{ id: string; enabled: boolean }>).map((f) => [f.id, f.enabled]));
    expect(enabled).toEqual({ operation_risk: true, secrets: false, egress: true });
  });

  it('filters set in config but unknown to the proxy are not listed', async () => {
    const { json } = await getConfig({ 'config.toml': '[filters.ghost]\nenabled = false\n' });
    expect((json.filters as Array<{ id: string }>).map((f) => f.id)).not.toContain('ghost');
  });

  it('reads the files as they stand now, not only at start', async () => {
    const t = await appWithCatalog();
    t.files.set('config.toml', '[proxy]\nauto_deny_threshold = 7.5\n');
    const json = await body(await t.request('/api/config', withToken(t.dashboardToken)));
    expect(json.proxy).toEqual({ auto_allow_threshold: 3, auto_deny_threshold: 7.5 });
  });

  it('a config file broken after start answers 409 CONFIG_FILE_INVALID, not 500', async () => {
    const t = await appWithCatalog();
    t.files.set('config.toml', '[proxy\n');
    const response = await t.request('/api/config', withToken(t.dashboardToken));
    expect(response.status).toBe(409);
    expect((await body(response)).code).toBe('CONFIG_FILE_INVALID');
  });

  it('lists no filters while the proxy has registered none', async () => {
    const t = await appWithCatalog();
    t.app.services.filterCatalog = () => [];
    const json = await body(await t.request('/api/config', withToken(t.dashboardToken)));
    expect(json.filters).toEqual([]);
  });
});
