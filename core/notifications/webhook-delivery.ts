import type { Timers } from '../deps.ts';
import { encodeBase64 } from '../licence/base64.ts';
import type { Channel } from './channel-config.ts';
import { hmacSha256Hex } from './hmac.ts';

/** How long one attempt may take before it counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The outcome of one HTTP attempt. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** Whether another attempt could succeed (network errors, timeouts, 408, 429, 5xx). */
  retryable: boolean;
}

/**
 * Headers of every webhook request:
 * - `content-type: application/json`
 * - `x-svc-signature: sha256=<hex HMAC-SHA256 of the raw body, keyed by the channel secret>`
 * - `x-svc-timestamp: <unix seconds>` (also in the signed body as `sent_at`; check that one)
 * - `x-svc-event: digest_queued | test`, `x-svc-delivery: <delivery id>` (same for every retry)
 * Credentials in the channel URL are sent as Basic auth (fetch refuses them in URLs).
 */
export async function postWebhook(
  fetcher: typeof fetch,
  timers: Timers,
  channel: Channel,
  body: string,
  meta: { event: string; deliveryId: string; now: number },
): Promise<AttemptResult> {
  const bytes = new TextEncoder().encode(body);
  const url = new URL(channel.url);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-svc-signature': `sha256=${await hmacSha256Hex(channel.secret, bytes)}`,
    'x-svc-timestamp': String(Math.floor(meta.now / 1000)),
    'x-svc-event': meta.event,
    'x-svc-delivery': meta.deliveryId,
  };
  if (url.username || url.password) {
    headers.authorization = `Basic ${encodeBase64(new TextEncoder().encode(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`))}`;
    url.username = '';
    url.password = '';
  }
  const controller = new AbortController();
  const timer = timers.setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
  try {
    const response = await fetcher(url, { method: 'POST', headers, body: bytes, signal: controller.signal, redirect: 'manual' });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
    return { ok, status: response.status, error: ok ? null : `the receiver answered ${response.status}`, retryable: !ok && retryable };
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer within ${ATTEMPT_TIMEOUT_MS} ms` : describe(error);
    return { ok: false, status: null, error: reason, retryable: true };
  } finally {
    timers.clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
