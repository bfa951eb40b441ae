import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { scoredDecision } from '../../support/scored-decision.ts';
import { createTestApp } from '../../support/test-app.ts';
import { createLicenceMinter } from '../../conformance/pro-licence.ts';

const minter = await createLicenceMinter();

async function syncApp(files: Record<string, string> = {}, pro = true) {
  const all = { ...files };
  if (pro) all['license.json'] = await minter.mint();
  const t = await createTestApp({ files: all, env: minter.env });
  const token = t.dashboardToken!;
  async function call(method: string, path: string, headers: Record<string, string> = { 'x-svc-csrf': token }) {
    const response = await t.request(path, { method, headers });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }
  return { ...t, call };
}

describe('sync routes', () => {
  it('each sync route answers 403 FEATURE_GATED cloud_sync on Community before reading files', async () => {
    const t = await syncApp({ 'sync/a.json': '{}' }, false);
    const touched: string[] = [];
    for (const key of ['read', 'list', 'stat'] as const) {
      const original = t.deps.files[key] as (path: string) => Promise<unknown>;
      (t.deps.files as unknown as Record<string, unknown>)[key] = (path: string) => {
        touched.push(path);
        return original(path);
      };
    }
    for (const [method, path] of [['GET', '/api/sync/status'], ['GET', '/api/sync/configs'], ['POST', '/api/sync/apply']] as const) {
      const { status, body } = await t.call(method, path);
      expect(status, path).toBe(403);
      expect(body).toMatchObject({ code: 'FEATURE_GATED', feature: 'cloud_sync', current_tier: 'community', required_tier: 'pro' });
    }
    expect(touched).toEqual([]);
    expect(t.files.text('team-config.toml')).toBeNull();
  });

  it('status is open (no token) and counts files on disk; last_synced is null before the first pull', async () => {
    const t = await syncApp({
      'sync/b.json': '{}',
      'sync/a.json': '{}',
      'sync/notes.txt': 'x',
      'policies/p1.json': '{}',
      'provider-keys/openai.json': '{}',
      'provider-keys/anthropic.json': '{}',
      'provider-keys/z.json': '{}',
    });
    const { status, body } = await t.call('GET', '/api/sync/status', {});
    expect(status).toBe(200);
    expect(body).toEqual({ last_synced: null, policies_count: 1, configs_count: 2, provider_keys_count: 3, has_learned_rules: false });
  });

  it('last_synced comes from sync-state.json and has_learned_rules from the digest', async () => {
    const t = await syncApp({ 'sync-state.json': JSON.stringify({ last_synced: '2026-02-03T04:05:06.000Z', source: 'https://x/y' }) });
    t.app.services.digest.hasLearnedRules = () => true;
    const { body } = await t.call('GET', '/api/sync/status', {});
    expect(body.last_synced).toBe('2026-02-03T04:05:06.000Z');
    expect(body.has_learned_rules).toBe(true);
  });

  it('configs needs the dashboard token and lists only sync/*.json with sizes, sorted', async () => {
    const t = await syncApp({ 'sync/zeta.json': '{"a":1}', 'sync/alpha.json': '{}', 'sync/x.toml': '', 'sync/.tmp.json': '{}' });
    expect((await t.call('GET', '/api/sync/configs', {})).status).toBe(401);
    const { body } = await t.call('GET', '/api/sync/configs');
    expect(body).toEqual({ configs: [{ name: 'alpha.json', size_bytes: 2 }, { name: 'zeta.json', size_bytes: 7 }], total: 2 });
  });

  it('apply needs the CSRF header (403 CSRF_REQUIRED)', async () => {
    const t = await syncApp({ 'sync/a.json': '{}' });
    const { status, body } = await t.call('POST', '/api/sync/apply', {});
    expect(status).toBe(403);
    expect(body.code).toBe('CSRF_REQUIRED');
  });

  it('apply deep-merges in sorted filename order over team-config.toml, later files winning', async () => {
    const t = await syncApp({
      'team-config.toml': '[proxy]\nauto_allow_threshold = 2.0\nreview_timeout_seconds = 600\n\n[custom]\nkeep = "me"\n',
      'sync/10-base.json': JSON.stringify({ proxy: { auto_allow_threshold: 2.5, auto_deny_threshold: 7 }, filters: { dlp: { enabled: false } } }),
      'sync/20-override.json': JSON.stringify({ proxy: { auto_allow_threshold: 1.5 }, custom: { list: [1, 2] } }),
    });
    const { status, body } = await t.call('POST', '/api/sync/apply');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'applied', configs_applied: 2, team_config_path: 'team-config.toml', warnings: [] });
    const team = parse(t.files.text('team-config.toml')!);
    expect(team).toEqual({
      proxy: { auto_allow_threshold: 1.5, auto_deny_threshold: 7, review_timeout_seconds: 600 },
      filters: { dlp: { enabled: false } },
      custom: { keep: 'me', list: [1, 2] },
    });
    expect(t.files.modes.get('team-config.toml')).toBe(0o600);
  });

  it('apply does not change the running configuration; the next start reads it', async () => {
    const t = await syncApp({ 'sync/a.json': JSON.stringify({ proxy: { auto_allow_threshold: 1 } }) });
    await t.call('POST', '/api/sync/apply');
    expect(t.app.services.config.proxy.auto_allow_threshold).toBe(3);
    const restarted = await syncApp({ 'team-config.toml': t.files.text('team-config.toml')! });
    expect(restarted.app.services.config.proxy.auto_allow_threshold).toBe(1);
  });

  it('has_learned_rules turns true once a reviewer uses learn on a digest item', async () => {
    const t = await syncApp();
    expect((await t.call('GET', '/api/sync/status', {})).body.has_learned_rules).toBe(false);
    const { input, evaluation } = scoredDecision({ toolCall: { type: 'ShellExec', command: 'make', args: ['deploy'] }, compositeScore: 5 });
    const filed = { digest_id: (await t.app.services.decisions.record(input, evaluation)).digestId };
    const learn = await t.request(`/api/digest/${String(filed.digest_id)}/learn`, {
      method: 'POST',
      headers: { 'x-svc-csrf': t.dashboardToken!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(learn.status).toBe(200);
    expect((await t.call('GET', '/api/sync/status', {})).body.has_learned_rules).toBe(true);
  });

  it('unreadable and unparseable files are skipped with a warning; the rest still apply', async () => {
    const t = await syncApp({
      'sync/a-good.json': JSON.stringify({ proxy: { auto_allow_threshold: 2 } }),
      'sync/b-broken.json': '{"proxy": ',
      'sync/c-array.json': '[1,2]',
      'sync/d-null.json': JSON.stringify({ proxy: { auto_deny_threshold: null } }),
      'sync/e-unstartable.json': JSON.stringify({ proxy: { auto_allow_threshold: 9.5 } }),
      'sync/f-unreadable.json': '{}',
      'sync/g-late.json': JSON.stringify({ supervisor: { max_concurrent_sessions: 4 } }),
    });
    const original = t.deps.files.read;
    t.deps.files.read = async (path) => {
      if (path === 'sync/f-unreadable.json') throw new Error('EACCES: permission denied');
      return original(path);
    };
    const { status, body } = await t.call('POST', '/api/sync/apply');
    expect(status).toBe(200);
    expect(body.configs_applied).toBe(2);
    expect(body.warnings).toHaveLength(5);
    for (const name of ['b-broken', 'c-array', 'd-null', 'e-unstartable', 'f-unreadable']) {
      expect(body.warnings.some((w: string) => w.includes(`sync/${name}.json`)), name).toBe(true);
    }
    expect(parse(t.files.text('team-config.toml')!)).toEqual({ proxy: { auto_allow_threshold: 2 }, supervisor: { max_concurrent_sessions: 4 } });
  });

  it('apply with nothing to merge answers configs_applied 0 and writes nothing', async () => {
    const t = await syncApp();
    const { body } = await t.call('POST', '/api/sync/apply');
    expect(body).toMatchObject({ status: 'applied', configs_applied: 0, warnings: [] });
    expect(t.files.text('team-config.toml')).toBeNull();
  });

  it('apply takes no body: one is ignored rather than parsed', async () => {
    const t = await syncApp({ 'sync/a.json': '{}' });
    const response = await t.request('/api/sync/apply', { method: 'POST', headers: { 'x-svc-csrf': t.dashboardToken! }, body: 'not json' });
    expect(response.status).toBe(200);
  });
});
