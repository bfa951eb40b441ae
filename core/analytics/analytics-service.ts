/**
 * The analytics service: keeps the projection servable, runs the bounded
 * catch-up before each read and a background worker (on `deps.timers`) that
 * drains whatever the reads leave behind.
 *
 * Per read: at most `READ_MAX_BATCHES` batches and `READ_MAX_DAYS` distinct
 * UTC days of records (spec, Limits). The worker projects one batch per tick
 * and yields to the event loop between ticks; it is woken by reads that
 * leave work, by every durable decision (`recorded`, which also hands it the
 * record so it is folded from memory, fed-rows.ts), and at start.
 */
import type { Logger, Timers } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { Storage } from '../../storage/types.ts';
import { buildFreePayload, buildProPayload, type FreePayload, type ProPayload } from './analytics-payloads.ts';
import type { ChainHealth } from './chain-health.ts';
import { DEFAULT_ROW_CAPS, type RowCaps } from './pro-rows.ts';
import { ensureProjectionSchema } from './projection-schema.ts';
import type { AnyAuditRecord } from '../audit/audit-record.ts';
import { createFedRows } from './fed-rows.ts';
import { createProjector, type CatchUpLimits, type CatchUpResult, type Freshness, type Projector } from './projector.ts';
import { addDays, dayOf } from './utc-day.ts';

export const READ_MAX_BATCHES = 4;
export const READ_MAX_DAYS = 8;
/**
 * Days of rollups kept (the longest window plus a margin); the worker prunes
 * older days once per UTC day. A rebuild re-projects only what the hot audit
 * log still holds (`[audit] cold_after_days`, 30 by default).
 */
export const RETENTION_DAYS = 100;

export interface AnalyticsOptions {
  storage: Storage;
  now: () => number;
  timers: Timers;
  log: Logger;
  /** `chain_health` as the audit module reports it (replaceable with `setChainHealth`). */
  chainHealth: () => ChainHealth;
  /** Whether the licence would allow the Pro route. */
  proAvailable: () => boolean;
  batchSize?: number;
  rowCaps?: Partial<RowCaps>;
  /**
   * Delay before the worker's first tick after a wake-up (ms). Default 250:
   * a tick's upserts (one per day and session, filter, LLM…) then cover
   * every decision of the interval; reads catch up on their own.
   */
  workerDelayMs?: number;
}

export interface AnalyticsService {
  /** Free payload, after a bounded catch-up. Throws 503 ANALYTICS_UNAVAILABLE. */
  free(): FreePayload;
  /** Pro payload, after a bounded catch-up. Gate the route before calling this. */
  pro(): ProPayload;
  /** The freshness block as it stands (no catch-up). */
  freshness(): Freshness;
  /** Clears and re-projects the rollups; resolves when the worker has caught up. */
  rebuild(): Promise<void>;
  /** Wakes the worker (new records exist). */
  poke(): void;
  /** A durable record from the decision path: held for the worker to fold without reading it back, then `poke`. */
  recorded(record: AnyAuditRecord): void;
  /** Replaces the source of `chain_health` (for the code that opens the audit log). */
  setChainHealth(source: () => ChainHealth): void;
  /** Resolves once the worker finds nothing left to project. */
  idle(): Promise<void>;
  readonly projector: Projector;
  close(): void;
}

/** Builds the service; touches storage only when a read or the worker runs. */
export function createAnalyticsService(options: AnalyticsOptions): AnalyticsService {
  const { storage, timers, log } = options;
  const caps: RowCaps = { ...DEFAULT_ROW_CAPS, ...options.rowCaps };
  const delay = options.workerDelayMs ?? 250;
  const fed = createFedRows();
  const projector = createProjector(storage, { batchSize: options.batchSize, fed });
  let handle: unknown = null;
  let closed = false;
  let waiters: Array<() => void> = [];
  let prunedOn: string | null = null;
  let chainHealth = options.chainHealth;

  const pruneIfDue = (): void => {
    const today = dayOf(options.now());
    if (prunedOn === today || storage.readOnly) return;
    projector.pruneBefore(addDays(today, -(RETENTION_DAYS - 1)));
    prunedOn = today;
  };

  const ensure = (): void => {
    const availability = ensureProjectionSchema(storage);
    if (!availability.ok) {
      throw new HttpError(503, 'ANALYTICS_UNAVAILABLE',
        `analytics are unavailable: ${availability.reason}; restart the daemon so it can rebuild the analytics projection`);
    }
    if (availability.rebuilt) schedule();
  };

  /** A catch-up that never fails a read: a store that refuses writes serves what is materialised. */
  const tryCatchUp = (limits: CatchUpLimits): CatchUpResult | null => {
    try {
      return projector.catchUp(limits);
    } catch (error) {
      if (!storage.readOnly) throw error;
      return null;
    }
  };

  const settle = (): void => {
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  function schedule(ms = delay): void {
    if (handle !== null || closed) return;
    handle = timers.setTimeout(tick, ms);
  }

  function tick(): void {
    handle = null;
    if (closed) return settle();
    try {
      ensure();
      const result = tryCatchUp({ maxBatches: 1, maxDays: Infinity, awaitFeed: true });
      // Records about to be handed over are folded at the next tick, not read back now.
      if (result && !result.caughtUp) return schedule(result.awaitingFeed ? delay : 0);
      pruneIfDue();
      settle();
      storage.flush().catch((error: unknown) => log.warn('analytics flush failed', { error: String(error) }));
    } catch (error) {
      settle();
      // An unservable projection waits for a restart (a read reports it); anything else is retried.
      if (error instanceof HttpError) return;
      log.warn('analytics worker failed; retrying', { error: error instanceof Error ? error.message : String(error) });
      schedule(5_000);
    }
  }

  const idle = (): Promise<void> =>
    new Promise<void>((resolve) => {
      waiters.push(resolve);
      schedule(0);
    });

  const beforeRead = (): Freshness => {
    ensure();
    const result = tryCatchUp({ maxBatches: READ_MAX_BATCHES, maxDays: READ_MAX_DAYS });
    if (!result || !result.caughtUp) schedule();
    return projector.freshness();
  };

  return {
    free() {
      const freshness = beforeRead();
      return buildFreePayload({
        storage, now: options.now(), freshness, chainHealth: chainHealth(), proAvailable: options.proAvailable(),
      });
    },
    pro() {
      const freshness = beforeRead();
      return buildProPayload({ storage, now: options.now(), freshness, caps });
    },
    freshness() {
      ensure();
      return projector.freshness();
    },
    rebuild() {
      ensure();
      projector.rebuild();
      return idle();
    },
    poke: () => schedule(),
    recorded(record) {
      fed.offer(record);
      schedule();
    },
    setChainHealth(source) {
      chainHealth = source;
    },
    idle,
    projector,
    close() {
      closed = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      settle();
    },
  };
}
