import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock, Hash, Logger, Random, Timers } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { DigestForensics, DigestItem, WebhookAction } from '../schemas/digest.ts';
import { uuidFrom } from '../security/hex.ts';
import type { SubsystemHealth } from '../services.ts';
import type { Storage } from '../../storage/types.ts';
import { applyReview, type ReviewInput } from './apply-review.ts';
import { createDigestEvents } from './digest-events.ts';
import { rowForDecision, type DigestFiling } from './digest-filing.ts';
import { createDigestStore, itemOf, ownBreakdown, referredSequence, toForensics, toItem, type ItemRow } from './digest-store.ts';
import { ensureDigestTables } from './digest-tables.ts';
import type { LearnedRules } from './learned-rules.ts';
import { ACTION_RULES, type RouteAction } from './review-actions.ts';
import { createReviewNonces, hashNonce } from './review-nonces.ts';
import { createReviewTimeouts } from './review-timeouts.ts';
import { createReviewWaiters } from './review-waiters.ts';

export interface DigestOptions {
  storage: Storage;
  clock: Clock;
  random: Random;
  timers: Timers;
  log: Logger;
  hub: RealtimeHub;
  /** `proxy.review_timeout_seconds` in ms: an unreviewed item is auto-denied (expired) after it. */
  reviewTimeoutMs: number;
  /** The learned / allow-always rules: the digest adds them on review; the scoring engine reads them. */
  rules: LearnedRules;
  /** What reviews do to the item's session (the supervisor): unlock-egress and deny-terminate. */
  sessions: ReviewedSessions;
  /** The host's native SHA-256 for the call keys; core's own when absent. */
  hash?: Hash;
  /** Where an item filed from a full audit record reads its filter breakdown (that record's results). */
  records: Pick<AuditLog, 'filterResults'>;
}

/** What a review does to the session of its item. */
export interface ReviewedSessions {
  /** Ends the session's containment; true only when it was contained and now is not. */
  releaseContainment(sessionId: string): boolean;
  /** deny-terminate: stops the session (`terminate` on `/ws/supervisor/{id}`). */
  terminate(sessionId: string, digestId: string, reason: string): Promise<void>;
}

/** The answer of a dashboard review action. */
export interface ReviewResult {
  status: string;
  id: string;
  containment_released?: boolean;
}

const isOpen = (status: string) => status === 'pending' || status === 'escalated';

/**
 * The quarantine digest: files queue decisions (for core/decisions), lists
 * open items, applies review actions per the state table, answers waiting
 * callers, auto-denies items nobody reviews, and keeps the learned rules.
 * Every write is made durable (`storage.flush()`) before its effects go out.
 */
