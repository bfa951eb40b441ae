import { Type } from '@sinclair/typebox';
import { json } from '../http/json.ts';
import { requireFeature } from '../licence/require-feature.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import {
  NotificationChannelListSchema,
  NotificationStatusSchema,
  NotificationTestResultSchema,
} from '../schemas/notification.ts';
import type { LicenceService } from '../licence/licence-service.ts';
import type { Notifier } from '../notifications/notifier.ts';

const GATED = errorDoc('FEATURE_GATED: the licence lacks notification_channels');

const FORMAT = [
  'Channels are configured as `[[notifications.channels]]` tables: `id` (1-64 letters, digits, hyphens), `type = "webhook"`,',
  '`url` (http or https; `user:pass@` is sent as Basic auth), `secret` (HMAC key), `enabled` (default true).',
  '`[notifications] max_attempts` (default 4) and `retry_base_ms` (default 1000, doubled per retry, at most 60 s per wait) govern retries',
  'of queued-item deliveries (network errors, timeouts, 408, 429 and 5xx are retried). Each delivery is a POST with a JSON body',
  '`{type: "digest_queued" | "test", delivery_id, channel, sent_at, item, review}` where `item` is the digest item and `review` is',
  '`{nonce, url, actions}` (a single-use nonce for POST /api/digest/{id}/webhook-review) or null. Headers: `x-svc-signature:',
  'sha256=<hex HMAC-SHA256 of the raw body with the channel secret>`, `x-svc-timestamp` (unix seconds), `x-svc-event`, `x-svc-delivery`.',
  'Delivery state and counters are kept in memory since the daemon started.',
].join(' ');

/** The three notification routes, gated by `notification_channels`. */
export function notificationRoutes({ notifications, licence }: { notifications: Notifier; licence: LicenceService }): RouteSpec[] {
  const gate = () => requireFeature(licence, 'notification_channels');
  const tags = ['notifications'];
  return [
    {
      method: 'GET',
      path: '/api/notifications/channels',
      auth: 'open',
      bucket: 'general',
      summary: 'Configured channels with delivery state and 24-hour counters',
      description: `Open, but 403 FEATURE_GATED without a Pro licence. ${FORMAT}`,
      tags,
      responses: { 200: { description: 'Channels', schema: NotificationChannelListSchema }, 403: GATED },
      handler() {
        gate();
        return json({ channels: notifications.channels() });
      },
    },
    {
      method: 'GET',
      path: '/api/notifications/status',
      auth: 'open',
      bucket: 'general',
      summary: 'Channel health and 24-hour delivery totals',
      description: 'Open, but 403 FEATURE_GATED without a Pro licence. `channels_unhealthy` counts channels in state `failing`.',
      tags,
      responses: { 200: { description: 'Status', schema: NotificationStatusSchema }, 403: GATED },
      handler() {
        gate();
        const channels = notifications.channels();
        return json({
          channels_total: channels.length,
          channels_healthy: channels.filter((c) => c.state === 'healthy').length,
          channels_unhealthy: channels.filter((c) => c.state === 'failing').length,
          delivered_24h: channels.reduce((sum, c) => sum + c.delivered_24h, 0),
          failed_24h: channels.reduce((sum, c) => sum + c.failed_24h, 0),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/notifications/test/{channel}',
      auth: 'write',
      bucket: 'write',
      summary: 'Send one synthetic notification (a stub digest item) to a channel',
      description:
        'No body. One attempt, no retry; it counts in the channel state and counters like any delivery. ' +
        '502 DELIVERY_FAILED with `status` (the receiver\'s HTTP status, or null when it did not answer) and `ms`; ' +
        '404 NOT_FOUND for an unknown channel; 409 CHANNEL_DISABLED for a channel with enabled = false.',
      tags,
      params: Type.Object({ channel: Type.String({ description: 'Channel id' }) }),
      responses: {
        200: { description: 'Delivered', schema: NotificationTestResultSchema },
        403: GATED,
        404: errorDoc('NOT_FOUND: no such channel'),
        409: errorDoc('CHANNEL_DISABLED'),
        502: errorDoc('DELIVERY_FAILED: the receiver failed or did not answer'),
      },
      async handler(request) {
        gate();
        let id = String(request.params.channel ?? '');
        try {
          id = decodeURIComponent(id);
        } catch {
          // an undecodable id names no channel; the lookup answers 404
        }
        const { ms } = await notifications.sendTest(id);
        return json({ delivered: true, ms });
      },
    },
  ];
}
