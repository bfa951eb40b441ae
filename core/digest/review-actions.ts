/**
 * The digest's state table: what each review route accepts and does.
 *
 * | route          | accepts            | next      | review_action        | echoed status    |
 * |----------------|--------------------|-----------|----------------------|------------------|
 * | approve        | pending, escalated | approved  | `approve`            | `approved`       |
 * | deny           | pending, escalated | denied    | `deny`               | `denied`         |
 * | learn          | pending, escalated | approved  | `learn`              | `learned`        |
 * | escalate       | pending            | escalated | (unchanged: null)    | `escalated`      |
 * | unlock-egress  | pending, escalated | approved  | `unlock_egress`      | `egress_unlocked`|
 * | deny-terminate | pending, escalated | denied    | `deny_and_terminate` | `terminated`     |
 * | allow-always   | pending, escalated | approved  | `allow_always`       | `allowed_always` |
 *
 * Wrong state (409): an item already approved, denied or expired answers
 * `ITEM_ALREADY_REVIEWED`; escalate on an escalated item answers
 * `ITEM_NOT_PENDING`. Both carry `current_status`; an already reviewed item
 * also says how and by whom (`review_action`, `reviewed_by`, `reviewed_at`),
 * so a reviewer who lost a race sees what happened.
 */
import { HttpError } from '../http-error.ts';

export const ROUTE_ACTIONS = ['approve', 'deny', 'learn', 'escalate', 'unlock-egress', 'deny-terminate', 'allow-always'] as const;
export type RouteAction = (typeof ROUTE_ACTIONS)[number];

export interface ActionRule {
  accepts: readonly string[];
  next: 'approved' | 'denied' | 'escalated';
  /** Stored `review_action`; null for escalate (the item is not reviewed yet). */
  reviewAction: 'approve' | 'deny' | 'learn' | 'unlock_egress' | 'deny_and_terminate' | 'allow_always' | null;
  echo: string;
}

const OPEN = ['pending', 'escalated'] as const;

export const ACTION_RULES: Record<RouteAction, ActionRule> = {
  approve: { accepts: OPEN, next: 'approved', reviewAction: 'approve', echo: 'approved' },
  deny: { accepts: OPEN, next: 'denied', reviewAction: 'deny', echo: 'denied' },
  learn: { accepts: OPEN, next: 'approved', reviewAction: 'learn', echo: 'learned' },
  escalate: { accepts: ['pending'], next: 'escalated', reviewAction: null, echo: 'escalated' },
  'unlock-egress': { accepts: OPEN, next: 'approved', reviewAction: 'unlock_egress', echo: 'egress_unlocked' },
  'deny-terminate': { accepts: OPEN, next: 'denied', reviewAction: 'deny_and_terminate', echo: 'terminated' },
  'allow-always': { accepts: OPEN, next: 'approved', reviewAction: 'allow_always', echo: 'allowed_always' },
};

/** How an item was resolved, for the 409 of a second reviewer. */
export interface ReviewTrace {
  review_action: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
}

/** Throws the 409 for an item whose status the action does not accept. */
export function assertAccepts(action: RouteAction, id: string, status: string, trace?: ReviewTrace): void {
  if (ACTION_RULES[action].accepts.includes(status)) return;
  if (status === 'pending' || status === 'escalated') {
    throw new HttpError(409, 'ITEM_NOT_PENDING', `digest item ${id} is ${status}; ${action} needs a pending item`, {
      current_status: status,
    });
  }
  const by = trace?.reviewed_by ? ` by ${trace.reviewed_by}` : '';
  throw new HttpError(409, 'ITEM_ALREADY_REVIEWED', `digest item ${id} is already ${status}${by}`, {
    current_status: status,
    review_action: trace?.review_action ?? null,
    reviewed_by: trace?.reviewed_by ?? null,
    reviewed_at: trace?.reviewed_at ?? null,
  });
}
