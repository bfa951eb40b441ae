import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { createLicenceMinter, proPayload } from '../../conformance/pro-licence.ts';
import { AnalyticsProSchema } from '../../../core/schemas/analytics.ts';
import { DAY, TODAY, analyticsHarness } from './helpers.ts';

const minter = await createLicenceMinter();
const pro = async () => analyticsHarness({ files: { 'license.json': await minter.mint({ ...proPayload(), renewal_date: '2099-12-31' }) }, env: minter.env });

describe('Pro analytics gating', () => {
  it('without a licence the Pro route answers 403 FEATURE_GATED with usage_analytics', async () => {
    const h = await analyticsHarness({ env: minter.env });
    const { status, body } = await h.get('/api/analytics/v2/pro');
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'FEATURE_GATED', feature: 'usage_analytics', current_tier: 'community', required_tier: 'pro' });
    expect(typeof body.upgrade_url).toBe('string');
  });

  it('the feature check runs before any storage access: a store whose reads throw still yields 403', async () => {
    const h = await analyticsHarness({ env: minter.env });
    h.storage.failReads = true;
    const { status, body } = await h.get('/api/analytics/v2/pro');
    h.storage.failReads = false;
    expect(status).toBe(403);
    expect(body.code).toBe('FEATURE_GATED');
  });

  it('the upgrade_url is the licence billing portal when the licence names one (expired Pro licence)', async () => {
    const expired = await minter.mint({ tier: 'pro', renewal_date: '2020-01-01', billing_portal_url: 'https://billing.example.test/portal/acme' } as never);
    const h = await analyticsHarness({ files: { 'license.json': expired }, env: minter.env });
    const { status, body } = await h.get('/api/analytics/v2/pro');
    expect(status).toBe(403);
    expect(body.upgrade_url).toBe('https://billing.example.test/portal/acme');
  });

  it('the Pro route needs the dashboard token (401 before the feature check)', async () => {
    const h = await pro();
    const response = await h.app.request('/api/analytics/v2/pro');
    expect(response.status).toBe(401);
  });

  it('pro_available on the free payload follows the licence', async () => {
    expect((await (await analyticsHarness({ env: minter.env })).get('/api/analytics/v2/free')).body.pro_available).toBe(false);
    expect((await (await pro()).get('/api/analytics/v2/free')).body.pro_available).toBe(true);
  });
});

describe('Pro analytics payload', () => {
  it('a Pro licence minted in the test gets every row family, windows and export facts', async () => {
    const h = await pro();
    const calls = [
      { tool_call: { type: 'HttpRequest', method: 'GET', url: 'https://api.example.com/v1?q=1' }, proxy_action: 'allow' as const },
      { tool_call: { type: 'HttpRequest', method: 'POST', url: 'http://user:pw@Evil.Example.NET:8080/x' }, proxy_action: 'deny' as const },
      { tool_call: { type: 'NetConnect', host: 'db.internal', port: 5432 }, proxy_action: 'queue' as const },
      { tool_call: { type: 'DnsQuery', name: 'exfil.example.org.' }, proxy_action: 'deny' as const },
      { tool_call: { type: 'ShellExec', command: 'curl', args: ['https://ignored.example'] }, proxy_action: 'allow' as const },
    ];
    for (let i = 0; i < 40; i += 1) {
      const call = calls[i % calls.length]!;
      await h.append(TODAY - (i % 40) * DAY - 1000, {
        ...call,
        session_id: `bbbbbbbb-0000-4000-8000-00000000000${i % 3}`,
        plugin_id: i % 4 === 0 ? 'cursor-plugin' : null,
        source: i % 4 === 1 ? null : 'proxy',
        supervised: i % 4 === 2 ? { tool: 'claude-code', pid: 42, project_name: 'svc' } : null,
        filter_results: [{ filter_name: 'egress_policy', matched: call.proxy_action !== 'allow', score: call.proxy_action === 'allow' ? 0 : 7, severity: 'error', message: 'blocked host' }],
      });
    }
    await h.analytics.idle();
    const { status, body } = await h.get('/api/analytics/v2/pro');
    expect(status).toBe(200);
    expect(Value.Check(AnalyticsProSchema, body), JSON.stringify([...Value.Errors(AnalyticsProSchema, body)].slice(0, 3))).toBe(true);
    expect(body.export_formats).toEqual(['json', 'csv']);
    expect(body.export_max_days).toBe(90);
    expect(body.truncated).toBe(false);
    expect(body.generated_at).toBe('2026-11-22T12:00:00.000000Z');
    expect(body.windows.map((w: { days: number }) => w.days)).toEqual([30, 90]);
    expect(body.windows[0]).toMatchObject({ start_day: '2026-10-24', end_day: '2026-11-22', total: 30 });
    expect(body.windows[1]).toMatchObject({ start_day: '2026-08-25', total: 40, sessions: 3, destinations: 4 });
    expect(body.usage_rows).toHaveLength(40);
    expect(body.usage_rows[0].day < body.usage_rows[39].day).toBe(true);
    const hosts = new Set(body.destination_rows.map((row: { host: string }) => row.host));
    expect([...hosts].sort()).toEqual(['api.example.com', 'db.internal', 'evil.example.net', 'exfil.example.org']);
    const llms = new Map<string, number>();
    for (const row of body.llm_rows as Array<{ llm: string; via: string; total: number }>) llms.set(`${row.via}:${row.llm}`, (llms.get(`${row.via}:${row.llm}`) ?? 0) + row.total);
    expect(Object.fromEntries(llms)).toEqual({ 'plugin_id:cursor-plugin': 10, 'none:unknown': 10, 'supervised_tool:claude-code': 10, 'source:proxy': 10 });
    const egress = (body.filter_rows as Array<{ filter: string; evaluated: number; matched: number }>).filter((row) => row.filter === 'egress_policy');
    expect(egress.reduce((sum, row) => sum + row.evaluated, 0)).toBe(40);
    expect(egress.reduce((sum, row) => sum + row.matched, 0)).toBe(24);
    expect(body.security_events).toHaveLength(24);
    expect(body.session_rows.reduce((sum: number, row: { total: number }) => sum + row.total, 0)).toBe(40);
  });
});
