import type { AuditRecord, ProxyEvaluation } from '../../api/types.ts';
import { decisionKind } from '../../components/format.ts';

/** One decision as the overview charts count it. */
export interface DecisionPoint {
  id: string;
  at: number;
  action: string;
  score: number;
  filters: string[] | null;
  summary: string;
  type: string;
}

export function pointFromRecord(record: AuditRecord): DecisionPoint {
  return {
    id: record.id,
    at: Date.parse(record.timestamp),
    action: decisionKind(record.proxy_action),
    score: record.composite_score,
    filters: (record.filter_results ?? []).filter((r) => r.matched).map((r) => r.filter_name),
    summary: record.arguments_summary,
    type: record.tool_call_type,
  };
}

export function pointFromEvent(event: ProxyEvaluation, at: string): DecisionPoint {
  return {
    id: event.audit_id,
    at: Date.parse(at),
    action: decisionKind(event.decision),
    score: event.composite_score,
    filters: null,
    summary: event.arguments_summary,
    type: event.tool_call_type,
  };
}

/** Merges points by id; a record (with filters) completes an event point. Newest first, at most `cap`. */
export function mergePoints(current: DecisionPoint[], incoming: DecisionPoint[], cap = 1000): DecisionPoint[] {
  const byId = new Map(current.map((p) => [p.id, p]));
  for (const point of incoming) {
    const known = byId.get(point.id);
    byId.set(point.id, known && point.filters === null ? { ...point, filters: known.filters } : point);
  }
  return [...byId.values()].sort((a, b) => b.at - a.at).slice(0, cap);
}

/** Allow / queue / deny counts per minute over the last `minutes` minutes (x in seconds). */
export function perMinute(points: DecisionPoint[], now: number, minutes = 30): [number[], number[], number[], number[]] {
  const end = Math.floor(now / 60_000);
  const xs: number[] = [];
  const allow: number[] = [];
  const queue: number[] = [];
  const deny: number[] = [];
  for (let m = end - minutes + 1; m <= end; m++) {
    xs.push(m * 60);
    allow.push(0);
    queue.push(0);
    deny.push(0);
  }
  for (const point of points) {
    const index = Math.floor(point.at / 60_000) - (end - minutes + 1);
    if (index < 0 || index >= minutes) continue;
    if (point.action === 'allow') allow[index]!++;
    else if (point.action === 'queue') queue[index]!++;
    else if (point.action === 'deny') deny[index]!++;
  }
  return [xs, allow, queue, deny];
}

/** Counts of scores in ten one-point bins, 0-1 … 9-10. */
export function scoreBins(points: DecisionPoint[]): number[] {
  const bins = new Array<number>(10).fill(0);
  for (const point of points) bins[Math.min(9, Math.max(0, Math.floor(point.score)))]!++;
  return bins;
}

/** The filters that matched most often, highest first. */
export function topFilters(points: DecisionPoint[], limit = 8): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const point of points) for (const name of point.filters ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
}
