import { Type } from '@sinclair/typebox';
import { BASE_FEATURES, PRO_FEATURES, UNAVAILABLE_FEATURES } from '../licence/features.ts';

const Nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `community` or `pro`, lower case. */
export const TierName = Type.Union([Type.Literal('community'), Type.Literal('pro')]);

/** The refresh-health block shared by the tier and licence status resources. */
export const RefreshSchema = Type.Object(
  {
    issued_at: Nullable(Type.String({ description: 'RFC 3339, from the licence' })),
    refreshed_at: Nullable(Type.String({ description: 'RFC 3339, from the licence' })),
    hours_since_refresh: Nullable(Type.Number({ description: 'Hours since refreshed_at, one decimal' })),
    status: Type.Union([Type.Literal('none'), Type.Literal('fresh'), Type.Literal('stale'), Type.Literal('air_gapped')], {
      description: '`none` without a verified licence; `stale` from 168 hours after refreshed_at; `air_gapped` when the licence says so',
    }),
  },
  { $id: 'LicenceRefresh' },
);

const featureProps = Object.fromEntries(
  [...BASE_FEATURES, ...PRO_FEATURES, ...UNAVAILABLE_FEATURES].map((key) => [key, Type.Boolean()]),
);

/** The 13 feature booleans. */
export const FeaturesSchema = Type.Object(featureProps, {
  description: `${BASE_FEATURES.join(', ')}: always true; ${PRO_FEATURES.join(', ')}: true with a Pro licence; ${UNAVAILABLE_FEATURES.join(', ')}: always false`,
});

/** `GET /api/tier`. */
export const TierSchema = Type.Object(
  {
    tier: TierName,
    seats: Nullable(Type.Integer({ description: 'Seats of the licence; null without a verified licence' })),
    max_sessions: Type.Integer({ description: 'Licence ceiling: 2 on Community, 64 on Pro' }),
    renewal_date: Nullable(Type.String({ description: 'YYYY-MM-DD; the licence is valid through this day (UTC)' })),
    billing_portal_url: Nullable(Type.String()),
    refresh: RefreshSchema,
    session_limit_rejections: Type.Integer({ description: 'Sessions refused for max_sessions in the window' }),
    session_limit_rejection_window_days: Type.Integer(),
    features: FeaturesSchema,
  },
  { $id: 'Tier' },
);
