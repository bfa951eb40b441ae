import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../../core/routes/index.ts';
import { createTestApp } from '../../support/test-app.ts';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and served openly', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(((await response.json()) as OpenApiDoc).openapi).toBe('3.1.0');
  });

  it('lists every route of the route table with its method', async () => {
    const t = await createTestApp();
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDoc;
    const routes = allRoutes(t.app.services);
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => !doc.paths[r.path]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('lists nothing that is not routed', async () => {
    const t = await createTestApp();
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDoc;
    const routed = new Set(allRoutes(t.app.services).map((r) => `${r.method.toLowerCase()} ${r.path}`));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(documented.filter((d) => !routed.has(d))).toEqual([]);
  });

  it('every route documents a success response with a schema, and every body route its request body', async () => {
    const t = await createTestApp();
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDoc;
    for (const route of allRoutes(t.app.services)) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      if (route.body) expect(op.requestBody, `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it.each([
    ['get', '/api/config'],
    ['put', '/api/config'],
    ['get', '/api/onboarding/status'],
    ['post', '/api/ipc/dashboard/pair-code'],
    ['post', '/api/dashboard/pair'],
    ['post', '/api/server/shutdown'],
  ])('documents %s %s', async (method, path) => {
    const t = await createTestApp();
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDoc;
    expect(doc.paths[path]?.[method]).toBeDefined();
  });
});
