import { Type } from '@sinclair/typebox';
import { RefreshSchema, TierName } from './tier.ts';

/** `GET /api/license/status`: refresh health and why the daemon runs on its tier. */
export const LicenceStatusSchema = Type.Object(
  {
    tier: TierName,
    seats: Type.Union([Type.Integer(), Type.Null()]),
    renewal_date: Type.Union([Type.String(), Type.Null()]),
    billing_portal_url: Type.Union([Type.String(), Type.Null()]),
    air_gapped: Type.Boolean(),
    hours_since_refresh: Type.Union([Type.Number(), Type.Null()]),
    refresh: RefreshSchema,
    status: Type.Union(
      [
        Type.Literal('valid'),
        Type.Literal('missing'),
        Type.Literal('unreadable'),
        Type.Literal('bad_signature'),
        Type.Literal('expired'),
      ],
      { description: 'valid, or why the daemon fell back to Community' },
    ),
    reason: Type.String({ description: 'Human-readable detail of status' }),
  },
  { $id: 'LicenceStatus' },
);
