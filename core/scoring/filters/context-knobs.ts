/** Shared parsing of the context filters' `[filter]` knobs. */
import { Type, type TProperties } from '@sinclair/typebox';
import { validate } from '../rule-schema.ts';

export const Score = Type.Number({ minimum: 0, maximum: 10 });
export const Seconds = Type.Number({ minimum: 1, maximum: 86_400 });
export const Count = Type.Integer({ minimum: 1, maximum: 100_000 });

/** Validates `{filter: {...props}}` and returns the inner table. */
export function knobs<P extends TProperties>(doc: unknown, props: P) {
  return validate(Type.Object({ filter: Type.Object(props, { additionalProperties: false }) }), doc).filter;
}
