/**
 * Long text parameters bound as UTF-8 bytes.
 *
 * sql.js copies a bound string into WASM memory one UTF-16 unit at a time
 * in JavaScript (~20 ns a unit here: a 2 KiB audit body cost 40-60 µs per
 * bind), while a bound byte array is one native copy. So a string parameter
 * of `LONG_TEXT` units or more is encoded with the native TextEncoder and
 * bound as a blob at a placeholder rewritten to `CAST(? AS TEXT)`: SQLite
 * reads the blob's bytes as UTF-8 text, so the stored value, its type and
 * every comparison are those of the string bound as text. The rewrite keeps
 * every `?` in place, so parameter numbering does not change.
 */
import type { SqlValue } from '../types.ts';

/** Strings at least this long are bound as bytes (shorter ones bind faster as text). */
export const LONG_TEXT = 64;

/** Most parameters a statement may have for the rewrite (a bit mask of them). */
const MAX_PARAMS = 30;

const encoder = new TextEncoder();

/** What to hand sql.js: the statement (rewritten when needed) and its parameters. */
export interface Bindable {
  sql: string;
  params: readonly SqlValue[];
}

/** Rewrites per SQL text and mask of long parameters; null when a statement's placeholders cannot be rewritten. */
const rewrites = new Map<string, Map<number, string | null>>();
const MAX_REWRITTEN_SQL = 512;

/** `sql` and `params`, with long strings bound as UTF-8 bytes behind `CAST(? AS TEXT)`. */
export function bindable(sql: string, params: readonly SqlValue[]): Bindable {
  if (params.length > MAX_PARAMS) return { sql, params };
  let mask = 0;
  for (let i = 0; i < params.length; i++) {
    const value = params[i];
    if (typeof value === 'string' && value.length >= LONG_TEXT) mask |= 1 << i;
  }
  if (mask === 0) return { sql, params };
  let bySql = rewrites.get(sql);
  if (bySql === undefined) {
    if (rewrites.size >= MAX_REWRITTEN_SQL) rewrites.clear();
    rewrites.set(sql, (bySql = new Map()));
  }
  let rewritten = bySql.get(mask);
  if (rewritten === undefined) bySql.set(mask, (rewritten = castPlaceholders(sql, mask, params.length)));
  if (rewritten === null) return { sql, params };
  const bound: SqlValue[] = params.slice();
  for (let i = 0; i < bound.length; i++) {
    if ((mask & (1 << i)) !== 0) bound[i] = encoder.encode(bound[i] as string);
  }
  return { sql: rewritten, params: bound };
}

/**
 * `sql` with the i-th anonymous `?` (for each bit i of `mask`) turned into
 * `CAST(? AS TEXT)`; null when the statement has numbered or named
 * parameters or not exactly `count` anonymous ones (then nothing is rewritten).
 */
export function castPlaceholders(sql: string, mask: number, count: number): string | null {
  let out = '';
  let from = 0;
  let index = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = sql.indexOf(c, i + 1);
      if (end < 0) return null;
      i = end + 1; // a doubled quote is two adjacent literals as far as placeholders go
    } else if (c === '[') {
      const end = sql.indexOf(']', i + 1);
      if (end < 0) return null;
      i = end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (c === '?') {
      if (/[0-9]/.test(sql[i + 1] ?? '')) return null;
      if ((mask & (1 << index)) !== 0) {
        out += `${sql.slice(from, i)}CAST(? AS TEXT)`;
        from = i + 1;
      }
      index += 1;
      i += 1;
    } else if ((c === ':' || c === '@' || c === '$') && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      return null;
    } else {
      i += 1;
    }
  }
  return index === count ? out + sql.slice(from) : null;
}
