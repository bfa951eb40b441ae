import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { LicenceStatusSchema } from '../schemas/licence.ts';
import type { LicenceService } from '../licence/licence-service.ts';

/** `GET /api/license/status`. */
export function licenceRoutes({ licence: service }: { licence: LicenceService }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/license/status',
      auth: 'open',
      bucket: 'general',
      summary: 'Licence refresh health and why the daemon runs on its tier',
      description:
        '`license.json` is `{payload, signature}`: Ed25519 over the UTF-8 of the payload as compact JSON with keys sorted at every level. ' +
        'status: `valid`; `missing` (no file); `unreadable` (not JSON, wrong shape, or a signed payload missing required fields); ' +
        '`bad_signature`; `expired` (renewal_date before today, UTC). Anything but a valid Pro licence runs as Community.',
      tags: ['licence'],
      responses: { 200: { description: 'Licence status', schema: LicenceStatusSchema } },
      handler() {
        const licence = service.current();
        return json({
          tier: licence.tier,
          seats: licence.seats,
          renewal_date: licence.renewal_date,
          billing_portal_url: licence.billing_portal_url,
          air_gapped: licence.air_gapped,
          hours_since_refresh: licence.hours_since_refresh,
          refresh: licence.refresh,
          status: licence.status,
          reason: licence.reason,
        });
      },
    },
  ];
}
