import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isPlainObject } from '../config/deep-merge.ts';
import { describeFirstError } from '../http/validate.ts';
import type { Logger } from '../deps.ts';

/**
 * One `[[notifications.channels]]` entry of the config:
 *
 * ```toml
 * [[notifications.channels]]
 * id = "ops"                                  # 1-64 letters, digits, hyphens; unique
 * type = "webhook"                            # the only kind so far
 * url = "https://hooks.example.com/svc"       # http(s); user:pass@ becomes Basic auth
 * secret = "a long random string"             # HMAC-SHA256 key for x-svc-signature
 * enabled = true                              # optional, default true
 * ```
 */
export const ChannelConfigSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }),
    type: Type.Literal('webhook'),
    url: Type.String({ pattern: '^https?://' }),
    secret: Type.String({ minLength: 1 }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A channel as the notifier uses it. */
export interface Channel {
  id: string;
  type: 'webhook';
  url: string;
  secret: string;
  enabled: boolean;
}

/**
 * `[notifications]` delivery knobs: `max_attempts` (per queued item, default
 * 4, 1-10) and `retry_base_ms` (first backoff, doubled each retry, default
 * 1000, capped at 60000 per wait).
 */
export interface DeliveryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { maxAttempts: 4, retryBaseMs: 1000 };

type ChannelConfig = Static<typeof ChannelConfigSchema>;

/**
 * Reads the channels from the merged config document. An invalid or
 * duplicate entry is skipped with a warning rather than stopping the daemon:
 * notifications are an add-on, supervision must still start.
 */
export function readChannels(raw: Record<string, unknown>, log: Logger): { channels: Channel[]; policy: DeliveryPolicy } {
  const section = isPlainObject(raw.notifications) ? raw.notifications : {};
  const entries = Array.isArray(section.channels) ? section.channels : [];
  const channels: Channel[] = [];
  const seen = new Set<string>();
  entries.forEach((entry: unknown, index) => {
    if (!Value.Check(ChannelConfigSchema, entry)) {
      log.warn('notifications: skipping an invalid channel', { index, reason: describeFirstError(ChannelConfigSchema, entry) });
      return;
    }
    const channel: ChannelConfig = entry;
    if (seen.has(channel.id)) {
      log.warn('notifications: skipping a duplicate channel id', { id: channel.id });
      return;
    }
    seen.add(channel.id);
    channels.push({ id: channel.id, type: channel.type, url: channel.url, secret: channel.secret, enabled: channel.enabled ?? true });
  });
  const attempts = section.max_attempts;
  const base = section.retry_base_ms;
  return {
    channels,
    policy: {
      maxAttempts: typeof attempts === 'number' && Number.isInteger(attempts) && attempts >= 1 && attempts <= 10 ? attempts : DEFAULT_DELIVERY_POLICY.maxAttempts,
      retryBaseMs: typeof base === 'number' && base >= 0 && base <= 60_000 ? base : DEFAULT_DELIVERY_POLICY.retryBaseMs,
    },
  };
}
