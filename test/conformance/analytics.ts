/**
 * Analytics over real sockets: the free payload on the shared (Community)
 * instance and the Pro gate. The Pro payload is read from the Pro suite's
 * licensed instance (pro.ts), which needs no start of its own for it.
 */
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { Value } from '@sinclair/typebox/value';
import { AnalyticsFreeSchema } from '../../core/schemas/analytics.ts';
import type { ConformanceContext } from './context.ts';
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
  });
}
