/**
 * Query-string values, read one way on every route: a repeated parameter
 * and a number out of range are 400 `INVALID_QUERY`, never a value handed
 * on to storage (where a 64-bit offset would be a 500).
 */
import { HttpError } from '../http-error.ts';

/** Largest integer a query may carry: 15 digits stay exact and fit SQLite's INTEGER. */
const MAX_DIGITS = 15;
const INTEGER = new RegExp(`^\\d{1,${MAX_DIGITS}}$`);

/** A reader of single query values: undefined when absent, 400 when given twice. */
export function queryOf(request: Request): (name: string) => string | undefined {
  const params = new URL(request.url).searchParams;
  return (name) => {
    const values = params.getAll(name);
    if (values.length > 1) throw new HttpError(400, 'INVALID_QUERY', `${name} given more than once`);
    return values[0];
  };
}

/** A non-negative integer of at most 15 digits, at least `min`; `fallback` when absent; else 400 INVALID_QUERY. */
export function intQuery(raw: string | undefined, name: string, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  if (!INTEGER.test(raw) || Number(raw) < min) throw new HttpError(400, 'INVALID_QUERY', `${name} must be an integer >= ${min} of at most ${MAX_DIGITS} digits`);
  return Number(raw);
}
