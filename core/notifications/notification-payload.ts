import type { ServerAddress } from '../deps.ts';

/** A digest item as the digest hands it over (see core/schemas/digest.ts). */
export type QueuedItem = { id: string } & Record<string, unknown>;

/** The review block of a queued-item notification. */
export interface ReviewBlock {
  /** Single-use nonce for `POST /api/digest/{id}/webhook-review`. */
  nonce: string;
  url: string;
  actions: ['approve', 'deny', 'escalate'];
}

/**
 * The JSON body of every delivery (signed as sent):
 * `{type, delivery_id, channel, sent_at, item, review}`; `type` is
 * `digest_queued` or `test`; `review` is null on tests (the stub item cannot
 * be reviewed) and when no nonce could be issued.
 */
export interface NotificationBody {
  type: 'digest_queued' | 'test';
  delivery_id: string;
  channel: string;
  sent_at: string;
  item: QueuedItem;
  review: ReviewBlock | null;
}

/** Where a receiver posts its review. */
export function reviewUrl(server: ServerAddress, itemId: string): string {
  const host = server.host.includes(':') ? `[${server.host}]` : server.host;
  return `${server.tls ? 'https' : 'http'}://${host}:${server.port}/api/digest/${encodeURIComponent(itemId)}/webhook-review`;
}

/** The stub digest item the test route sends. */
export function stubItem(id: string, at: string): QueuedItem {
  return {
    id,
    created_at: at,
    session_id: 'notification-test',
    tool_call_type: 'ShellExec',
    arguments_summary: 'echo "svc notification test"',
    decision_reason: 'synthetic notification sent by POST /api/notifications/test/{channel}',
    composite_score: 5,
    severity: 'warning',
    filter_breakdown: [],
    task_context: null,
    plugin_id: 'svc:notification-test',
    status: 'pending',
    reviewed_at: null,
    review_action: null,
    reviewer_notes: null,
    informational_only: true,
    escalated_at: null,
    escalated_by: null,
  };
}
