import type { Clock } from '../deps.ts';
import { HttpError } from '../http-error.ts';

export type BucketName = 'general' | 'write' | 'proxy-test' | 'ipc';

/**
 * A sliding one-second window: a ring of the last `limit` admission times.
 * A request is admitted when the oldest of them is at least a second old.
 */
export class SlidingWindow {
  private readonly times: Float64Array;
  private head = 0;

  constructor(readonly limit: number) {
    this.times = new Float64Array(limit).fill(-Infinity);
  }

  /** Admits and records the request, or returns the milliseconds to wait. */
  tryAdmit(now: number): number {
    const oldest = this.times[this.head] ?? -Infinity;
    if (now - oldest < 1000) return 1000 - (now - oldest);
    this.times[this.head] = now;
    this.head = (this.head + 1) % this.limit;
    return 0;
  }
}

/** Creates the four buckets; the guard for one is `rateLimit(bucket)`. */
export function createRateLimiter(clock: Clock, limits: Record<BucketName, number>) {
  const windows = new Map<BucketName, SlidingWindow>();
  for (const [name, limit] of Object.entries(limits) as [BucketName, number][]) {
    windows.set(name, new SlidingWindow(Math.max(1, Math.floor(limit))));
  }
  return function rateLimit(bucket: BucketName) {
    const window = windows.get(bucket);
    if (!window) throw new Error(`unknown rate bucket ${bucket}`);
    return function rateLimitGuard(): void {
      const waitMs = window.tryAdmit(clock.monotonic());
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `rate limit of ${window.limit} requests per second exceeded for the ${bucket} bucket`,
          { bucket, retry_after_seconds: seconds },
          { 'retry-after': String(seconds) },
        );
      }
    };
  };
}
