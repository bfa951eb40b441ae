import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { appWithCatalog, body, withToken } from './helpers.ts';

describe('bad input', () => {
  it('an unknown route answers 404 {error, code: NOT_FOUND}', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await body(response)).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('an unknown path outside /api answers 404 NOT_FOUND', async () => {
    const t = await createTestApp();
    const response = await t.request('/favicon.ico');
    expect(response.status).toBe(404);
    expect((await body(response)).code).toBe('NOT_FOUND');
  });

  it('a wrong method on a known path answers 405 with an Allow header', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect((await body(response)).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('a wrong method on /api/config lists both GET and PUT in Allow', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/config', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'PUT']);
  });

  it('a body over 1 MiB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const t = await appWithCatalog();
    const big = JSON.stringify({ filters: [{ id: 'x'.repeat(1024 * 1024), enabled: true }] });
    const response = await t.request('/api/config', withToken(t.dashboardToken, { method: 'PUT', body: big }));
    expect(response.status).toBe(413);
    expect((await body(response)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a streamed body over 1 MiB without Content-Length answers 413', async () => {
    const t = await appWithCatalog();
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 5) controller.close();
        else {
          sent++;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await t.request(
      '/api/dashboard/pair',
      { method: 'POST', body: stream, duplex: 'half' } as RequestInit,
    );
    expect(response.status).toBe(413);
  });

  it('a body of exactly 1 MiB is read (not 413)', async () => {
    const t = await appWithCatalog();
    const prefix = '{"code":"';
    const suffix = '"}';
    const text = prefix + 'a'.repeat(1024 * 1024 - prefix.length - suffix.length) + suffix;
    const response = await t.request('/api/dashboard/pair', withToken(null, { method: 'POST', body: text }));
    expect(response.status).toBe(401);
  });

  it('malformed JSON answers 400 INVALID_JSON', async () => {
    const t = await appWithCatalog();
    const response = await t.request('/api/config', withToken(t.dashboardToken, { method: 'PUT', body: '{"proxy": ' }));
    expect(response.status).toBe(400);
    expect((await body(response)).code).toBe('INVALID_JSON');
  });

  it('an empty body where JSON is required answers 400', async () => {
    const t = await appWithCatalog();
    const response = await t.request('/api/dashboard/pair', { method: 'POST' });
    expect(response.status).toBe(400);
    expect((await body(response)).code).toBe('INVALID_JSON');
  });

  it('a body that is not UTF-8 answers 400, not 500', async () => {
    const t = await appWithCatalog();
    const response = await t.request('/api/dashboard/pair', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expect(response.status).toBe(400);
  });

  it.each(['null', '[]', '"code"', '42', '{"code": 42}', '{"code": "x", "extra": 1}'])(
    'a pairing body of %s answers 400, never 500',
    async (text) => {
      const t = await appWithCatalog();
      const response = await t.request('/api/dashboard/pair', { method: 'POST', body: text });
      expect(response.status).toBe(400);
    },
  );

  it('HEAD on a GET route answers the GET status without a body', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/health', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('every response carries nosniff and no-store', async () => {
    const t = await createTestApp();
    const response = await t.request('/api/nope');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
