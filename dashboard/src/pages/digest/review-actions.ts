import { ApiError } from '../../api/client.ts';

/** Every dashboard review action of the spec, with its route segment and label. */
export const REVIEW_ACTIONS = [
  { route: 'approve', label: 'Approve', key: 'a', tone: 'primary' },
  { route: 'deny', label: 'Deny', key: 'd', tone: 'danger' },
  { route: 'learn', label: 'Learn (approve, allow this exact call from now on)', key: null, tone: '' },
  { route: 'allow-always', label: 'Allow always (approve, allow calls like it)', key: null, tone: '' },
  { route: 'escalate', label: 'Escalate', key: null, tone: '' },
  { route: 'unlock-egress', label: 'Unlock egress (approve, release containment)', key: null, tone: '' },
  { route: 'deny-terminate', label: 'Deny and terminate the session', key: null, tone: 'danger' },
] as const;

export type ReviewRoute = (typeof REVIEW_ACTIONS)[number]['route'];

/** A 409 said as what happened ("already approved by dashboard"); other errors as they are. */
export function explainReviewError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    const status = typeof error.body.current_status === 'string' ? error.body.current_status : 'reviewed';
    const by = typeof error.body.reviewed_by === 'string' ? ` by ${error.body.reviewed_by}` : '';
    const when = typeof error.body.reviewed_at === 'string' ? ` at ${new Date(error.body.reviewed_at).toLocaleTimeString()}` : '';
    if (error.code === 'ITEM_NOT_PENDING') return `This item is already ${status}; that action needs a pending item.`;
    return `Someone got there first: this item was already ${status}${by}${when}.`;
  }
  if (error instanceof ApiError && error.status === 404) return 'This item no longer exists.';
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** True when a keyboard shortcut should not fire (typing in a field). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
