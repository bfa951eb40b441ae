/**
 * Applies a batch's deltas to the rollup tables with upserts. Called inside
 * the projector's transaction, together with the watermark update, so a
 * batch is either fully projected or not at all.
 */
import type { Storage } from '../../storage/types.ts';
import type { BatchDeltas, Counts } from './aggregate-batch.ts';

const COUNT_UPDATE =
  'total = total + excluded.total, allow_count = allow_count + excluded.allow_count, ' +
  'queue_count = queue_count + excluded.queue_count, deny_count = deny_count + excluded.deny_count';

const counts = (c: Counts) => [c.total, c.allow, c.queue, c.deny];

/** Writes every delta of `deltas`. */
export function writeDeltas(storage: Storage, deltas: BatchDeltas): void {
  for (const [day, d] of deltas.decisions) {
    storage.run(
      `INSERT INTO analytics_day_decisions (day, total, allow_count, queue_count, deny_count, short_circuit_count, score_sum)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day) DO UPDATE SET ${COUNT_UPDATE},
       short_circuit_count = short_circuit_count + excluded.short_circuit_count, score_sum = score_sum + excluded.score_sum`,
      [day, ...counts(d), d.short_circuit, d.score_sum],
    );
  }
  for (const [day, byName] of deltas.filters) {
    for (const [name, f] of byName) {
      storage.run(
        `INSERT INTO analytics_day_filters (day, filter_name, evaluated, matched, score_sum, matched_score_sum)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day, filter_name) DO UPDATE SET evaluated = evaluated + excluded.evaluated,
         matched = matched + excluded.matched, score_sum = score_sum + excluded.score_sum,
         matched_score_sum = matched_score_sum + excluded.matched_score_sum`,
        [day, name, f.evaluated, f.matched, f.score_sum, f.matched_score_sum],
      );
    }
  }
  for (const [day, bySession] of deltas.sessions) {
    for (const [session, s] of bySession) {
      storage.run(
        `INSERT INTO analytics_day_sessions (day, session_id, total, allow_count, queue_count, deny_count, max_score, first_at, last_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, session_id) DO UPDATE SET ${COUNT_UPDATE},
         max_score = MAX(max_score, excluded.max_score), first_at = MIN(first_at, excluded.first_at),
         last_at = MAX(last_at, excluded.last_at)`,
        [day, session, ...counts(s), s.max_score, s.first_at, s.last_at],
      );
    }
  }
  for (const [day, byLlm] of deltas.llms) {
    for (const [key, c] of byLlm) {
      const [via, llm] = key.split('\u0000') as [string, string];
      storage.run(
        `INSERT INTO analytics_day_llms (day, llm, via, total, allow_count, queue_count, deny_count)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, llm, via) DO UPDATE SET ${COUNT_UPDATE}`,
        [day, llm, via, ...counts(c)],
      );
    }
  }
  for (const [day, byHost] of deltas.destinations) {
    for (const [host, c] of byHost) {
      storage.run(
        `INSERT INTO analytics_day_destinations (day, host, total, allow_count, queue_count, deny_count)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day, host) DO UPDATE SET ${COUNT_UPDATE}`,
        [day, host, ...counts(c)],
      );
    }
  }
  for (const e of deltas.events) {
    storage.run(
      `INSERT OR REPLACE INTO analytics_events (sequence, day, audit_id, at, session_id, tool_call_type, action, composite_score, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [e.sequence, e.day, e.audit_id, e.at, e.session_id, e.tool_call_type, e.action, e.composite_score, e.reason],
    );
  }
}
