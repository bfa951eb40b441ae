import type { Timers } from '../deps.ts';

/**
 * One timer per open item that a caller waits on: when it fires the item is
 * auto-denied (`onExpire`). `arm` takes the absolute due time, so re-arming at
 * restart from `created_at` keeps the original deadline; a deadline already
 * past fires on the next tick.
 */
export function createReviewTimeouts(timers: Timers, now: () => number, onExpire: (itemId: string) => void) {
  const handles = new Map<string, unknown>();
  return {
    arm(itemId: string, dueMs: number): void {
      const previous = handles.get(itemId);
      if (previous !== undefined) timers.clearTimeout(previous);
      const delay = Math.max(0, dueMs - now());
      handles.set(
        itemId,
        timers.setTimeout(() => {
          handles.delete(itemId);
          onExpire(itemId);
        }, delay),
      );
    },
    cancel(itemId: string): void {
      const handle = handles.get(itemId);
      if (handle === undefined) return;
      timers.clearTimeout(handle);
      handles.delete(itemId);
    },
    armed(): number {
      return handles.size;
    },
    closeAll(): void {
      for (const handle of handles.values()) timers.clearTimeout(handle);
      handles.clear();
    },
  };
}
