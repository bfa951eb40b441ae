import type { WsPeer } from './ws-contract.ts';

/** Largest backlog (bytes) a live client may accumulate before it is dropped. */
export const MAX_PEER_BACKLOG_BYTES = 1024 * 1024;

/** An event as every stream sends it: `{type, data, at}`. */
export interface LiveEvent {
  type: string;
  data: unknown;
  at: string;
}

/**
 * Fans events out to `/ws/live` clients and to the supervisor channel of one
 * session. Sending never waits: a peer whose backlog passes the bound is
 * closed (1013) and forgotten, so a slow client never slows decisions.
 */
export class RealtimeHub {
  private readonly live = new Set<WsPeer>();
  private readonly supervisors = new Map<string, Set<WsPeer>>();

  constructor(private readonly now: () => number) {}

  addLive(peer: WsPeer): void {
    this.live.add(peer);
  }

  addSupervisor(sessionId: string, peer: WsPeer): void {
    let peers = this.supervisors.get(sessionId);
    if (!peers) this.supervisors.set(sessionId, (peers = new Set()));
    peers.add(peer);
  }

  remove(peer: WsPeer): void {
    this.live.delete(peer);
    for (const [id, peers] of this.supervisors) {
      if (peers.delete(peer) && peers.size === 0) this.supervisors.delete(id);
    }
  }

  /** Number of supervisor sockets open for a session. */
  supervisorCount(sessionId: string): number {
    return this.supervisors.get(sessionId)?.size ?? 0;
  }

  /** Sends an event to every live client (encoded only when one is connected). */
  broadcast(type: string, data: unknown): void {
    if (this.live.size === 0) return;
    const text = this.encode(type, data);
    for (const peer of this.live) this.deliver(peer, text);
  }

  /** `broadcast` of data already serialised: `dataJson` runs only when a live client is connected. */
  broadcastJson(type: string, dataJson: () => string): void {
    if (this.live.size === 0) return;
    const text = `{"type":${JSON.stringify(type)},"data":${dataJson()},"at":${JSON.stringify(this.at())}}`;
    for (const peer of this.live) this.deliver(peer, text);
  }

  /** Sends an event to the supervisor sockets of one session; returns how many got it. */
  toSupervisor(sessionId: string, type: string, data: unknown): number {
    const peers = this.supervisors.get(sessionId);
    if (!peers) return 0;
    const text = this.encode(type, data);
    let sent = 0;
    for (const peer of peers) if (this.deliver(peer, text)) sent++;
    return sent;
  }

  /** Closes every socket (daemon shutdown). */
  closeAll(): void {
    for (const peer of this.live) peer.close(1001, 'daemon shutting down');
    for (const peers of this.supervisors.values()) for (const peer of peers) peer.close(1001, 'daemon shutting down');
    this.live.clear();
    this.supervisors.clear();
  }

  encode(type: string, data: unknown): string {
    const event: LiveEvent = { type, data, at: this.at() };
    return JSON.stringify(event);
  }

  private at(): string {
    return new Date(this.now()).toISOString();
  }

  private deliver(peer: WsPeer, text: string): boolean {
    if (peer.bufferedAmount() + text.length > MAX_PEER_BACKLOG_BYTES) {
      this.remove(peer);
      try {
        peer.close(1013, 'backlog limit exceeded');
      } catch {
        // the socket is already gone
      }
      return false;
    }
    try {
      peer.send(text);
      return true;
    } catch {
      this.remove(peer);
      return false;
    }
  }
}
