/**
 * The digest's documented rules, shared by the route descriptions (and so by
 * the OpenAPI document).
 */
export const DIGEST_LIST_DOC = [
  'Open items (pending and escalated), highest composite_score first (ties: oldest first), informational rows',
  'included. `limit` defaults to 20; values above 100 are clamped to 100 (the answer echoes the limit used);',
  'a limit below 1, a negative offset or a non-integer answers 400 INVALID_QUERY. total = pending_count + escalated_count.',
].join(' ');

export const DIGEST_ACTION_DOC = [
  'approve, deny, learn, unlock-egress, deny-terminate and allow-always accept a pending or escalated item; escalate',
  'accepts only a pending one. Wrong state: 409 ITEM_ALREADY_REVIEWED (item approved, denied or expired) or 409',
  'ITEM_NOT_PENDING (escalate on an escalated item), both with `current_status`. Unknown id: 404 NOT_FOUND.',
  'Each resolving action sets reviewed_at, review_action and reviewer_notes (escalate sets escalated_at, escalated_by',
  'and reviewer_notes when notes are given, and leaves review_action null). The echoed status names the route.',
  'learn stores a rule allowing the identical call from then on; allow-always one allowing the same type and target',
  '(path; command and args; HTTP method and origin; host and port; DNS name). The answer is sent once the change is',
  'durable; then `digest_reviewed` goes to /ws/live and, on resolution, `review` to /ws/supervisor/{session_id}.',
].join(' ');

export const WEBHOOK_REVIEW_DOC = [
  'Review by a single-use nonce (from POST /api/ipc/digest/{id}/review-nonce or an outbound notification); no CSRF.',
  'Checks, in order: a JSON object body (400 INVALID_REQUEST); `action` approve, deny or escalate (400 INVALID_ACTION);',
  '`reviewer` and `notes` strings when present (400 INVALID_REQUEST); a known item (404 NOT_FOUND); the nonce (403',
  'NONCE_INVALID when missing, wrong, bound to another item or spent). The nonce is spent by that first use whatever',
  'follows. An item that cannot take the action answers 409 (ITEM_ALREADY_REVIEWED / ITEM_NOT_PENDING); escalating',
  'an item already escalated answers {status: "no_action"} and changes nothing. Of two concurrent uses of one nonce',
  'exactly one gets past the nonce check.',
].join(' ');

export const DIGEST_EVENTS_DOC = [
  'Events ({type, data, at}): on /ws/live `digest_queued` (data: the item, once durable) and `digest_reviewed` (data:',
  '{digest_id, session_id, status, review_action, reviewed_at, reviewer_notes, escalated_at, escalated_by,',
  'informational_only, outcome}); on /ws/supervisor/{session_id} `review` (same data, when the item is resolved) and',
  '`terminate` ({session_id, digest_id, reason}) on deny-terminate.',
].join(' ');
