/**
 * Records the decision path hands the projector as they become durable, so
 * the worker folds them from memory instead of reading each row back out of
 * the store and parsing its body again. Only an unbroken run right after the
 * watermark is taken from here; anything else (a record appended by another
 * path, a restart, a rebuild) is read from the store as before.
 */
import type { AnyAuditRecord } from '../audit/audit-record.ts';
import type { SourceRow } from './aggregate-batch.ts';

/** Records held at most (a few seconds of decisions, ~25 MB at worst); beyond that the oldest are dropped (the store still has them). */
const MAX_HELD = 10_000;

export interface FedRows {
  /** Holds a durable record for the projector. */
  offer(record: AnyAuditRecord): void;
  /** Up to `limit` held rows with sequences `after + 1`, `after + 2`, … (none when `after + 1` is not held). */
  take(after: number, limit: number): SourceRow[];
}

/** The projector's view of a record: what `toSourceRow` reads from its stored row. */
export function sourceRowOf(record: AnyAuditRecord): SourceRow {
  const short = 'short_circuit' in record;
  return {
    sequence: record.sequence,
    id: record.id,
    kind: short ? 'short' : 'full',
    timestamp: record.timestamp,
    session_id: record.session_id,
    plugin_id: record.plugin_id,
    tool_call_type: record.tool_call_type,
    arguments_summary: short ? null : record.arguments_summary,
    composite_score: record.composite_score,
    proxy_action: record.proxy_action,
    filter_results: short ? null : record.filter_results,
    source: record.source,
    supervised_tool: short ? null : record.supervised_tool ?? null,
    short_circuit: short ? record.short_circuit : null,
  };
}

export function createFedRows(): FedRows {
  const held = new Map<number, AnyAuditRecord>();
  return {
    offer(record) {
      if (held.size >= MAX_HELD) {
        for (const sequence of held.keys()) {
          held.delete(sequence);
          if (held.size < MAX_HELD / 2) break;
        }
      }
      held.set(record.sequence, record);
    },
    take(after, limit) {
      const rows: SourceRow[] = [];
      for (let sequence = after + 1; rows.length < limit; sequence++) {
        const record = held.get(sequence);
        if (record === undefined) break;
        rows.push(sourceRowOf(record));
      }
      // What precedes the watermark is never asked for again (held in about sequence order).
      for (const sequence of held.keys()) {
        if (sequence > after) break;
        held.delete(sequence);
      }
      return rows;
    },
  };
}
