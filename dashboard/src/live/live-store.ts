import { useEffect, useRef, useState } from 'preact/hooks';
import { readToken } from '../api/token-store.ts';

/** An event as `/ws/live` sends it. */
export interface LiveEvent {
  type: string;
  data: unknown;
  at: string;
}

export type LiveStatus = 'connecting' | 'open' | 'closed';

type EventListener = (event: LiveEvent) => void;

/**
 * The one `/ws/live` connection of the page (token as `?token=`), with
 * reconnection. Pages subscribe to event types; a `hello` from a new
 * `instance_id` means the daemon restarted, which pages treat as "reload".
 */
class LiveStore {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private retryMs = 500;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  status: LiveStatus = 'closed';
  instanceId: string | null = null;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close(1000, 'signed out');
    this.socket = null;
    this.setStatus('closed');
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watchStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const token = readToken();
    const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    this.setStatus('connecting');
    const socket = new WebSocket(`${scheme}://${location.host}/ws/live${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 500;
      this.setStatus('open');
    };
    socket.onmessage = (message) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(String(message.data)) as LiveEvent;
      } catch {
        return;
      }
      if (event.type === 'hello') this.instanceId = (event.data as { instance_id?: string }).instance_id ?? null;
      for (const listener of this.listeners) listener(event);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
  }
}

export const live = new LiveStore();

/** Calls `handler` for each live event of the given types while the component is mounted. */
export function useLiveEvents(types: readonly string[], handler: (event: LiveEvent) => void): void {
  const current = useRef(handler);
  current.current = handler;
  const key = types.join(',');
  useEffect(
    () =>
      live.subscribe((event) => {
        if (types.includes(event.type)) current.current(event);
      }),
    [key],
  );
}

/** The connection state, for the status badge. */
export function useLiveStatus(): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(live.status);
  useEffect(() => live.watchStatus(setStatus), []);
  return status;
}
