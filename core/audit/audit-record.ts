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

/** The `prev_hash` of sequence 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** The stored row (table `audit_records`). */
export interface AuditRow {
  [column: string]: string | number | null;
  sequence: number;
  id: string;
  kind: 'full' | 'short';
  timestamp: string;
  session_id: string | null;
  plugin_id: string | null;
  tool_call_type: string;
  arguments_summary: string | null;
  arguments_hash: string;
  composite_score: number;
  proxy_action: string;
  filter_results: string | null;
  evaluation_time_ms: number | null;
  source: string | null;
  supervised_tool: string | null;
  supervised_pid: number | null;
  project_name: string | null;
  short_circuit: string | null;
  prev_hash: string;
  hash: string;
}

/** Columns in insert order. */
export const AUDIT_COLUMNS = [
  'sequence', 'id', 'kind', 'timestamp', 'session_id', 'plugin_id', 'tool_call_type', 'arguments_summary',
  'arguments_hash', 'composite_score', 'proxy_action', 'filter_results', 'evaluation_time_ms', 'source',
  'supervised_tool', 'supervised_pid', 'project_name', 'short_circuit', 'prev_hash', 'hash',
] as const;

/** True for a short-circuit row. */
export function isShortCircuit(record: AnyAuditRecord): record is ShortCircuitRecord {
  return 'short_circuit' in record;
}

/** The hash a record (without `hash`) must carry. */
export function computeRecordHash(record: object): string {
  return sha256Hex(canonicalJson(record));
}

/** The served record of a row, in the spec's field order; `hash` as stored. */
export function recordFromRow(row: AuditRow): AnyAuditRecord {
  if (row.kind === 'short') {
    return {
      id: row.id, timestamp: row.timestamp, session_id: row.session_id, plugin_id: row.plugin_id,
      tool_call_type: row.tool_call_type, arguments_hash: row.arguments_hash, composite_score: row.composite_score,
      proxy_action: row.proxy_action as ProxyAction, source: row.source, short_circuit: row.short_circuit ?? '',
      sequence: row.sequence, prev_hash: row.prev_hash, hash: row.hash,
    };
  }
  const record: AuditRecord = {
    id: row.id, timestamp: row.timestamp, session_id: row.session_id, plugin_id: row.plugin_id,
    tool_call_type: row.tool_call_type, arguments_summary: row.arguments_summary ?? '',
    arguments_hash: row.arguments_hash, composite_score: row.composite_score,
    proxy_action: row.proxy_action as ProxyAction, filter_results: parseFilterResults(row.filter_results),
    evaluation_time_ms: row.evaluation_time_ms ?? 0, source: row.source,
    sequence: row.sequence, prev_hash: row.prev_hash, hash: row.hash,
  };
  if (row.supervised_tool !== null) record.supervised_tool = row.supervised_tool;
  if (row.supervised_pid !== null) record.supervised_pid = row.supervised_pid;
  if (row.project_name !== null) record.project_name = row.project_name;
  return record;
}

/** The row values of a record, in `AUDIT_COLUMNS` order. */
export function rowValues(record: AnyAuditRecord): Array<string | number | null> {
  const short = isShortCircuit(record);
  const full = short ? null : record;
  return [
    record.sequence, record.id, short ? 'short' : 'full', record.timestamp, record.session_id, record.plugin_id,
    record.tool_call_type, full ? full.arguments_summary : null, record.arguments_hash, record.composite_score,
    record.proxy_action, full ? canonicalJson(full.filter_results) : null, full ? full.evaluation_time_ms : null,
    record.source, full?.supervised_tool ?? null, full?.supervised_pid ?? null, full?.project_name ?? null,
    short ? record.short_circuit : null, record.prev_hash, record.hash,
  ];
}

/** True when the record's stored hash matches its content. */
export function hashMatches(record: AnyAuditRecord): boolean {
  const { hash, ...rest } = record;
  try {
    return computeRecordHash(rest) === hash;
  } catch {
    return false;
  }
}

function parseFilterResults(text: string | null): AuditFilterResult[] {
  if (text === null) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as AuditFilterResult[]) : [];
  } catch {
    // Unparseable text was tampered with; the hash check reports it.
    return [{ filter_name: '', matched: false, score: 0, severity: 'notice', message: text }];
  }
}
