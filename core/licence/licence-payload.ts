import { Type, type Static } from '@sinclair/typebox';

const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const INSTANT = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
  description: 'RFC 3339',
});

/**
 * The signed part of `license.json` (contracts.md, "Licence"). Extra keys are
 * allowed (and covered by the signature) so the vendor can add fields.
 */
export const LicencePayloadSchema = Type.Object(
  {
    tier: Type.Union([Type.Literal('community'), Type.Literal('pro')]),
    seats: Type.Integer({ minimum: 0 }),
    renewal_date: DAY,
    billing_portal_url: Type.String(),
    issued_at: INSTANT,
    refreshed_at: INSTANT,
    air_gapped: Type.Boolean(),
  },
  { additionalProperties: true },
);

export type LicencePayload = Static<typeof LicencePayloadSchema>;

/** The file as written on disk. */
export const LicenceFileSchema = Type.Object(
  { payload: Type.Object({}, { additionalProperties: true }), signature: Type.String() },
  { additionalProperties: true },
);
