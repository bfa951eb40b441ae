/** A channel's delivery state on the API. */
export type ChannelState = 'healthy' | 'failing' | 'disabled' | 'unknown';

/** What the last finished delivery of a channel did. */
export interface LastDelivery {
  at: string;
  ok: boolean;
  /** The receiver's HTTP status; null when no answer came (network error, timeout). */
  status: number | null;
  error: string | null;
}

const BUCKET_MS = 5 * 60_000;
const WINDOW_MS = 24 * 3_600_000;

/**
 * In-memory delivery counters of one channel over a rolling 24 hours, in
 * 5-minute buckets (so a count leaves the window within 5 minutes of turning
 * 24 hours old). Lost at restart, like the rest of the delivery state.
 */
export class DeliveryStats {
  private readonly buckets = new Map<number, { delivered: number; failed: number }>();
  last: LastDelivery | null = null;

  record(now: number, outcome: Omit<LastDelivery, 'at'>): void {
    const key = Math.floor(now / BUCKET_MS);
    const bucket = this.buckets.get(key) ?? { delivered: 0, failed: 0 };
    if (outcome.ok) bucket.delivered++;
    else bucket.failed++;
    this.buckets.set(key, bucket);
    this.last = { at: new Date(now).toISOString(), ...outcome };
    this.prune(now);
  }

  /** Deliveries and failures whose bucket lies within the last 24 hours. */
  counts(now: number): { delivered_24h: number; failed_24h: number } {
    this.prune(now);
    let delivered = 0;
    let failed = 0;
    for (const bucket of this.buckets.values()) {
      delivered += bucket.delivered;
      failed += bucket.failed;
    }
    return { delivered_24h: delivered, failed_24h: failed };
  }

  state(enabled: boolean): ChannelState {
    if (!enabled) return 'disabled';
    if (this.last === null) return 'unknown';
    return this.last.ok ? 'healthy' : 'failing';
  }

  private prune(now: number): void {
    const oldest = Math.floor((now - WINDOW_MS) / BUCKET_MS);
    for (const key of this.buckets.keys()) if (key < oldest) this.buckets.delete(key);
  }
}
