/**
 * Per-session history in memory, keyed by session id: what the context filters
 * (taint, containment, rates, bursts) read. Bounded: each session keeps its
 * last `MAX_EVENTS` events and the store keeps the `MAX_SESSIONS` most
 * recently active sessions.
 */

export const MAX_EVENTS = 1024;
export const MAX_SESSIONS = 10_000;

export interface SessionEvent {
  at: number;
  egress: boolean;
  hosts: readonly string[];
}

export interface SessionHistory {
  readonly id: string;
  /** Recent events, oldest first. */
  readonly events: readonly SessionEvent[];
  /** When the session last read something sensitive (0: never, or released). */
  lastSensitiveReadAt: number;
  /** Containment is active from a sensitive read until it expires or is released. */
  containedUntil: number;
}

export interface SessionStore {
  /** The history of a session, created on first use. */
  get(id: string): SessionHistory;
  /** The history of a session without creating it. */
  peek(id: string): SessionHistory | undefined;
  record(id: string, event: SessionEvent, sensitiveRead: boolean, containmentMs: number): void;
  /** Clears containment and the sensitive-read mark; false when the session is unknown. */
  release(id: string): boolean;
  /** Contains a session until `until` (a containment restored after a restart). */
  contain(id: string, until: number): void;
}

interface MutableHistory extends SessionHistory { events: SessionEvent[] }

/** Creates an empty store. */
export function createSessionStore(): SessionStore {
  const sessions = new Map<string, MutableHistory>();
  const get = (id: string): MutableHistory => {
    let h = sessions.get(id);
    if (h) {
      // Re-insert to keep Map order = recency for eviction.
      sessions.delete(id);
      sessions.set(id, h);
      return h;
    }
    h = { id, events: [], lastSensitiveReadAt: 0, containedUntil: 0 };
    sessions.set(id, h);
    if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    return h;
  };
  return {
    get,
    peek: (id) => sessions.get(id),
    record(id, event, sensitiveRead, containmentMs) {
      const h = get(id);
      h.events.push(event);
      if (h.events.length > MAX_EVENTS) h.events.splice(0, h.events.length - MAX_EVENTS);
      if (sensitiveRead) {
        h.lastSensitiveReadAt = event.at;
        h.containedUntil = Math.max(h.containedUntil, event.at + containmentMs);
      }
    },
    contain(id, until) {
      const h = get(id);
      h.containedUntil = Math.max(h.containedUntil, until);
    },
    release(id) {
      const h = sessions.get(id);
      if (!h) return false;
      h.containedUntil = 0;
      h.lastSensitiveReadAt = 0;
      return true;
    },
  };
}

/** How many events `eventsSince` would return, without building the list. */
export function countSince(history: SessionHistory, since: number): number {
  const { events } = history;
  let i = events.length - 1;
  while (i >= 0 && events[i]!.at >= since) i--;
  return events.length - 1 - i;
}

/** Events at or after `since`, newest last (walks back from the end). */
export function eventsSince(history: SessionHistory, since: number): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (let i = history.events.length - 1; i >= 0; i--) {
    const e = history.events[i]!;
    if (e.at < since) break;
    out.push(e);
  }
  return out.reverse();
}
