import type { Deps } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { LicenceService } from '../licence/licence-service.ts';
import { uuidFrom } from '../security/hex.ts';
import { readChannels, type Channel } from './channel-config.ts';
import { DeliveryStats, type ChannelState } from './delivery-stats.ts';
import { reviewUrl, stubItem, type NotificationBody, type QueuedItem, type ReviewBlock } from './notification-payload.ts';
import { postWebhook, type AttemptResult } from './webhook-delivery.ts';

/** One channel on `GET /api/notifications/channels` (never the URL or the secret). */
export interface ChannelView {
  id: string;
  type: 'webhook';
  enabled: boolean;
  state: ChannelState;
  /** When the last delivery finished (RFC 3339), null before the first. */
  last_delivery: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_24h: number;
  failed_24h: number;
}

/** Notification channels: delivery, retries, state and counters. */
export interface Notifier {
  /** Sends a queued digest item to every enabled channel (Pro only). Never throws, never waits. */
  notifyQueued(item: QueuedItem): void;
  /** One attempt to one channel with a stub item: `{ms}`, or 404 / 409 / 502. */
  sendTest(channelId: string): Promise<{ ms: number }>;
  channels(): ChannelView[];
  /** Resolves once every delivery in flight has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops retrying; deliveries in flight finish their current attempt. */
  close(): void;
}

export interface NotifierOptions {
  deps: Deps;
  /** The merged config document (`[notifications]`). */
  raw: Record<string, unknown>;
  licence: LicenceService;
  /** The digest's single-use webhook-review nonce for an item. */
  issueNonce: (itemId: string) => Promise<string>;
}

/** Deliveries waiting or retrying per channel before new ones are dropped (counted as failed). */
export const MAX_PENDING_PER_CHANNEL = 256;
const MAX_BACKOFF_MS = 60_000;

/**
 * Builds the notifier. Queued items go to each enabled channel with up to
 * `max_attempts` attempts, waiting `retry_base_ms`, then twice that, and so
 * on (capped at 60 s) between them; only network errors, timeouts, 408, 429
 * and 5xx are retried. The test route makes exactly one attempt. Each
 * notification (not each attempt) counts once in the 24-hour counters.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { deps, licence } = options;
  const { channels, policy } = readChannels(options.raw, deps.log);
  const stats = new Map(channels.map((channel) => [channel.id, new DeliveryStats()]));
  const pending = new Map(channels.map((channel) => [channel.id, 0]));
  const inFlight = new Set<Promise<void>>();
  const sleeping = new Map<unknown, () => void>();
  let closed = false;

  const newId = () => uuidFrom(deps.random.bytes(16));
  const nowIso = () => new Date(deps.clock.now()).toISOString();

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = deps.timers.setTimeout(() => {
        sleeping.delete(handle);
        resolve();
      }, ms);
      sleeping.set(handle, resolve);
    });
  }

  async function attempt(channel: Channel, body: NotificationBody): Promise<AttemptResult> {
    return postWebhook(deps.fetch, deps.timers, channel, JSON.stringify(body), {
      event: body.type,
      deliveryId: body.delivery_id,
      now: deps.clock.now(),
    });
  }

  async function review(item: QueuedItem): Promise<ReviewBlock | null> {
    try {
      const nonce = await options.issueNonce(item.id);
      return { nonce, url: reviewUrl(deps.server, item.id), actions: ['approve', 'deny', 'escalate'] };
    } catch (error) {
      deps.log.warn('notifications: no review nonce for the item', { id: item.id, error: String(error) });
      return null;
    }
  }

  async function deliverQueued(channel: Channel, item: QueuedItem): Promise<void> {
    const body: NotificationBody = {
      type: 'digest_queued',
      delivery_id: newId(),
      channel: channel.id,
      sent_at: nowIso(),
      item,
      review: await review(item),
    };
    let result: AttemptResult | null = null;
    for (let n = 0; n < policy.maxAttempts && !closed; n++) {
      if (n > 0) await sleep(Math.min(policy.retryBaseMs * 2 ** (n - 1), MAX_BACKOFF_MS));
      if (closed) break;
      result = await attempt(channel, { ...body, sent_at: nowIso() });
      if (result.ok || !result.retryable) break;
    }
    if (result === null) return; // closed before the first attempt
    stats.get(channel.id)!.record(deps.clock.now(), result);
    if (!result.ok) deps.log.warn('notifications: delivery failed', { channel: channel.id, item: item.id, error: result.error });
  }

  function track(work: Promise<void>): void {
    const settled = work.catch((error: unknown) => deps.log.error('notifications: delivery crashed', { error: String(error) }));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  }

  return {
    notifyQueued(item) {
      if (closed || !licence.has('notification_channels')) return;
      for (const channel of channels) {
        if (!channel.enabled) continue;
        const waiting = pending.get(channel.id)!;
        if (waiting >= MAX_PENDING_PER_CHANNEL) {
          stats.get(channel.id)!.record(deps.clock.now(), { ok: false, status: null, error: 'delivery backlog full; notification dropped' });
          continue;
        }
        pending.set(channel.id, waiting + 1);
        track(deliverQueued(channel, item).finally(() => pending.set(channel.id, pending.get(channel.id)! - 1)));
      }
    },

    async sendTest(channelId) {
      const channel = channels.find((c) => c.id === channelId);
      if (!channel) throw new HttpError(404, 'NOT_FOUND', `no notification channel ${JSON.stringify(channelId)}`);
      if (!channel.enabled) throw new HttpError(409, 'CHANNEL_DISABLED', `channel ${channel.id} is disabled (enabled = false)`);
      const at = nowIso();
      const body: NotificationBody = { type: 'test', delivery_id: newId(), channel: channel.id, sent_at: at, item: stubItem(`test-${newId()}`, at), review: null };
      const started = deps.clock.monotonic();
      const result = await attempt(channel, body);
      const ms = Math.round((deps.clock.monotonic() - started) * 10) / 10;
      stats.get(channel.id)!.record(deps.clock.now(), result);
      if (!result.ok) {
        throw new HttpError(502, 'DELIVERY_FAILED', `delivery to ${channel.id} failed: ${result.error}`, {
          channel: channel.id,
          status: result.status,
          ms,
        });
      }
      return { ms };
    },

    channels() {
      const now = deps.clock.now();
      return channels.map((channel) => {
        const channelStats = stats.get(channel.id)!;
        const last = channelStats.last;
        return {
          id: channel.id,
          type: channel.type,
          enabled: channel.enabled,
          state: channelStats.state(channel.enabled),
          last_delivery: last?.at ?? null,
          last_status: last?.status ?? null,
          last_error: last?.error ?? null,
          ...channelStats.counts(now),
        };
      });
    },

    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    close() {
      closed = true;
      for (const [handle, wake] of sleeping) {
        deps.timers.clearTimeout(handle);
        wake();
      }
      sleeping.clear();
    },
  };
}
