import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
}

/** Routes whose handlers act before reading a body are never picked: shutdown has no body. */
const PREFERRED_JSON_ROUTES = ['/api/dashboard/pair', '/api/proxy/test', '/api/config'];

/**
 * A route that takes a JSON body and has no parameters, taken from the
 * served OpenAPI document so the suite follows the route table.
 */
async function jsonRoute(ctx: ConformanceContext): Promise<{ method: string; path: string }> {
  const doc = (await (await request(`${ctx.baseUrl}/api/openapi.json`)).body.json()) as OpenApiDocument;
  const candidates = Object.entries(doc.paths)
    .filter(([path]) => !path.includes('{'))
    .flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.requestBody).map(([method]) => ({ method: method.toUpperCase(), path })));
  candidates.sort((a, b) => rank(a.path) - rank(b.path));
  const route = candidates[0];
  if (!route) throw new Error('the OpenAPI document lists no route with a JSON body yet');
  return route;
}

function rank(path: string): number {
  const index = PREFERRED_JSON_ROUTES.indexOf(path);
  return index === -1 ? PREFERRED_JSON_ROUTES.length : index;
}

/** Every credential a route might ask for, so the body is what gets judged. */
async function allCredentials(ctx: ConformanceContext): Promise<Record<string, string>> {
  return {
    authorization: `Bearer ${await readToken(ctx.configDir, 'daemon.token')}`,
    'x-svc-csrf': await readToken(ctx.configDir, 'dashboard.token'),
    'content-type': 'application/json',
  };
}

/** Unknown routes, wrong methods, malformed and oversized bodies: never a 500. */
export function badInputSuite(ctx: ConformanceContext): void {
  describe('bad input', () => {
    it('an unknown route answers 404 {error, code: NOT_FOUND}', async () => {
      const response = await request(`${ctx.baseUrl}/api/no-such-route`);
      expect(response.statusCode).toBe(404);
      const body = (await response.body.json()) as Record<string, unknown>;
      expect(body.code).toBe('NOT_FOUND');
      expect(typeof body.error).toBe('string');
    });

    it('a wrong method on a known path answers 405 with Allow', async () => {
      const response = await request(`${ctx.baseUrl}/api/health`, { method: 'DELETE' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toContain('GET');
      expect(((await response.body.json()) as Record<string, unknown>).code).toBe('METHOD_NOT_ALLOWED');
    });

    it('malformed JSON answers 400', async () => {
      const route = await jsonRoute(ctx);
      const response = await request(`${ctx.baseUrl}${route.path}`, {
        method: route.method as 'POST',
        headers: await allCredentials(ctx),
        body: '{"not": json',
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(400);
      expect(((await response.body.json()) as Record<string, unknown>).code).toEqual(expect.any(String));
    });

    it('a body over 1 MiB answers 413', async () => {
      const route = await jsonRoute(ctx);
      const response = await request(`${ctx.baseUrl}${route.path}`, {
        method: route.method as 'POST',
        headers: await allCredentials(ctx),
        body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 16) }),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(413);
      expect(((await response.body.json()) as Record<string, unknown>).code).toBe('PAYLOAD_TOO_LARGE');
    });
  });
}
