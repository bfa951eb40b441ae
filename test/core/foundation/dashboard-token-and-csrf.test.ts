import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { buildRouter } from '../../../core/build-router.ts';
import { HttpError, errorResponse } from '../../../core/http-error.ts';
import { json } from '../../../core/http/json.ts';
import type { RouteSpec } from '../../../core/route-spec.ts';
import type { Services } from '../../../core/services.ts';
import { BASE, LOOPBACK, createTestApp } from '../../support/test-app.ts';
import { appWithCatalog, body, withToken } from './helpers.ts';

const NO_DASHBOARD = { 'config.toml': '[server]\ndashboard_auth = false\n' };
const PUT_BODY = JSON.stringify({ server: { auto_open_dashboard: false } });

/** A Write-tier route run through the real route-table wiring (guards, bucket, handler). */
async function viaWriteRoute(services: Services, headers: Record<string, string>) {
  const route: RouteSpec = {
    method: 'POST',
    path: '/api/test-write',
    auth: 'write',
    bucket: 'write',
    summary: 'test',
    tags: [],
    responses: { 200: { description: 'ok', schema: Type.Object({}) } },
    handler: () => json({ ok: true }),
  };
  const { router } = buildRouter([route], services);
  try {
    return (await router.fetch(new Request(`${BASE}/api/test-write`, { method: 'POST', headers }), LOOPBACK)) as Response;
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    throw error;
  }
}

describe('dashboard token guard (sensitive reads)', () => {
  it('a sensitive read without x-svc-csrf answers 401 DASHBOARD_AUTH_REQUIRED', async () => {
    const t = await appWithCatalog();
    const response = await t.request('/api/config');
    expect(response.status).toBe(401);
    expect(await body(response)).toMatchObject({ code: 'DASHBOARD_AUTH_REQUIRED', error: expect.any(String) });
  });

  it('a sensitive read with a wrong token answers 401', async () => {
    const t = await appWithCatalog();
    const wrong = t.dashboardToken!.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await t.request('/api/config', withToken(wrong))).status).toBe(401);
  });

  it('a sensitive read with the public value svc-dashboard answers 401 while a dashboard token exists', async () => {
    const t = await appWithCatalog();
    expect((await t.request('/api/config', withToken('svc-dashboard'))).status).toBe(401);
  });

  it('a sensitive read with the dashboard token is served', async () => {
    const t = await appWithCatalog();
    expect((await t.request('/api/config', withToken(t.dashboardToken))).status).toBe(200);
  });

  it('the token is not accepted as a query parameter on HTTP routes', async () => {
    const t = await appWithCatalog();
    expect((await t.request(`/api/config?token=${t.dashboardToken}`)).status).toBe(401);
  });

  it('with dashboard_auth = false the token guard is inert (sensitive reads open)', async () => {
    const t = await appWithCatalog({ files: NO_DASHBOARD });
    expect(t.dashboardToken).toBeNull();
    expect((await t.request('/api/config')).status).toBe(200);
  });

  it('an open read needs no token', async () => {
    const t = await createTestApp();
    expect((await t.request('/api/onboarding/status')).status).toBe(200);
  });
});

describe('CSRF guard (writes)', () => {
  it('a Write-tier route without x-svc-csrf answers 403 CSRF_REQUIRED', async () => {
    const t = await createTestApp();
    const response = await viaWriteRoute(t.app.services, {});
    expect(response.status).toBe(403);
    expect((await body(response)).code).toBe('CSRF_REQUIRED');
  });

  it('a Write-tier route with a wrong x-svc-csrf answers 403 CSRF_REQUIRED', async () => {
    const t = await createTestApp();
    expect((await viaWriteRoute(t.app.services, { 'x-svc-csrf': 'nope' })).status).toBe(403);
  });

  it('a Write-tier route with the dashboard token is served', async () => {
    const t = await createTestApp();
    expect((await viaWriteRoute(t.app.services, { 'x-svc-csrf': t.dashboardToken! })).status).toBe(200);
  });

  it('svc-dashboard is refused on a write while a dashboard token is configured', async () => {
    const t = await createTestApp();
    expect((await viaWriteRoute(t.app.services, { 'x-svc-csrf': 'svc-dashboard' })).status).toBe(403);
    const put = await t.request('/api/config', withToken('svc-dashboard', { method: 'PUT', body: PUT_BODY }));
    expect(put.status).toBe(401);
  });

  it('every Write-tier route of the table answers 403 CSRF_REQUIRED without x-svc-csrf', async () => {
    const t = await createTestApp();
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { description: string }>>;
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.description.includes('(403 CSRF_REQUIRED)')) continue;
        const concrete = path.replace(/\{[^}]+\}/g, 'x');
        const response = await t.request(concrete, { method: method.toUpperCase() });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect((await body(response)).code, `${method} ${path}`).toBe('CSRF_REQUIRED');
      }
    }
  });

  it('PUT /api/config (Read-token and Write) without the token is refused before its handler', async () => {
    const t = await appWithCatalog();
    const response = await t.request('/api/config', { method: 'PUT', body: PUT_BODY });
    expect([401, 403]).toContain(response.status);
    expect(t.files.text('config.toml')).toBeNull();
  });

  it('with dashboard_auth = false a write with svc-dashboard is accepted', async () => {
    const t = await appWithCatalog({ files: NO_DASHBOARD });
    const response = await t.request('/api/config', withToken('svc-dashboard', { method: 'PUT', body: PUT_BODY }));
    expect(response.status).toBe(200);
    expect((await viaWriteRoute(t.app.services, { 'x-svc-csrf': 'svc-dashboard' })).status).toBe(200);
  });

  it('with dashboard_auth = false a write without x-svc-csrf still answers 403 CSRF_REQUIRED', async () => {
    const t = await appWithCatalog({ files: NO_DASHBOARD });
    const response = await t.request('/api/config', { method: 'PUT', body: PUT_BODY, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(403);
    expect((await body(response)).code).toBe('CSRF_REQUIRED');
  });

  it('with dashboard_auth = false a write with any other value answers 403', async () => {
    const t = await appWithCatalog({ files: NO_DASHBOARD });
    const response = await t.request('/api/config', withToken('svc-dashboarD', { method: 'PUT', body: PUT_BODY }));
    expect(response.status).toBe(403);
  });
});
