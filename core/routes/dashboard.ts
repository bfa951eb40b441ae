import { DASHBOARD_ASSETS, DASHBOARD_INDEX_ETAG, DASHBOARD_INDEX_HTML } from '../dashboard/dashboard-assets.ts';
import { dashboardCsp } from '../dashboard/content-security-policy.ts';
import { HttpError } from '../http-error.ts';
import { Type } from '@sinclair/typebox';
import type { RouteSpec } from '../route-spec.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /` and `GET /assets/{name}`: the browser dashboard, built into core at
 * build time (scripts/build-dashboard.mjs). Static, no data, no token; the
 * Host guard and the rate limit still apply. `index.html` is never cached
 * (it names the current hashed assets); the assets are cached for a year.
 */
export function dashboardRoutes({ tls }: { tls: boolean }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/',
      auth: 'open',
      bucket: 'general',
      summary: 'The dashboard page',
      description:
        'Static HTML that loads the hashed assets. Pairing: open `/#pair=<code>`; the page trades the code for the ' +
        'dashboard token (POST /api/dashboard/pair) and keeps it in sessionStorage.',
      tags: ['dashboard'],
      responses: { 200: { description: 'The dashboard page', contentType: 'text/html; charset=utf-8', schema: Type.String() } },
      handler(request) {
        return new Response(DASHBOARD_INDEX_HTML, {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
            etag: `"${DASHBOARD_INDEX_ETAG}"`,
            'content-security-policy': dashboardCsp(request.headers.get('host') ?? '', tls),
            'x-frame-options': 'DENY',
            'cross-origin-opener-policy': 'same-origin',
          },
        });
      },
    },
    {
      method: 'GET',
      path: '/assets/{name}',
      auth: 'open',
      bucket: 'general',
      summary: 'A dashboard asset (content-hashed name)',
      tags: ['dashboard'],
      responses: {
        200: { description: 'The asset (script or stylesheet)', contentType: 'text/javascript; charset=utf-8', schema: Type.String() },
        404: { description: 'NOT_FOUND: no such asset' },
      },
      handler(request) {
        const name = String(request.params.name ?? '');
        const asset = Object.prototype.hasOwnProperty.call(DASHBOARD_ASSETS, name) ? DASHBOARD_ASSETS[name] : undefined;
        if (!asset) throw new HttpError(404, 'NOT_FOUND', `no dashboard asset ${name}`);
        return new Response(asset.body, {
          headers: { 'content-type': asset.type, 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' },
        });
      },
    },
  ];
}
