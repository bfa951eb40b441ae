/**
 * Builds the unhashed records an append chains: a full record from a scored
 * decision, or a compact short-circuit row. The log supplies the id, the
 * timestamp and (through the returned function) the chain position.
 */
import type { AuditFilterResult, AuditRecord, HashHex, ProxyAction, ShortCircuitRecord } from './audit-record.ts';
import type { Redact } from './summarize-arguments.ts';
import { argumentsHash, describeArguments } from './summarize-arguments.ts';

/** What the evaluate route records for one scored decision. */
export interface AuditAppendInput {
  /** The full tool call (with `type`); hashed whole, summarised redacted. */
  tool_call: Readonly<Record<string, unknown>>;
  session_id?: string | null;
  plugin_id?: string | null;
  composite_score: number;
  proxy_action: ProxyAction;
  filter_results: readonly AuditFilterResult[];
  evaluation_time_ms: number;
  source?: string | null;
  supervised?: { tool: string; pid: number; project_name?: string | null } | null;
}

/** A call resolved without full scoring (learned rule, allow-always, cache). */
export interface ShortCircuitInput {
  tool_call: Readonly<Record<string, unknown>>;
  session_id?: string | null;
  plugin_id?: string | null;
  composite_score: number;
  proxy_action: ProxyAction;
  source?: string | null;
  /** What resolved it, e.g. `learned_rule`. */
  reason: string;
}

type Builder<T> = (sequence: number, prevHash: string) => Omit<T, 'hash'>;

/** A full record of `input` at a chain position. */
export function fullRecordBuilder(
  input: AuditAppendInput,
  at: { id: string; timestamp: string; redact: Redact; summaryLength: number; hashHex?: HashHex },
): Builder<AuditRecord> {
  return (sequence, prevHash) => {
    // Members in canonical (sorted) order, the order record-json.ts writes them in.
    const supervised = input.supervised;
    const described = describeArguments(input.tool_call, at.redact, at.summaryLength, at.hashHex);
    const record: Omit<AuditRecord, 'hash'> = {
      arguments_hash: described.hash,
      arguments_summary: described.summary,
      composite_score: input.composite_score,
      evaluation_time_ms: input.evaluation_time_ms,
      filter_results: input.filter_results.map(inShapeOrCopied),
      id: at.id,
      plugin_id: input.plugin_id ?? null,
      prev_hash: prevHash,
      ...(supervised?.project_name != null ? { project_name: supervised.project_name } : {}),
      proxy_action: input.proxy_action,
      sequence,
      session_id: input.session_id ?? null,
      source: input.source ?? null,
      ...(supervised ? { supervised_pid: supervised.pid, supervised_tool: supervised.tool } : {}),
      timestamp: at.timestamp,
      tool_call_type: String(input.tool_call.type ?? 'Unknown'),
    };
    return record;
  };
}

const RESULT_MEMBERS = new Set(['filter_name', 'matched', 'message', 'score', 'severity']);

/**
 * A filter result as the record holds it: the engine's own object when it has
 * exactly the five members (the engine builds each call's results afresh and
 * never changes them; copying ~22 of them per record cost more than the rest
 * of the record's members), otherwise a copy of the five. The record's text
 * (record-json.ts) writes them in canonical order either way.
 */
function inShapeOrCopied(result: AuditFilterResult): AuditFilterResult {
  let members = 0;
  for (const key in result) {
    if (!Object.hasOwn(result, key)) continue;
    if (!RESULT_MEMBERS.has(key)) return copyFilterResult(result);
    members += 1;
  }
  return members === RESULT_MEMBERS.size ? result : copyFilterResult(result);
}

/** A filter result's members, in canonical order. */
function copyFilterResult(result: AuditFilterResult): AuditFilterResult {
  return { filter_name: result.filter_name, matched: result.matched, message: result.message, score: result.score, severity: result.severity };
}

/** A short-circuit row of `input` at a chain position. */
export function shortRecordBuilder(input: ShortCircuitInput, at: { id: string; timestamp: string; hashHex?: HashHex }): Builder<ShortCircuitRecord> {
  return (sequence, prevHash) => ({
    // Members in canonical (sorted) order (see fullRecordBuilder).
    arguments_hash: argumentsHash(input.tool_call, at.hashHex),
    composite_score: input.composite_score,
    id: at.id,
    plugin_id: input.plugin_id ?? null,
    prev_hash: prevHash,
    proxy_action: input.proxy_action,
    sequence,
    session_id: input.session_id ?? null,
    short_circuit: input.reason,
    source: input.source ?? null,
    timestamp: at.timestamp,
    tool_call_type: String(input.tool_call.type ?? 'Unknown'),
  });
}