export function createDigestService(options: DigestOptions) {
  const { storage, clock, log } = options;
  ensureDigestTables(storage);
  const store = createDigestStore(storage);
  const { rules } = options;
  const nowIso = () => new Date(clock.now()).toISOString();
  const newId = () => uuidFrom(options.random.bytes(16));
  const hashHex = options.hash ? (text: string) => options.hash!.sha256Hex(text) : undefined;
  const nonces = createReviewNonces(storage, options.random, nowIso);
  const events = createDigestEvents(options.hub);
  const waiters = createReviewWaiters(options.timers);
  const timeouts = createReviewTimeouts(options.timers, () => clock.now(), (id) => void expire(id));
  // Health is polled often; the open-item counts are re-read at most once a second.
  let healthCache: { at: number; value: SubsystemHealth } | null = null;

  const mustGet = (id: string): ItemRow => {
    const row = store.get(id);
    if (!row) throw new HttpError(404, 'NOT_FOUND', `no digest item ${id}`);
    return row;
  };
  /**
   * Each row's filter breakdown: its own, or its audit record's results
   * (read once for all the rows); an item whose record is no longer intact
   * shows none.
   */
  async function breakdowns(rows: readonly ItemRow[]): Promise<unknown[]> {
    const sequences = rows.map(referredSequence).filter((sequence) => sequence !== null);
    const recorded = sequences.length > 0 ? await options.records.filterResults(sequences) : null;
    return rows.map((row) => {
      const sequence = referredSequence(row);
      if (sequence === null) return ownBreakdown(row) ?? [];
      const found = recorded?.get(sequence);
      return found && found.id === row.audit_id ? found.filterResults : [];
    });
  }
  const forensicsOf = async (row: ItemRow): Promise<DigestForensics> => toForensics(row, (await breakdowns([row]))[0], expiresAt(row));
  const dueMs = (row: ItemRow) => row.created_ms + options.reviewTimeoutMs;
  const expiresAt = (row: ItemRow) =>
    isOpen(row.status) && row.informational_only === 0 ? new Date(dueMs(row)).toISOString() : null;

  /** Effects of a durable state change: timers, waiters, events. */
  function announce(row: ItemRow): void {
    if (!isOpen(row.status)) {
      timeouts.cancel(row.id);
      waiters.notify(row.id);
    }
    events.changed(row);
  }

  async function expire(id: string): Promise<void> {
    try {
      const row = storage.transaction(() => {
        const current = store.get(id);
        if (!current || !isOpen(current.status)) return null;
        const fields = { status: 'expired', reviewed_at: nowIso(), review_action: null, reviewed_by: 'timeout' };
        store.update(id, fields);
        return { ...current, ...fields } as ItemRow;
      });
      if (!row) return;
      await storage.flush();
      announce(row);
    } catch (error) {
      log.error('digest: auto-deny failed', { id, error: String(error) });
    }
  }


  async function review(id: string, action: RouteAction, input: ReviewInput): Promise<ReviewResult> {
    const row = storage.transaction(() => applyReview(store, rules, mustGet(id), action, input, nowIso(), newId));
    await storage.flush();
    return effects(row, action);
  }

  function effects(row: ItemRow, action: RouteAction): ReviewResult {
    const echo: ReviewResult = { status: ACTION_RULES[action].echo, id: row.id };
    if (action === 'unlock-egress') {
      // Released before the session hears of the approval, so its retry is not contained.
      echo.containment_released = options.sessions.releaseContainment(row.session_id);
    }
    announce(row);
    if (action === 'deny-terminate') {
      const reason = row.reviewer_notes ?? 'denied by a reviewer (deny-terminate)';
      options.sessions.terminate(row.session_id, row.id, reason).catch((error: unknown) =>
        log.error('digest: terminate failed', { id: row.id, error: String(error) }),
      );
    }
    return echo;
  }

  return {
    /**
     * Files a queue decision inside the caller's write (synchronous, not yet
     * durable) and arms its auto-deny timer; the caller flushes, then calls
     * `queued` with the item.
     */
    file(filing: DigestFiling): DigestItem {
      const row = rowForDecision(filing, newId(), clock.now(), hashHex);
      store.insert(row);
      if (row.informational_only === 0) timeouts.arm(row.id, dueMs(row));
      // The item carries what was filed (parsed JSON already), not a parse of the text just written.
      return itemOf(row, { filterBreakdown: filing.filterResults, taskContext: row.task_context === null ? null : filing.taskContext });
    },
    /**
     * Announces a filed item once it is durable (`digest_queued` on /ws/live);
     * `filterBreakdownJson` is its filter breakdown as JSON text, when the caller has it.
     */
    queued(item: DigestItem, filterBreakdownJson?: string): void {
      events.queued(item, filterBreakdownJson);
    },

    /** Open items, highest composite_score first, with the counts. */
    async list(limit: number, offset: number) {
      const counts = store.counts();
      const rows = store.listOpen(limit, offset);
      const breakdown = await breakdowns(rows);
      return {
        items: rows.map((row, i) => toItem(row, breakdown[i])),
        total: counts.pending + counts.escalated,
        pending_count: counts.pending,
        escalated_count: counts.escalated,
        limit,
        offset,
      };
    },
    forensics: (id: string): Promise<DigestForensics> => forensicsOf(mustGet(id)),
    review,

    /** Expires every open item (review_action `clear`); returns how many. */
    async clearAll(by = 'dashboard'): Promise<number> {
      const rows = storage.transaction(() => {
        const fields = { status: 'expired', reviewed_at: nowIso(), review_action: 'clear', reviewed_by: by };
        return store.openRows().map((row) => {
          store.update(row.id, fields);
          return { ...row, ...fields } as ItemRow;
        });
      });
      await storage.flush();
      for (const row of rows) announce(row);
      return rows.length;
    },

    /**
     * Webhook review: 404 for an unknown item, then the nonce is spent (403
     * NONCE_INVALID when wrong or already spent) and the action applied in the
     * same synchronous step. The nonce is spent by that first use whatever the
     * outcome. Escalating an already escalated item is `no_action`.
     */
    async webhookReview(id: string, body: { action: WebhookAction; nonce: string; reviewer?: string; notes?: string }) {
      mustGet(id);
      const hash = await hashNonce(body.nonce);
      const by = body.reviewer ? `webhook:${body.reviewer}` : 'webhook';
      const row = storage.transaction(() => {
        nonces.consume(id, hash);
        return mustGet(id);
      });
      if (body.action === 'escalate' && row.status === 'escalated') {
        await storage.flush();
        return { status: 'no_action' as const };
      }
      let updated: ItemRow;
      try {
        updated = storage.transaction(() => applyReview(store, rules, row, body.action, { notes: body.notes, by }, nowIso(), newId));
      } finally {
        await storage.flush();
      }
      effects(updated, body.action);
      return { status: 'reviewed' as const, action: body.action };
    },

    /** Mints a single-use webhook-review nonce for an item (404 when unknown). */
    async issueNonce(itemId: string): Promise<string> {
      mustGet(itemId);
      const nonce = await nonces.issue(itemId);
      await storage.flush();
      return nonce;
    },

    /** Waits until the item is resolved or `timeoutMs` passes; answers its state. */
    async wait(id: string, timeoutMs: number): Promise<{ resolved: boolean; item: DigestForensics }> {
      let row = mustGet(id);
      if (isOpen(row.status)) {
        await waiters.wait(id, timeoutMs);
        row = mustGet(id);
      }
      return { resolved: !isOpen(row.status), item: await forensicsOf(row) };
    },

    hasLearnedRules: (): boolean => rules.any(),

    health(): SubsystemHealth {
      if (storage.readOnly) return { status: 'degraded', message: 'storage is read-only; reviews cannot be recorded' };
      const now = clock.now();
      if (healthCache === null || now - healthCache.at >= 1000) {
        const counts = store.counts();
        healthCache = { at: now, value: { status: 'ok', message: `${counts.pending} pending, ${counts.escalated} escalated` } };
      }
      return healthCache.value;
    },
    /** Re-arms the auto-deny timers of open items (after a restart), from their created_at. */
    start(): void {
      for (const row of store.openRows()) if (row.informational_only === 0) timeouts.arm(row.id, dueMs(row));
    },
    close(): void {
      timeouts.closeAll();
      waiters.closeAll();
    },
  };
}

/** The digest domain as services expose it. */
export type DigestService = ReturnType<typeof createDigestService>;
