import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';

/** Routes the spec names only by path and tier (Proxy; Other routes; Authentication rule 3). */
describe('the daemon-only proxy status', () => {
  it('GET /api/proxy/status/full is daemon-only (bearer token)', async () => {
    const t = await createTestApp();
    expect((await t.request('/api/proxy/status/full')).status).toBe(401);
    const dash = await t.request('/api/proxy/status/full', { headers: { 'x-svc-csrf': t.dashboardToken! } });
    expect(dash.status).toBe(401);
    const ok = await t.request('/api/proxy/status/full', { headers: { authorization: `Bearer ${t.daemonToken}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { status: Record<string, unknown>; filter_catalogue: unknown[] };
    expect(body.status).toMatchObject({ auto_allow_threshold: 3, auto_deny_threshold: 8 });
    expect(body.filter_catalogue.length).toBeGreaterThan(0);
  });
});
