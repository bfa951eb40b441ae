import { Type } from '@sinclair/typebox';

/** One configured channel (the URL and secret are never returned). */
export const NotificationChannelSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Literal('webhook'),
    enabled: Type.Boolean(),
    state: Type.Union([Type.Literal('healthy'), Type.Literal('failing'), Type.Literal('disabled'), Type.Literal('unknown')], {
      description: '`unknown` before the first delivery since start; then `healthy` or `failing` by the last finished delivery; `disabled` when enabled = false',
    }),
    last_delivery: Type.Union([Type.String(), Type.Null()], { description: 'When the last delivery finished (RFC 3339)' }),
    last_status: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status on the last delivery" }),
    last_error: Type.Union([Type.String(), Type.Null()]),
    delivered_24h: Type.Integer({ description: 'Notifications delivered in the last 24 hours (rolling, since start)' }),
    failed_24h: Type.Integer({ description: 'Notifications that failed after every attempt in the last 24 hours' }),
  },
  { $id: 'NotificationChannel' },
);

/** `GET /api/notifications/channels`. */
export const NotificationChannelListSchema = Type.Object({ channels: Type.Array(NotificationChannelSchema) }, { $id: 'NotificationChannelList' });

/** `GET /api/notifications/status`. */
export const NotificationStatusSchema = Type.Object(
  {
    channels_total: Type.Integer(),
    channels_healthy: Type.Integer(),
    channels_unhealthy: Type.Integer({ description: 'Channels in state `failing`' }),
    delivered_24h: Type.Integer(),
    failed_24h: Type.Integer(),
  },
  { $id: 'NotificationStatus' },
);

/** `POST /api/notifications/test/{channel}` on success. */
export const NotificationTestResultSchema = Type.Object(
  { delivered: Type.Literal(true), ms: Type.Number({ description: 'Round-trip time of the one attempt' }) },
  { $id: 'NotificationTestResult' },
);
