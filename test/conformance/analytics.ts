/**
 * Analytics over real sockets: the free payload on the shared (Community)
 * instance, the Pro gate, and the Pro payload on an instance started with a
 * licence minted here (its public key passed as SVC_LICENSE_PUBLIC_KEY).
 */
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { Value } from '@sinclair/typebox/value';
import { AnalyticsFreeSchema, AnalyticsProSchema } from '../../core/schemas/analytics.ts';
import type { ConformanceContext } from './context.ts';
import { createLicenceMinter, proPayload } from './pro-licence.ts';
import { readToken } from './tokens.ts';

async function getJson(baseUrl: string, path: string, token: string | null) {
  const response = await request(`${baseUrl}${path}`, { headers: token === null ? {} : { 'x-svc-csrf': token } });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, any> };
}

const firstError = (schema: Parameters<typeof Value.Errors>[0], value: unknown) => JSON.stringify([...Value.Errors(schema, value)][0]);

/** `GET /api/analytics/v2/free` and `/pro` on every host. */
export function analyticsSuite(ctx: ConformanceContext): void {
  describe('analytics', () => {
    it('the free payload answers with protocol 2, a 7-day window and a freshness block', async () => {
      const token = await readToken(ctx.configDir, 'dashboard.token');
      const { status, body } = await getJson(ctx.baseUrl, '/api/analytics/v2/free', token);
      expect(status).toBe(200);
      expect(Value.Check(AnalyticsFreeSchema, body), firstError(AnalyticsFreeSchema, body)).toBe(true);
      expect(body.window.end_day).toBe(new Date().toISOString().slice(0, 10));
      expect(body.pro_available).toBe(false);
    });

    it('the analytics routes need the dashboard token', async () => {
      for (const path of ['/api/analytics/v2/free', '/api/analytics/v2/pro']) {
        const { status, body } = await getJson(ctx.baseUrl, path, null);
        expect(status, path).toBe(401);
        expect(body.code).toBe('DASHBOARD_AUTH_REQUIRED');
      }
    });

    it('on Community the Pro route answers 403 FEATURE_GATED for usage_analytics', async () => {
      const token = await readToken(ctx.configDir, 'dashboard.token');
      const { status, body } = await getJson(ctx.baseUrl, '/api/analytics/v2/pro', token);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'FEATURE_GATED', feature: 'usage_analytics', current_tier: 'community', required_tier: 'pro' });
      expect(typeof body.upgrade_url).toBe('string');
    });

    it('with a Pro licence the Pro payload answers with every row family and the export facts', async () => {
      const minter = await createLicenceMinter();
      const host = await ctx.launch({
        files: { 'license.json': await minter.mint(proPayload()) },
        env: minter.env,
      });
      try {
        const token = await readToken(host.configDir, 'dashboard.token');
        const { status, body } = await getJson(host.baseUrl, '/api/analytics/v2/pro', token);
        expect(status).toBe(200);
        expect(Value.Check(AnalyticsProSchema, body), firstError(AnalyticsProSchema, body)).toBe(true);
        expect(body).toMatchObject({ export_formats: ['json', 'csv'], export_max_days: 90, truncated: false });
        expect(body.windows.map((window: { days: number }) => window.days)).toEqual([30, 90]);
        const free = await getJson(host.baseUrl, '/api/analytics/v2/free', token);
        expect(free.body.pro_available).toBe(true);
      } finally {
        await host.stop();
      }
    });
  });
}
