/**
 * The Pro payload's row families, read from the rollups over a day range and
 * clipped to a per-family row cap. Rows are read newest day first (within a
 * day, busiest first), so whatever a cap drops comes from the oldest days;
 * the kept rows are returned oldest day first.
 */
import type { Storage } from '../../storage/types.ts';
import { ppmSplit } from './utc-day.ts';
import { withRates, type DecisionTotals } from './read-rollups.ts';

type Sql = Record<string, string | number | null>;

export interface UsageRow extends DecisionTotals { day: string; short_circuit: number; mean_composite_score: number }
export interface FilterRow { day: string; filter: string; evaluated: number; matched: number; match_rate_ppm: number; score_sum: number; matched_score_sum: number }
export interface SessionRow { day: string; session_id: string; total: number; allow: number; queue: number; deny: number; max_composite_score: number; first_at: string; last_at: string }
export interface LlmRow { day: string; llm: string; via: string; total: number; allow: number; queue: number; deny: number }
export interface DestinationRow { day: string; host: string; total: number; allow: number; queue: number; deny: number }

/** Row caps per family. */
export interface RowCaps { usage: number; filter: number; session: number; llm: number; destination: number; security_events: number }

export const DEFAULT_ROW_CAPS: RowCaps = { usage: 90, filter: 5000, session: 5000, llm: 2000, destination: 5000, security_events: 500 };

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const COUNT_COLUMNS = 'total, allow_count AS allow, queue_count AS queue, deny_count AS deny';

interface Clipped<T> { rows: T[]; truncated: boolean }

function clipped<R extends Sql, T extends { day: string }>(
  storage: Storage, sql: string, range: [string, string], cap: number, shape: (row: R) => T,
): Clipped<T> {
  const rows = storage.all<R>(`${sql} LIMIT ?`, [...range, cap + 1]);
  const kept = rows.slice(0, cap).map(shape);
  // Stable sort: oldest day first, each day keeps its busiest-first order.
  kept.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { rows: kept, truncated: rows.length > cap };
}

const RANGE = 'WHERE day >= ? AND day <= ?';

/** Every row family of the Pro payload over `[startDay, endDay]`. */
export function readProRows(storage: Storage, startDay: string, endDay: string, caps: RowCaps) {
  const range: [string, string] = [startDay, endDay];
  const usage = clipped<Sql, UsageRow>(storage,
    `SELECT day, ${COUNT_COLUMNS}, short_circuit_count, score_sum FROM analytics_day_decisions ${RANGE} ORDER BY day DESC`,
    range, caps.usage, (r) => ({
      day: String(r.day), ...withRates(Number(r.total), Number(r.allow), Number(r.queue), Number(r.deny)),
      short_circuit: Number(r.short_circuit_count),
      mean_composite_score: Number(r.total) > 0 ? round3(Number(r.score_sum) / Number(r.total)) : 0,
    }));
  const filters = clipped<Sql, FilterRow>(storage,
    `SELECT day, filter_name, evaluated, matched, score_sum, matched_score_sum FROM analytics_day_filters ${RANGE}
     ORDER BY day DESC, evaluated DESC, filter_name`,
    range, caps.filter, (r) => ({
      day: String(r.day), filter: String(r.filter_name), evaluated: Number(r.evaluated), matched: Number(r.matched),
      match_rate_ppm: ppmSplit([Number(r.matched)], Number(r.evaluated))[0]!,
      score_sum: round3(Number(r.score_sum)), matched_score_sum: round3(Number(r.matched_score_sum)),
    }));
  const sessions = clipped<Sql, SessionRow>(storage,
    `SELECT day, session_id, ${COUNT_COLUMNS}, max_score, first_at, last_at FROM analytics_day_sessions ${RANGE}
     ORDER BY day DESC, total DESC, session_id`,
    range, caps.session, (r) => ({
      day: String(r.day), session_id: String(r.session_id), total: Number(r.total), allow: Number(r.allow),
      queue: Number(r.queue), deny: Number(r.deny), max_composite_score: Number(r.max_score),
      first_at: String(r.first_at), last_at: String(r.last_at),
    }));
  const llms = clipped<Sql, LlmRow>(storage,
    `SELECT day, llm, via, ${COUNT_COLUMNS} FROM analytics_day_llms ${RANGE} ORDER BY day DESC, total DESC, llm, via`,
    range, caps.llm, (r) => ({
      day: String(r.day), llm: String(r.llm), via: String(r.via), total: Number(r.total), allow: Number(r.allow),
      queue: Number(r.queue), deny: Number(r.deny),
    }));
  const destinations = clipped<Sql, DestinationRow>(storage,
    `SELECT day, host, ${COUNT_COLUMNS} FROM analytics_day_destinations ${RANGE} ORDER BY day DESC, total DESC, host`,
    range, caps.destination, (r) => ({
      day: String(r.day), host: String(r.host), total: Number(r.total), allow: Number(r.allow),
      queue: Number(r.queue), deny: Number(r.deny),
    }));
  return { usage, filters, sessions, llms, destinations };
}

/** Totals of a window: decisions, distinct sessions and hosts, matched filter hits. */
export function windowTotals(storage: Storage, startDay: string, endDay: string) {
  const decisions = storage.get<Sql>(
    `SELECT SUM(total) AS total, SUM(allow_count) AS allow, SUM(queue_count) AS queue, SUM(deny_count) AS deny
     FROM analytics_day_decisions ${RANGE}`, [startDay, endDay]);
  const sessions = storage.get<Sql>(`SELECT COUNT(DISTINCT session_id) AS n FROM analytics_day_sessions ${RANGE}`, [startDay, endDay]);
  const hosts = storage.get<Sql>(`SELECT COUNT(DISTINCT host) AS n FROM analytics_day_destinations ${RANGE}`, [startDay, endDay]);
  const matched = storage.get<Sql>(`SELECT SUM(matched) AS n FROM analytics_day_filters ${RANGE}`, [startDay, endDay]);
  return {
    ...withRates(Number(decisions?.total ?? 0), Number(decisions?.allow ?? 0), Number(decisions?.queue ?? 0), Number(decisions?.deny ?? 0)),
    sessions: Number(sessions?.n ?? 0),
    destinations: Number(hosts?.n ?? 0),
    filter_matches: Number(matched?.n ?? 0),
  };
}
