/**
 * Builds the unhashed records an append chains: a full record from a scored
 * decision, or a compact short-circuit row. The log supplies the id, the
 * timestamp and (through the returned function) the chain position.
 */
import type { AuditFilterResult, AuditRecord, HashHex, ProxyAction, ShortCircuitRecord } from './audit-record.ts';
import type { Redact } from './summarize-arguments.ts';
import { argumentsHash, summarizeArguments } from './summarize-arguments.ts';

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
    const record: Omit<AuditRecord, 'hash'> = {
      id: at.id,
      timestamp: at.timestamp,
      session_id: input.session_id ?? null,
      plugin_id: input.plugin_id ?? null,
      tool_call_type: String(input.tool_call.type ?? 'Unknown'),
      arguments_summary: summarizeArguments(input.tool_call, at.redact, at.summaryLength),
      arguments_hash: argumentsHash(input.tool_call, at.hashHex),
      composite_score: input.composite_score,
      proxy_action: input.proxy_action,
      filter_results: input.filter_results.map((result) => ({ ...result })),
      evaluation_time_ms: input.evaluation_time_ms,
      source: input.source ?? null,
      sequence,
      prev_hash: prevHash,
    };
    if (input.supervised) {
      record.supervised_tool = input.supervised.tool;
      record.supervised_pid = input.supervised.pid;
      if (input.supervised.project_name != null) record.project_name = input.supervised.project_name;
    }
    return record;
  };
}

/** A short-circuit row of `input` at a chain position. */
export function shortRecordBuilder(input: ShortCircuitInput, at: { id: string; timestamp: string; hashHex?: HashHex }): Builder<ShortCircuitRecord> {
  return (sequence, prevHash) => ({
    id: at.id,
    timestamp: at.timestamp,
    session_id: input.session_id ?? null,
    plugin_id: input.plugin_id ?? null,
    tool_call_type: String(input.tool_call.type ?? 'Unknown'),
    arguments_hash: argumentsHash(input.tool_call, at.hashHex),
    composite_score: input.composite_score,
    proxy_action: input.proxy_action,
    source: input.source ?? null,
    short_circuit: input.reason,
    sequence,
    prev_hash: prevHash,
  });
}
