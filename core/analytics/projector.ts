/**
 * Projects the audit log into the rollup tables from a sequence watermark:
 * each step reads only records after the watermark (by primary key), folds
 * them into deltas and writes deltas and the new watermark in one
 * transaction. Nothing ever rescans the log, except `rebuild`, which clears
 * the rollups and restarts from sequence 0.
 *
 * A record whose sequence does not follow the watermark means records left
 * the hot table (archived or lost) before they were projected: `gap_count`
 * counts those jumps.
 */
import type { Storage } from '../../storage/types.ts';
import { addRecord, emptyDeltas, type SourceRow } from './aggregate-batch.ts';
import type { FedRows } from './fed-rows.ts';
import { readAuditRowsAfter } from './read-audit-rows.ts';
import { ROLLUP_TABLES, readProjectionState, type ProjectionState } from './projection-schema.ts';
import { dayOfTimestamp, daysBetween, microsOfTimestamp } from './utc-day.ts';
import { writeDeltas } from './write-deltas.ts';

/** Records per batch. */
export const DEFAULT_BATCH_SIZE = 500;

/** What one catch-up may do. */
export interface CatchUpLimits {
  maxBatches: number;
  /** Distinct UTC days of records one catch-up may touch; Infinity for no limit. */
  maxDays: number;
  /**
   * The worker's catch-up: after a batch of handed-over records (fed-rows.ts),
   * records the decision path has not handed over yet (committed, usually
   * not durable yet) are left for a later catch-up instead of read back.
   */
  awaitFeed?: boolean;
}

export interface CatchUpResult {
  batches: number;
  records: number;
  /** True when nothing is left after the watermark. */
  caughtUp: boolean;
  /** With `awaitFeed`: records are left that the decision path should hand over soon. */
  awaitingFeed?: boolean;
}

/** The freshness block (spec: Freshness block). */
export interface Freshness {
  materialized_through_at: string | null;
  materialized_through_sequence: number;
  dirty_day_count: number;
  rebuilding: boolean;
  gap_count: number;
}

export interface Projector {
  catchUp(limits: CatchUpLimits): CatchUpResult;
  freshness(): Freshness;
  /** Clears the rollups and resets the watermark; the next catch-ups re-project. */
  rebuild(): void;
  /** Deletes rollup rows of days before `day` (retention). */
  pruneBefore(day: string): void;
  /** Audit records folded so far, read or handed over (for tests and benches: proves there is no rescan). */
  readonly rowsRead: number;
}

interface HeadRow { [column: string]: string | number; sequence: number; timestamp: string }

/** A projector over `storage`; the projection schema must exist (projection-schema.ts). */
export function createProjector(storage: Storage, options: { batchSize?: number; fed?: FedRows } = {}): Projector {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let rowsRead = 0;
  let auditTableSeen = false;

  const auditTableExists = (): boolean => {
    auditTableSeen ||= storage.get("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'") !== undefined;
    return auditTableSeen;
  };
  const state = (): ProjectionState => {
    const row = readProjectionState(storage);
    if (!row) throw new Error('analytics projection state is missing');
    return row;
  };
  const edge = (order: 'ASC' | 'DESC', after: number): HeadRow | undefined =>
    auditTableExists()
      ? storage.get<HeadRow>(`SELECT sequence, timestamp FROM audit_records WHERE sequence > ? ORDER BY sequence ${order} LIMIT 1`, [after])
      : undefined;

  const rebuild = (): void => {
    storage.transaction(() => {
      for (const table of ROLLUP_TABLES) storage.run(`DELETE FROM ${table}`);
      storage.run('UPDATE analytics_state SET through_sequence = 0, through_at = NULL, gap_count = 0, rebuilding = 1 WHERE id = 1');
    });
  };

  /** One batch; returns how many records it consumed and whether the day limit stopped it. */
  const step = (through: number, days: Set<string>, maxDays: number) => {
    const fedRows = options.fed?.take(through, batchSize) ?? [];
    const rows = fedRows.length > 0 ? fedRows : readAuditRowsAfter(storage, through, batchSize);
    rowsRead += rows.length;
    const deltas = emptyDeltas();
    let last: SourceRow | null = null;
    let gaps = 0;
    let dayLimited = false;
    let previous = through;
    for (const row of rows) {
      const day = dayOfTimestamp(row.timestamp);
      if (day !== null && !days.has(day)) {
        if (days.size >= maxDays) {
          dayLimited = true;
          break;
        }
        days.add(day);
      }
      if (row.sequence !== previous + 1) gaps += 1;
      addRecord(deltas, row, day);
      previous = row.sequence;
      last = row;
    }
    if (last) {
      const lastRow = last;
      storage.transaction(() => {
        writeDeltas(storage, deltas);
        storage.run(
          'UPDATE analytics_state SET through_sequence = ?, through_at = ?, gap_count = gap_count + ? WHERE id = 1',
          [lastRow.sequence, microsOfTimestamp(lastRow.timestamp), gaps],
        );
      });
    }
    const consumed = last ? rows.indexOf(last) + 1 : 0;
    // Fewer rows held than a batch says nothing about the store: the caller asks it.
    return { consumed, through: previous, exhausted: !dayLimited && fedRows.length === 0 && rows.length < batchSize, dayLimited, fed: fedRows.length > 0 };
  };

  return {
    catchUp({ maxBatches, maxDays, awaitFeed = false }) {
      if (!auditTableExists()) return { batches: 0, records: 0, caughtUp: true };
      let { through_sequence: through, rebuilding } = state();
      const head = edge('DESC', -1);
      if (head && head.sequence < through) {
        // The log restarted below the watermark (a replaced store): re-project it.
        rebuild();
        through = 0;
        rebuilding = 1;
      }
      const days = new Set<string>();
      let batches = 0;
      let records = 0;
      let caughtUp = head === undefined || head.sequence <= through;
      let awaitingFeed = false;
      while (!caughtUp && batches < maxBatches) {
        const result = step(through, days, maxDays);
        batches += 1;
        records += result.consumed;
        through = result.through;
        caughtUp = result.exhausted || through >= head!.sequence || edge('ASC', through) === undefined;
        if (result.dayLimited) break;
        if (!caughtUp && awaitFeed && result.fed) {
          awaitingFeed = true;
          break;
        }
      }
      if (caughtUp && rebuilding) storage.run('UPDATE analytics_state SET rebuilding = 0 WHERE id = 1');
      return awaitingFeed ? { batches, records, caughtUp, awaitingFeed } : { batches, records, caughtUp };
    },
    freshness() {
      const current = state();
      const firstPending = edge('ASC', current.through_sequence);
      const head = firstPending ? edge('DESC', current.through_sequence) : undefined;
      const firstDay = firstPending ? dayOfTimestamp(firstPending.timestamp) : null;
      const lastDay = head ? dayOfTimestamp(head.timestamp) : null;
      const dirty = firstPending ? (firstDay && lastDay ? Math.max(0, daysBetween(firstDay, lastDay)) + 1 : 1) : 0;
      return {
        materialized_through_at: current.through_at,
        materialized_through_sequence: current.through_sequence,
        dirty_day_count: dirty,
        rebuilding: current.rebuilding === 1,
        gap_count: current.gap_count,
      };
    },
    rebuild,
    pruneBefore(day) {
      storage.transaction(() => {
        for (const table of ROLLUP_TABLES) storage.run(`DELETE FROM ${table} WHERE day < ?`, [day]);
      });
    },
    get rowsRead() {
      return rowsRead;
    },
  };
}
