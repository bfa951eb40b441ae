/**
 * The journal's on-disk format: one entry per committed write unit, as
 *
 *     <byte length> SP <crc32 hex8> SP <json> LF
 *
 * where json is `{"n":seq,"b":bodiesEnd?,"d":[[id,sql]...]?,"s":[[id,params]...]}`. SQL text
 * is interned per file: the first entry that uses a statement defines its id
 * in `d`, later entries refer to the id. Parameters keep their SQL types:
 * a bigint is `{"b":"<decimal>"}` and a blob `{"u":"<base64>"}`.
 *
 * Decoding stops at the first entry that is incomplete or fails its checksum;
 * everything before it is returned with the byte length it spans.
 */
import type { SqlValue } from '../types.ts';
import { crc32 } from './crc32.ts';

/** One statement of a write unit. */
export interface JournalStatement {
  sql: string;
  params: readonly SqlValue[];
}

/** One committed write unit (a single `run` or a whole transaction). */
export interface JournalEntry {
  seq: number;
  statements: JournalStatement[];
  /**
   * The body log's end when the entry's round was written (the first entry
   * of a round only): the entry and those after it refer to no byte beyond
   * it, and count only when the body log reaches it (journal-writer.ts).
   */
  bodiesEnd?: number;
}

/** What decoding one journal file yields. */
export interface DecodedJournal {
  entries: JournalEntry[];
  /** Bytes covered by the valid entries. */
  validLength: number;
  /** True when bytes follow the last valid entry (a torn or corrupt tail, or entries the body log does not back). */
  torn: boolean;
  /** True when decoding stopped at an entry needing body log bytes beyond `bodiesEnd`. */
  unbacked: boolean;
  /** SQL → id defined in this file, to keep appending to it. */
  dictionary: Map<string, number>;
}

