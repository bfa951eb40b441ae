import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../../core/routes/index.ts';
import { createTestApp } from '../../support/test-app.ts';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
}

/** POST routes whose request is the action itself: they read no body (an unread body is drained). */
const TAKES_NO_BODY = new Set([
  'POST /api/ipc/dashboard/pair-code',
  'POST /api/server/shutdown',
  'POST /api/digest/clear-all',
  'POST /api/ipc/digest/{id}/review-nonce',
  'POST /api/sync/apply',
  'POST /api/notifications/test/{channel}',
]);

/** The JSON schema of a response or request body object, if it documents one. */
function schemaOf(part: unknown): unknown {
  const content = (part as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  return content ? Object.values(content)[0]?.schema : undefined;
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

  it('every route documents its success response with a schema (204 aside) and, when it takes a body, its request body with a schema', async () => {
    const t = await createTestApp();
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDoc;
    const missing: string[] = [];
    for (const route of allRoutes(t.app.services)) {
      const name = `${route.method} ${route.path}`;
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) missing.push(`${name}: no success response`);
      for (const [status, response] of success) {
        if (status !== '204' && schemaOf(response) === undefined) missing.push(`${name}: ${status} without a schema`);
      }
      const takesBody = (route.method === 'POST' || route.method === 'PUT') && !TAKES_NO_BODY.has(name);
      if (takesBody && schemaOf(op.requestBody) === undefined) missing.push(`${name}: request body without a schema`);
      if (!takesBody && route.body) missing.push(`${name}: listed as taking no body but declares one`);
    }
    expect(missing).toEqual([]);
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
