/**
 * TypeBox schemas and body rules of the canary routes (spec: "Canary",
 * "Canaries").
 *
 * Rules, checked in this order so each failure has one code:
 * 1. label (create only): a string, non-empty after trimming, at most
 *    200 characters, else 400 INVALID_LABEL. Stored trimmed.
 * 2. value: exactly one of `value` (a string with a non-blank character) or
 *    `generate: true`; neither, both, an empty or blank value, a non-string
 *    value or a non-boolean generate is 400 INVALID_VALUE. `null` counts as
 *    absent. A given value is at most 4096 characters. The spec sets no
 *    shorter bound and none is imposed: a short value is matched like any
 *    other, so it also matches ordinary text containing it (the README says
 *    so), and its listed four-character prefix gives most of it away.
 * Other fields are ignored.
 */
import { Type, type Static } from '@sinclair/typebox';
import { HttpError } from '../http-error.ts';

/** Limits of the canary routes. */
export const CANARY_LIMITS = {
  labelMaxLength: 200,
  valueMaxLength: 4096,
  /** Registered canaries (seeded ones included); one more is 409 CANARY_LIMIT_REACHED. */
  maxCanaries: 10_000,
} as const;

/** The spec's canary: never the value. */
export const CanarySchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String({ minLength: 1 }),
    value_prefix: Type.String({
      description:
        'The first four characters of the value and an ellipsis (U+2026). A value of four characters or fewer is ' +
        'shown whole, so a decoy should be longer (a generated one is 48 hex characters).',
    }),
  },
  { additionalProperties: false },
);

export const CanaryListSchema = Type.Object({ items: Type.Array(CanarySchema), total: Type.Integer({ minimum: 0 }) });

export const CanaryRemovedSchema = Type.Object({ status: Type.Literal('removed'), id: Type.String() });

export const CanaryIdParams = Type.Object({ id: Type.String({ description: 'A canary id; an unknown one is 404' }) });

const ValueFields = {
  value: Type.Optional(Type.String({
    minLength: 1,
    maxLength: CANARY_LIMITS.valueMaxLength,
    description: 'The decoy; never returned or logged. Exactly one of value or generate: true',
  })),
  generate: Type.Optional(Type.Boolean({ description: 'true: 48 hex characters from the secure random source' })),
};

/** `POST /api/canaries` body. */
export const CanaryCreateBody = Type.Object({
  label: Type.String({ minLength: 1, maxLength: CANARY_LIMITS.labelMaxLength }),
  ...ValueFields,
});

/** `POST /api/canaries/{id}/rotate` body. */
export const CanaryRotateBody = Type.Object(ValueFields);

export type Canary = Static<typeof CanarySchema>;

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** The label rule: 400 INVALID_LABEL, or the trimmed label. */
export function parseLabel(raw: unknown): string {
  const label = isRecord(raw) ? raw.label : undefined;
  if (typeof label !== 'string' || label.trim() === '') {
    throw new HttpError(400, 'INVALID_LABEL', 'label is required and must be a non-empty string');
  }
  const trimmed = label.trim();
  if (trimmed.length > CANARY_LIMITS.labelMaxLength) {
    throw new HttpError(400, 'INVALID_LABEL', `label must be at most ${CANARY_LIMITS.labelMaxLength} characters`);
  }
  return trimmed;
}

/**
 * The value rule: the given value, `undefined` for `generate: true`, or 400
 * INVALID_VALUE. Messages never echo the value.
 */
export function parseValue(raw: unknown): string | undefined {
  const body = isRecord(raw) ? raw : {};
  const value = body.value ?? undefined;
  const generate = body.generate ?? undefined;
  const invalid = (message: string) => new HttpError(400, 'INVALID_VALUE', message);
  if (value !== undefined && typeof value !== 'string') throw invalid('value must be a string');
  if (generate !== undefined && typeof generate !== 'boolean') throw invalid('generate must be a boolean');
  const wantsGenerated = generate === true;
  if (value !== undefined && wantsGenerated) throw invalid('give either value or generate: true, not both');
  if (wantsGenerated) return undefined;
  if (value === undefined) throw invalid('give exactly one of value (non-empty) or generate: true');
  if (value.trim() === '') throw invalid('value must not be empty');
  if (value.length > CANARY_LIMITS.valueMaxLength) throw invalid(`value must be at most ${CANARY_LIMITS.valueMaxLength} characters`);
  return value;
}
