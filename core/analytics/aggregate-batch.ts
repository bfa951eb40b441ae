/**
 * Folds a batch of audit rows into per-day rollup deltas (pure; no storage).
 *
 * What each family counts:
 * - decisions: every record, full or short-circuit, by `proxy_action`;
 * - filters: every entry of a full record's `filter_results` (evaluated,
 *   matched, score sums); short-circuit rows have none;
 * - sessions: records with a `session_id`;
 * - LLMs: every record, keyed by the agent front-end that issued the call:
 *   the `supervised_tool` of a supervised call, else the `plugin_id` that
 *   submitted it, else the record's `source`, else `unknown`; `via` names the
 *   field that identified it (`supervised_tool`, `plugin_id`, `source`, `none`);
 * - destinations: egress calls with a parseable host (destination.ts);
 * - events: every queue and deny decision.
 */
import { destinationOf } from './destination.ts';
import { dayOfTimestamp, microsOfTimestamp } from './utc-day.ts';

/** The fields of an audit record the projection reads (see read-audit-rows.ts). */
export interface SourceRow {
  sequence: number;
  id: string;
  kind: string;
  timestamp: string;
  session_id: string | null;
  plugin_id: string | null;
  tool_call_type: string;
  arguments_summary: string | null;
  composite_score: number;
  proxy_action: string;
  /** An array of filter results, or its JSON text. */
  filter_results: unknown;
  source: string | null;
  supervised_tool: string | null;
  short_circuit: string | null;
}

/** allow/queue/deny counters. */
export interface Counts { total: number; allow: number; queue: number; deny: number }

export interface DecisionDelta extends Counts { short_circuit: number; score_sum: number }
export interface FilterDelta { evaluated: number; matched: number; score_sum: number; matched_score_sum: number }
export interface SessionDelta extends Counts { max_score: number; first_at: string; last_at: string }
export interface SecurityEvent {
  sequence: number; day: string; audit_id: string; at: string; session_id: string | null;
  tool_call_type: string; action: 'queue' | 'deny'; composite_score: number; reason: string;
}

/** A batch's deltas, keyed by `day` then by the family's key. */
export interface BatchDeltas {
  decisions: Map<string, DecisionDelta>;
  filters: Map<string, Map<string, FilterDelta>>;
  sessions: Map<string, Map<string, SessionDelta>>;
  /** Key: `${via}\u0000${llm}`. */
  llms: Map<string, Map<string, Counts>>;
  destinations: Map<string, Map<string, Counts>>;
  events: SecurityEvent[];
}

interface FilterResult { filter_name?: unknown; matched?: unknown; score?: unknown; message?: unknown }

const zero = (): Counts => ({ total: 0, allow: 0, queue: 0, deny: 0 });

function inner<V>(outer: Map<string, Map<string, V>>, day: string, key: string, make: () => V): V {
  let byKey = outer.get(day);
  if (!byKey) outer.set(day, (byKey = new Map()));
  let value = byKey.get(key);
  if (!value) byKey.set(key, (value = make()));
  return value;
}

function count(counts: Counts, action: string): void {
  counts.total += 1;
  if (action === 'allow' || action === 'queue' || action === 'deny') counts[action] += 1;
}

function parseFilters(value: unknown): FilterResult[] {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is FilterResult => typeof item === 'object' && item !== null) : [];
}

/** The LLM key of a record (see the module comment). */
export function llmOf(row: Pick<SourceRow, 'supervised_tool' | 'plugin_id' | 'source'>): { llm: string; via: string } {
  if (row.supervised_tool) return { llm: row.supervised_tool, via: 'supervised_tool' };
  if (row.plugin_id) return { llm: row.plugin_id, via: 'plugin_id' };
  if (row.source) return { llm: row.source, via: 'source' };
  return { llm: 'unknown', via: 'none' };
}

/** Why a call was queued or denied: its strongest matched filter, else what resolved it. */
function reasonOf(row: SourceRow, filters: FilterResult[]): string {
  let best: FilterResult | null = null;
  for (const result of filters) {
    if (result.matched !== true) continue;
    if (!best || Number(result.score) > Number(best.score)) best = result;
  }
  if (best) return `${String(best.filter_name)}: ${String(best.message ?? '')}`.slice(0, 200);
  if (row.short_circuit) return `short-circuit: ${row.short_circuit}`;
  return `composite score ${row.composite_score}`;
}

/** Empty deltas. */
export function emptyDeltas(): BatchDeltas {
  return { decisions: new Map(), filters: new Map(), sessions: new Map(), llms: new Map(), destinations: new Map(), events: [] };
}

/** Adds one record to `deltas`; false when its timestamp cannot be dated (nothing is counted). */
export function addRecord(deltas: BatchDeltas, row: SourceRow, day: string | null = dayOfTimestamp(row.timestamp)): boolean {
  const at = microsOfTimestamp(row.timestamp);
  if (day === null || at === null) return false;
  const action = row.proxy_action;
  const score = Number(row.composite_score) || 0;
  let decision = deltas.decisions.get(day);
  if (!decision) deltas.decisions.set(day, (decision = { ...zero(), short_circuit: 0, score_sum: 0 }));
  count(decision, action);
  if (row.kind === 'short') decision.short_circuit += 1;
  decision.score_sum += score;

  const filters = row.kind === 'short' ? [] : parseFilters(row.filter_results);
  for (const result of filters) {
    const name = typeof result.filter_name === 'string' ? result.filter_name : '';
    if (!name) continue;
    const delta = inner(deltas.filters, day, name, () => ({ evaluated: 0, matched: 0, score_sum: 0, matched_score_sum: 0 }));
    const filterScore = Number(result.score) || 0;
    delta.evaluated += 1;
    delta.score_sum += filterScore;
    if (result.matched === true) {
      delta.matched += 1;
      delta.matched_score_sum += filterScore;
    }
  }
  if (row.session_id) {
    const session = inner(deltas.sessions, day, row.session_id, () => ({ ...zero(), max_score: 0, first_at: at, last_at: at }));
    count(session, action);
    session.max_score = Math.max(session.max_score, score);
    if (at < session.first_at) session.first_at = at;
    if (at > session.last_at) session.last_at = at;
  }
  const { llm, via } = llmOf(row);
  count(inner(deltas.llms, day, `${via}\u0000${llm}`, zero), action);
  const host = destinationOf(row.tool_call_type, row.arguments_summary);
  if (host) count(inner(deltas.destinations, day, host, zero), action);
  if (action === 'queue' || action === 'deny') {
    deltas.events.push({
      sequence: row.sequence, day, audit_id: row.id, at, session_id: row.session_id,
      tool_call_type: row.tool_call_type, action, composite_score: score, reason: reasonOf(row, filters),
    });
  }
  return true;
}
