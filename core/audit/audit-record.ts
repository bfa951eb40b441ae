/**
 * The audit record as stored, hashed and served, and its row mapping.
 *
 * Two kinds share one chain:
 * - a full record (the spec's fields) for every scored decision;
 * - a compact short-circuit row for a call resolved without full scoring
 *   (a learned or allow-always rule, a cached verdict): no summary, no filter
 *   results, and `short_circuit` naming what resolved it. Listed only with
 *   `include=all`.
 *
 * `hash` is SHA-256 (hex) over the canonical JSON of the record as served,
 * without `hash` itself; optional members that are absent are not hashed.
 */
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './sha256.ts';

export type ProxyAction = 'allow' | 'queue' | 'deny';

/** One entry of `filter_results` as the scoring engine reports it. */
export interface AuditFilterResult {
  filter_name: string;
  matched: boolean;
  score: number;
  severity: string;
  message: string;
}

/** A full audit record (spec: Audit record) plus its chain fields. */
export interface AuditRecord {
  id: string;
  timestamp: string;
  session_id: string | null;
  plugin_id: string | null;
  tool_call_type: string;
  arguments_summary: string;
  arguments_hash: string;
  composite_score: number;
  proxy_action: ProxyAction;
  filter_results: AuditFilterResult[];
  evaluation_time_ms: number;
  source: string | null;
  supervised_tool?: string;
  supervised_pid?: number;
  project_name?: string;
  sequence: number;
  prev_hash: string;
  hash: string;
}

/** A compact short-circuit row. */
export interface ShortCircuitRecord {
  id: string;
  timestamp: string;
  session_id: string | null;
  plugin_id: string | null;
  tool_call_type: string;
  arguments_hash: string;
  composite_score: number;
  proxy_action: ProxyAction;
  source: string | null;
  /** What resolved the call, e.g. `learned_rule`, `allow_always`, `cache`. */
  short_circuit: string;
  sequence: number;
  prev_hash: string;
  hash: string;
}

export type AnyAuditRecord = AuditRecord | ShortCircuitRecord;

/** SHA-256 (lower-case hex) of a string's UTF-8 bytes: the host's native hash or core's own. */
export type HashHex = (text: string) => string;

/** The `prev_hash` of sequence 1. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The stored row (table `audit_records`): the record's canonical JSON
 * without `hash` (exactly the bytes hashed) in `body`, plus copies of the
 * fields queries filter on. A row is valid only when `body` hashes to `hash`
 * and every copied column agrees with `body`. The link to the record before
 * (`prev_hash`) is read from the body, which the hash covers.
 *
 * In the table `hash` is the 32 bytes (a BLOB, written through `unhex(?)`);
 * rows read through `withBodies` (audit-bodies.ts) carry it as lower-case
 * hex again. A value that is not a 32-byte BLOB is kept as it is, so it
 * matches no hash.
 */
export interface AuditRow {
  [column: string]: string | number | null;
  sequence: number;
  id: string;
  kind: 'full' | 'short';
  timestamp: string;
  session_id: string | null;
  proxy_action: string;
  hash: string;
  body: string;
}

/** Columns in insert order. */
export const AUDIT_COLUMNS = ['sequence', 'id', 'kind', 'timestamp', 'session_id', 'proxy_action', 'hash', 'body'] as const;

/** The INSERT of one row, values as `rowValues` gives them (the hash goes in as hex, is kept as bytes). */
export const AUDIT_INSERT_SQL = `INSERT INTO audit_records (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map((column) => (column === 'hash' ? 'unhex(?)' : '?')).join(', ')})`;

/** A select-list item that reads `hash` as lower-case hex (for queries that do not go through `withBodies`). */
export const HASH_HEX = "CASE typeof(hash) WHEN 'blob' THEN lower(hex(hash)) ELSE hash END AS hash";

/** True for a short-circuit row. */
export function isShortCircuit(record: AnyAuditRecord): record is ShortCircuitRecord {
  return 'short_circuit' in record;
}

/** The canonical body of a record without its hash, and that hash. */
export function sealRecord(record: object, hashHex: HashHex = sha256Hex): { body: string; hash: string } {
  const body = canonicalJson(record);
  return { body, hash: hashHex(body) };
}

/** The hash a record (without `hash`) must carry. */
export function computeRecordHash(record: object, hashHex: HashHex = sha256Hex): string {
  return sealRecord(record, hashHex).hash;
}

/** The row values of a sealed record, in `AUDIT_COLUMNS` order. */
export function rowValues(record: AnyAuditRecord, body: string): Array<string | number | null> {
  return [
    record.sequence, record.id, isShortCircuit(record) ? 'short' : 'full', record.timestamp, record.session_id,
    record.proxy_action, record.hash, body,
  ];
}

/**
 * The record a row holds, or null when the row is not what was written:
 * its body does not hash to its hash, or a column disagrees with the body.
 */
export function verifyRow(row: AuditRow, hashHex: HashHex = sha256Hex): AnyAuditRecord | null {
  const record = intactBody(row, hashHex);
  return record ? ({ ...record, hash: row.hash } as unknown as AnyAuditRecord) : null;
}

/** `verifyRow` without building the record: for the chain check, the `prev_hash` the intact body links to, or null. */
export function intactLink(row: AuditRow, hashHex: HashHex = sha256Hex): string | null {
  const prev = intactBody(row, hashHex)?.prev_hash;
  return typeof prev === 'string' ? prev : null;
}

function intactBody(row: AuditRow, hashHex: HashHex): Record<string, unknown> | null {
  if (hashHex(row.body) !== row.hash) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const kind = 'short_circuit' in record ? 'short' : 'full';
  if (
    record.sequence !== row.sequence || typeof record.prev_hash !== 'string' || record.id !== row.id || kind !== row.kind ||
    record.timestamp !== row.timestamp || record.session_id !== row.session_id || record.proxy_action !== row.proxy_action
  ) {
    return null;
  }
  return record;
}

/** True when the record's stored hash matches its content (archived records). */
export function hashMatches(record: AnyAuditRecord, hashHex: HashHex = sha256Hex): boolean {
  const { hash, ...rest } = record;
  try {
    return computeRecordHash(rest, hashHex) === hash;
  } catch {
    return false;
  }
}