type EncodedParam = string | number | null | { b: string } | { u: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Encodes entries for one file, extending that file's SQL dictionary. */
export function encodeEntries(entries: readonly JournalEntry[], dictionary: Map<string, number>): Uint8Array {
  const jsons: string[] = [];
  let capacity = 0;
  for (const entry of entries) {
    let definitions: Array<[number, string]> | undefined;
    const statements: Array<[number, readonly EncodedParam[]]> = [];
    for (const statement of entry.statements) {
      let id = dictionary.get(statement.sql);
      if (id === undefined) {
        id = dictionary.size;
        dictionary.set(statement.sql, id);
        (definitions ??= []).push([id, statement.sql]);
      }
      statements.push([id, encodeParams(statement.params)]);
    }
    const json = JSON.stringify({ n: entry.seq, b: entry.bodiesEnd, d: definitions, s: statements });
    jsons.push(json);
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the header at most 20.
    capacity += json.length * 3 + 21;
  }
  // One buffer for the whole batch: each line's JSON is encoded in place
  // after room for its header, then moved up against the header it gets.
  const out = new Uint8Array(capacity);
  let offset = 0;
  for (const json of jsons) {
    const { written } = encoder.encodeInto(json, out.subarray(offset + HEADER_ROOM));
    const body = out.subarray(offset + HEADER_ROOM, offset + HEADER_ROOM + written);
    const header = `${written} ${crc32(body).toString(16).padStart(8, '0')} `;
    for (let i = 0; i < header.length; i++) out[offset + i] = header.charCodeAt(i);
    out.copyWithin(offset + header.length, offset + HEADER_ROOM, offset + HEADER_ROOM + written);
    offset += header.length + written;
    out[offset++] = 0x0a;
  }
  return out.subarray(0, offset);
}

/** Bytes reserved before each line's JSON for `<length> <crc> ` (a length of up to 10 digits). */
const HEADER_ROOM = 20;

/**
 * Decodes a whole journal file, stopping at the first bad entry, or at the
 * first entry that needs more of the body log than its `bodiesEnd` bytes
 * (when given: the body log's size on disk).
 */
export function decodeJournal(bytes: Uint8Array, bodiesEnd = Infinity): DecodedJournal {
  const entries: JournalEntry[] = [];
  const byId = new Map<number, string>();
  let offset = 0;
  let unbacked = false;
  while (offset < bytes.length) {
    const entry = decodeAt(bytes, offset, byId, bodiesEnd);
    if (entry === null) break;
    if (entry === UNBACKED) {
      // Only a crash's last round can miss its bodies: the next round starts once both files of one are synced.
      unbacked = !roundAfter(bytes, offset, new Map(byId));
      break;
    }
    entries.push(entry.entry);
    offset = entry.next;
  }
  const dictionary = new Map<string, number>();
  for (const [id, sql] of byId) dictionary.set(sql, id);
  return { entries, validLength: offset, torn: offset < bytes.length, unbacked, dictionary };
}

/** True when an entry after the one at `start` begins a round of its own (carries `bodiesEnd`). */
function roundAfter(bytes: Uint8Array, start: number, byId: Map<number, string>): boolean {
  let offset = start;
  for (let index = 0; offset < bytes.length; index++) {
    const entry = decodeAt(bytes, offset, byId, Infinity);
    if (entry === null || entry === UNBACKED) return false;
    if (index > 0 && entry.entry.bodiesEnd !== undefined) return true;
    offset = entry.next;
  }
  return false;
}

/** What `decodeAt` answers for a whole entry that needs body log bytes beyond the end given (nothing of it is taken). */
const UNBACKED = 'unbacked';

function decodeAt(bytes: Uint8Array, start: number, byId: Map<number, string>, bodiesEnd: number): { entry: JournalEntry; next: number } | typeof UNBACKED | null {
  const firstSpace = bytes.indexOf(0x20, start);
  if (firstSpace < 0 || firstSpace - start > 10) return null;
  const lengthText = String.fromCharCode(...bytes.subarray(start, firstSpace));
  if (!/^[0-9]+$/.test(lengthText)) return null;
  const length = Number(lengthText);
  const crcStart = firstSpace + 1;
  const jsonStart = crcStart + 9;
  const end = jsonStart + length;
  if (end + 1 > bytes.length || bytes[crcStart + 8] !== 0x20 || bytes[end] !== 0x0a) return null;
  const crcText = String.fromCharCode(...bytes.subarray(crcStart, crcStart + 8));
  const json = bytes.subarray(jsonStart, end);
  if (!/^[0-9a-f]{8}$/.test(crcText) || parseInt(crcText, 16) !== crc32(json)) return null;
  try {
    const body = JSON.parse(decoder.decode(json)) as { n: number; b?: number; d?: Array<[number, string]>; s: Array<[number, EncodedParam[]]> };
    if (typeof body.b === 'number' && body.b > bodiesEnd) return UNBACKED;
    for (const [id, sql] of body.d ?? []) byId.set(id, sql);
    const statements = body.s.map(([id, params]): JournalStatement => {
      const sql = byId.get(id);
      if (sql === undefined) throw new Error(`undefined statement id ${id}`);
      return { sql, params: params.map(decodeParam) };
    });
    const entry: JournalEntry = typeof body.b === 'number' ? { seq: body.n, statements, bodiesEnd: body.b } : { seq: body.n, statements };
    return { entry, next: end + 1 };
  } catch {
    return null;
  }
}

/** Params as they go into the JSON; the array itself when nothing needs wrapping (the common case). */
function encodeParams(params: readonly SqlValue[]): readonly EncodedParam[] {
  for (const value of params) {
    if (typeof value === 'bigint' || value instanceof Uint8Array) return params.map(encodeParam);
  }
  return params as readonly EncodedParam[];
}

function encodeParam(value: SqlValue): EncodedParam {
  if (typeof value === 'bigint') return { b: value.toString() };
  if (value instanceof Uint8Array) return { u: toBase64(value) };
  return value;
}

function decodeParam(value: EncodedParam): SqlValue {
  if (value === null || typeof value !== 'object') return value;
  if ('b' in value) return BigInt(value.b);
  return fromBase64(value.u);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
