import type { Timers } from '../deps.ts';

/**
 * Callers long-polling an item: each waits until the item is resolved
 * (`notify`) or its own timeout passes, whichever comes first. The waiter
 * gets `true` when notified, `false` on timeout or shutdown.
 */
export function createReviewWaiters(timers: Timers) {
  const waiting = new Map<string, Set<(resolved: boolean) => void>>();

  return {
    wait(itemId: string, timeoutMs: number): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        let set = waiting.get(itemId);
        if (!set) waiting.set(itemId, (set = new Set()));
        const entry = (resolved: boolean) => {
          timers.clearTimeout(handle);
          const current = waiting.get(itemId);
          current?.delete(entry);
          if (current?.size === 0) waiting.delete(itemId);
          resolve(resolved);
        };
        set.add(entry);
        const handle = timers.setTimeout(() => entry(false), timeoutMs);
      });
    },
    /** Wakes every caller waiting on the item. */
    notify(itemId: string): void {
      for (const entry of [...(waiting.get(itemId) ?? [])]) entry(true);
    },
    /** Number of callers waiting on an item. */
    count(itemId: string): number {
      return waiting.get(itemId)?.size ?? 0;
    },
    /** Releases every waiter (daemon shutdown). */
    closeAll(): void {
      for (const set of [...waiting.values()]) for (const entry of [...set]) entry(false);
    },
  };
}

export type ReviewWaiters = ReturnType<typeof createReviewWaiters>;
