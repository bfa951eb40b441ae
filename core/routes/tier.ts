import { json } from '../http/json.ts';
import { SESSION_LIMIT_REJECTION_WINDOW_DAYS } from '../licence/licence-service.ts';
import type { RouteSpec } from '../route-spec.ts';
import { TierSchema } from '../schemas/tier.ts';
import type { LicenceService } from '../licence/licence-service.ts';

/** `GET /api/tier`. */
export function tierRoutes({ licence: service }: { licence: LicenceService }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/tier',
      auth: 'open',
      bucket: 'general',
      summary: 'Licence tier, limits and the 13 feature flags',
      tags: ['licence'],
      responses: { 200: { description: 'Tier', schema: TierSchema } },
      handler() {
        const licence = service.current();
        return json({
          tier: licence.tier,
          seats: licence.seats,
          max_sessions: licence.max_sessions,
          renewal_date: licence.renewal_date,
          billing_portal_url: licence.billing_portal_url,
          refresh: licence.refresh,
          session_limit_rejections: service.sessionLimitRejections(),
          session_limit_rejection_window_days: SESSION_LIMIT_REJECTION_WINDOW_DAYS,
          features: licence.features,
        });
      },
    },
  ];
}
