/**
 * The start-up fast path of the whole-chain check on a store with a body
 * log: one sequential pass over the log's bytes, from the first hot record
 * to the anchor, hashing every body exactly as stored and following its
 * `sequence` and `prev_hash`, without pulling rows out of SQL or parsing a
 * body. It only vouches for what it verified: anything it does not expect
 * (a body that does not hash to the next link, a sequence out of place, the
 * log ending early, the row count or the anchor disagreeing) stops it, and
 * the row-by-row check continues from the last record it verified, naming
 * the failure as it always has.
 */
import type { BodyLog, Storage } from '../../storage/types.ts';
import { bodyRef } from './audit-bodies.ts';
import { readAnchor } from './audit-schema.ts';

export interface Link {
  sequence: number;
  hash: string;
}

const encoder = new TextEncoder();
const PREV = encoder.encode('"prev_hash":"');
const SEQUENCE = encoder.encode('"sequence":');
const WINDOW = 8 * 1024 * 1024;

/** Where `pattern` starts in `bytes[from, to)`, found through its byte at `pivot`; -1 when absent. */
function find(bytes: Uint8Array, pattern: Uint8Array, pivot: number, from: number, to: number): number {
  const key = pattern[pivot]!;
  for (let at = bytes.indexOf(key, from + pivot); at !== -1 && at < to; at = bytes.indexOf(key, at + 1)) {
    const start = at - pivot;
    if (start + pattern.length > to) return -1;
    let i = 0;
    while (i < pattern.length && bytes[start + i] === pattern[i]) i++;
    if (i === pattern.length) return start;
  }
  return -1;
}

/** The `sequence` member of the body in `bytes[from, to)`, or -1. */
function sequenceOf(bytes: Uint8Array, from: number, to: number): number {
  let at = find(bytes, SEQUENCE, 3, from, to);
  if (at < 0) return -1;
  at += SEQUENCE.length;
  let value = 0;
  let digits = 0;
  for (; at < to && bytes[at]! >= 0x30 && bytes[at]! <= 0x39 && digits < 16; at++, digits++) value = value * 10 + (bytes[at]! - 0x30);
  return digits > 0 && (bytes[at] === 0x2c || bytes[at] === 0x7d) ? value : -1;
}

/** True when the body in `bytes[from, to)` names `hash` as its `prev_hash`. */
function linksTo(bytes: Uint8Array, from: number, to: number, hash: string): boolean {
  const at = find(bytes, PREV, 4, from, to);
  if (at < 0) return false;
  const start = at + PREV.length;
  if (start + hash.length >= to || bytes[start + hash.length] !== 0x22) return false;
  for (let i = 0; i < hash.length; i++) if (bytes[start + i] !== hash.charCodeAt(i)) return false;
  return true;
}

/**
 * Verifies the hot chain after `from` (the link before the first hot
 * record) from the body log; returns the last link it verified (`from` when
 * the fast path does not apply: no anchor, bodies kept in rows, rows
 * missing).
 */
export async function streamVerify(
  storage: Storage,
  bodies: BodyLog,
  from: Link,
  options: { hashBytes(bytes: Uint8Array): string; pause(): Promise<void> },
): Promise<Link> {
  const anchor = readAnchor(storage);
  if (!anchor || anchor.sequence <= from.sequence) return from;
  const first = storage.get<{ sequence: number; body: string }>('SELECT sequence, body FROM audit_records ORDER BY sequence LIMIT 1');
  const ref = bodyRef(first?.body);
  if (!first || !ref || first.sequence !== from.sequence + 1) return from;
  const rows = storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_records')?.n ?? 0;
  if (rows !== anchor.sequence - from.sequence) return from;

  // A body's hash is only vouched for once the next body links to it (or it matches the anchor):
  // on anything unexpected the row-by-row check resumes before the last unconfirmed record.
  let link = from;
  let confirmed = from;
  let position = ref.offset;
  let window = WINDOW;
  const end = bodies.size;
  while (link.sequence < anchor.sequence && position < end) {
    const bytes = bodies.read(position, Math.min(window, end - position));
    let start = 0;
    for (;;) {
      const lineEnd = bytes.indexOf(0x0a, start);
      if (lineEnd < 0) break;
      const sequence = sequenceOf(bytes, start, lineEnd);
      if (sequence !== link.sequence + 1 || !linksTo(bytes, start, lineEnd, link.hash)) return confirmed;
      const hash = options.hashBytes(bytes.subarray(start, lineEnd));
      if (sequence === anchor.sequence && hash !== anchor.hash) return link;
      confirmed = link;
      link = { sequence, hash };
      start = lineEnd + 1;
      if (sequence === anchor.sequence) return link;
    }
    if (start === 0) {
      if (window >= end - position) return confirmed;
      window *= 2;
    }
    position += start;
    await options.pause();
  }
  return link.sequence === anchor.sequence ? link : confirmed;
}
