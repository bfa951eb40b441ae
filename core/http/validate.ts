import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { HttpError } from '../http-error.ts';

/**
 * Checks `value` against a TypeBox schema (interpreted, never compiled:
 * Workers forbid code generation) and returns it typed, or throws a 400 with
 * `code` naming the first failing path.
 */
export function validate<T extends TSchema>(schema: T, value: unknown, code = 'INVALID_REQUEST'): Static<T> {
  if (Value.Check(schema, value)) return value;
  throw new HttpError(400, code, describeFirstError(schema, value));
}

/** A one-line human description of why `value` fails `schema`. */
export function describeFirstError(schema: TSchema, value: unknown): string {
  const first = Value.Errors(schema, value).First();
  if (!first) return 'invalid value';
  const where = first.path === '' ? 'body' : first.path.slice(1).replaceAll('/', '.');
  return `${where}: ${first.message}`;
}
