import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ASSETS, DASHBOARD_INDEX_HTML } from '../../../core/dashboard/dashboard-assets.ts';
import { createTestApp } from '../../support/test-app.ts';

const assetNames = () => [...DASHBOARD_INDEX_HTML.matchAll(/\/assets\/([\w.-]+)/g)].map((m) => m[1]!);

describe('the dashboard is served by core', () => {
  it('GET / answers the page with no token, never cached, with a strict CSP', async () => {
    const t = await createTestApp();
    const response = await t.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:3141(;|$)/);
    expect(await response.text()).toBe(DASHBOARD_INDEX_HTML);
  });

  it('the CSP names the WebSocket URL of the host the page was opened at', async () => {
    const t = await createTestApp();
    const response = await t.request('/', { headers: { host: 'localhost:3141' } });
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self' ws://localhost:3141");
  });

  it('the page has no inline script and loads only hashed assets', () => {
    expect(DASHBOARD_INDEX_HTML).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(DASHBOARD_INDEX_HTML).not.toMatch(/\son\w+=/);
    expect(assetNames().length).toBe(2);
    for (const name of assetNames()) expect(name).toMatch(/^main-[A-Z0-9]{8}\.(js|css)$/);
  });

  it('every asset the page names is served with a year-long immutable cache and its type', async () => {
    const t = await createTestApp();
    for (const name of assetNames()) {
      const response = await t.request(`/assets/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toBe(name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(await response.text()).toBe(DASHBOARD_ASSETS[name]!.body);
    }
  });

  it('an unknown asset is 404 NOT_FOUND', async () => {
    const t = await createTestApp();
    for (const name of ['main-00000000.js', 'constructor', '__proto__', '..%2Fapp.ts']) {
      const response = await t.request(`/assets/${name}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('the Host guard still applies to the static routes', async () => {
    const t = await createTestApp();
    for (const path of ['/', `/assets/${assetNames()[0]}`]) {
      const response = await t.request(path, { headers: { host: 'evil.example:3141' } });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('HOST_NOT_ALLOWED');
    }
  });

  it('the whole dashboard stays under 150 KB gzipped', () => {
    const texts = [DASHBOARD_INDEX_HTML, ...Object.values(DASHBOARD_ASSETS).map((a) => a.body)];
    const total = texts.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
    expect(total).toBeLessThan(150 * 1024);
  });

  it('the committed build is what scripts/build-dashboard.mjs makes from dashboard/', () => {
    expect(() => execFileSync(process.execPath, ['scripts/build-dashboard.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  }, 60_000);
});
