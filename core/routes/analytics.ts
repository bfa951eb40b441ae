import { json } from '../http/json.ts';
import { requireFeature } from '../licence/require-feature.ts';
import type { RouteSpec } from '../route-spec.ts';
import { AnalyticsFreeSchema, AnalyticsProSchema } from '../schemas/analytics.ts';
import { errorDoc } from '../schemas/common.ts';
import type { AnalyticsService } from '../analytics/analytics-service.ts';
import type { LicenceService } from '../licence/licence-service.ts';

const UNAVAILABLE = errorDoc('ANALYTICS_UNAVAILABLE: the projection cannot be served (restart the daemon)');
const AUTH = errorDoc('DASHBOARD_AUTH_REQUIRED');

/** `GET /api/analytics/v2/free` and `GET /api/analytics/v2/pro`. */
export function analyticsRoutes({ analytics, licence }: { analytics: AnalyticsService; licence: LicenceService }): RouteSpec[] {
  const catchUp = 'Runs a bounded catch-up of the projection first (at most 4 batches of 500 records and 8 UTC days); '
    + 'a background worker drains the rest and `freshness` reports what is unfinished.';
  return [
    {
      method: 'GET',
      path: '/api/analytics/v2/free',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Free analytics: 7-day decisions, chain health, recent queue and deny events',
      description: catchUp,
      tags: ['analytics'],
      responses: { 200: { description: 'Free payload', schema: AnalyticsFreeSchema }, 401: AUTH, 503: UNAVAILABLE },
      handler: () => json(analytics.free()),
    },
    {
      method: 'GET',
      path: '/api/analytics/v2/pro',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Pro analytics: daily usage, filter, session, LLM and destination rows over 90 days',
      description: `Needs the Pro feature \`usage_analytics\`, checked before any storage access (403 FEATURE_GATED). ${catchUp}`,
      tags: ['analytics'],
      responses: {
        200: { description: 'Pro payload', schema: AnalyticsProSchema },
        401: AUTH,
        403: errorDoc('FEATURE_GATED with feature usage_analytics, current_tier, required_tier, upgrade_url'),
        503: UNAVAILABLE,
      },
      handler() {
        requireFeature(licence, 'usage_analytics');
        return json(analytics.pro());
      },
    },
  ];
}
