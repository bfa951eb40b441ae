import { Type } from '@sinclair/typebox';

/** `{error, code}`: the shape of every failure. */
export const ErrorBody = Type.Object(
  { error: Type.String(), code: Type.String() },
  { $id: 'Error', additionalProperties: true, description: 'Every failure: a message and a stable code' },
);

/** Shorthand for documenting an error response. */
export function errorDoc(description: string) {
  return { description, schema: ErrorBody };
}
