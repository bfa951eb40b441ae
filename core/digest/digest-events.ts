/**
 * The digest's realtime events, each sent as `{type, data, at}`:
 *
 * On `/ws/live`:
 * - `digest_queued`: a queue decision was filed; `data` is the digest item.
 *   Sent once the item is durable.
 * - `digest_reviewed`: an item changed through a review action, escalation,
 *   clear-all or the review timeout; `data` is a {@link ReviewEventData}.
 *
 * On `/ws/supervisor/{session_id}` (the session that made the call):
 * - `review`: the item was resolved (approved, denied or expired); `data` is a
 *   {@link ReviewEventData}. `outcome` says whether to run the call.
 * (`terminate` on deny-terminate is the supervisor's: core/sessions/session-events.ts.)
 */
import { withMember } from '../http/json.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { DigestItem } from '../schemas/digest.ts';
import { outcomeOf, type ItemRow } from './digest-store.ts';

export interface ReviewEventData {
  digest_id: string;
  session_id: string;
  status: string;
  review_action: string | null;
  reviewed_at: string | null;
  reviewer_notes: string | null;
  escalated_at: string | null;
  escalated_by: string | null;
  informational_only: boolean;
  /** `allow` (approved), `deny` (denied or expired) or null (still open). */
  outcome: 'allow' | 'deny' | null;
}

/** The payload of `review` and `digest_reviewed`. */
export function reviewEventData(row: ItemRow): ReviewEventData {
  return {
    digest_id: row.id,
    session_id: row.session_id,
    status: row.status,
    review_action: row.review_action,
    reviewed_at: row.reviewed_at,
    reviewer_notes: row.reviewer_notes,
    escalated_at: row.escalated_at,
    escalated_by: row.escalated_by,
    informational_only: row.informational_only === 1,
    outcome: outcomeOf(row.status),
  };
}

/** Emits the digest's events through the hub (never waits, never throws on a slow peer). */
export function createDigestEvents(hub: RealtimeHub) {
  return {
    /** `filterBreakdownJson`: the item's `filter_breakdown` as JSON text already (not serialised again). */
    queued(item: DigestItem, filterBreakdownJson?: string): void {
      if (filterBreakdownJson === undefined) {
        hub.broadcast('digest_queued', item);
        return;
      }
      hub.broadcastJson('digest_queued', () => {
        const { filter_breakdown: _, ...rest } = item;
        return withMember(rest, 'filter_breakdown', filterBreakdownJson);
      });
    },
    changed(row: ItemRow): void {
      const data = reviewEventData(row);
      hub.broadcast('digest_reviewed', data);
      if (data.outcome !== null) hub.toSupervisor(row.session_id, 'review', data);
    },
  };
}
