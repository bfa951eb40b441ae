/**
 * Reads of the rollup tables shared by both payloads. Every read is bounded
 * by a day range on the tables' primary keys, so its cost depends on the
 * window, not on the size of the audit log.
 */
import type { Storage } from '../../storage/types.ts';
import { ppmSplit } from './utc-day.ts';

/** Decision totals of a day range, with ppm rates. */
export interface DecisionTotals {
  total: number;
  allow: number;
  queue: number;
  deny: number;
  allow_rate_ppm: number;
  queue_rate_ppm: number;
  deny_rate_ppm: number;
}

/** A queue or deny decision as the payloads show it. */
export interface SecurityEventRow {
  audit_id: string;
  at: string;
  session_id: string | null;
  tool_call_type: string;
  action: 'queue' | 'deny';
  composite_score: number;
  reason: string;
}

interface SumRow { [column: string]: number | null; total: number | null; allow: number | null; queue: number | null; deny: number | null }

/** Adds the ppm rates to raw counts. */
export function withRates(total: number, allow: number, queue: number, deny: number): DecisionTotals {
  const [allowPpm, queuePpm, denyPpm] = ppmSplit([allow, queue, deny], total) as [number, number, number];
  return { total, allow, queue, deny, allow_rate_ppm: allowPpm, queue_rate_ppm: queuePpm, deny_rate_ppm: denyPpm };
}

/** Decision totals over `[startDay, endDay]`. */
export function decisionTotals(storage: Storage, startDay: string, endDay: string): DecisionTotals {
  const row = storage.get<SumRow>(
    `SELECT SUM(total) AS total, SUM(allow_count) AS allow, SUM(queue_count) AS queue, SUM(deny_count) AS deny
     FROM analytics_day_decisions WHERE day >= ? AND day <= ?`,
    [startDay, endDay],
  );
  return withRates(row?.total ?? 0, row?.allow ?? 0, row?.queue ?? 0, row?.deny ?? 0);
}

/** The newest `limit` security events from `startDay` on, newest first. */
export function securityEvents(storage: Storage, startDay: string, limit: number): SecurityEventRow[] {
  return storage.all<SecurityEventRow & { [column: string]: string | number | null }>(
    `SELECT audit_id, at, session_id, tool_call_type, action, composite_score, reason
     FROM analytics_events WHERE day >= ? ORDER BY day DESC, sequence DESC LIMIT ?`,
    [startDay, limit],
  );
}

/** The timestamp of the newest audit record in the hot table, or null. */
export function latestAuditTimestamp(storage: Storage): string | null {
  const table = storage.get("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'");
  if (!table) return null;
  const row = storage.get<{ timestamp: string }>('SELECT timestamp FROM audit_records ORDER BY sequence DESC LIMIT 1');
  return row?.timestamp ?? null;
}
