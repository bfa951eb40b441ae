import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { body } from './helpers.ts';

const ORIGIN = 'http://127.0.0.1:3141';

function preflight(origin: string, method: string, headers?: string): RequestInit {
  const h: Record<string, string> = { origin, 'access-control-request-method': method };
  if (headers !== undefined) h['access-control-request-headers'] = headers;
  return { method: 'OPTIONS', headers: h };
}

describe('CORS', () => {
  it('a preflight from the one allowed origin is answered 204 with that origin', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/config', preflight(ORIGIN, 'PUT', 'content-type, x-svc-csrf'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('the preflight allows exactly the four request headers', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/config', preflight(ORIGIN, 'PUT'));
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim()).sort();
    expect(allowed).toEqual(['authorization', 'content-type', 'x-svc-api-key', 'x-svc-csrf']);
  });

  it('a preflight asking for all four headers is accepted', async () => {
    const t = await createTestApp();
    const response = await t.request(
      '/api/config',
      preflight(ORIGIN, 'PUT', 'Content-Type, Authorization, X-Svc-Api-Key, X-Svc-Csrf'),
    );
    expect(response.status).toBe(204);
  });

  it('a preflight asking for any other header is refused', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/config', preflight(ORIGIN, 'PUT', 'x-custom'));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
  });

  it.each(['http://evil.example', 'http://localhost:3141', 'http://127.0.0.1:3142', 'https://127.0.0.1:3141', 'null'])(
    'a preflight from %s is refused without an allow-origin header',
    async (origin) => {
      const t = await createTestApp();
      const response = await t.request('/api/config', preflight(origin, 'PUT', 'x-svc-csrf'));
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('a preflight is answered for any path, before routing', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', preflight(ORIGIN, 'GET'));
    expect(response.status).toBe(204);
  });

  it('a response to the allowed origin carries access-control-allow-origin', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { headers: { origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('a response to another origin carries no access-control-allow-origin', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { headers: { origin: 'http://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an error response to the allowed origin also carries the origin (so the page can read the code)', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/config', { headers: { origin: ORIGIN } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await body(response)).code).toBe('DASHBOARD_AUTH_REQUIRED');
  });

  it('a plain OPTIONS without a preflight header is not treated as a preflight', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { method: 'OPTIONS' });
    expect(response.status).toBe(405);
  });
});
