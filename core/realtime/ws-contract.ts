/**
 * The host-free WebSocket contract (crossws style). Core decides whether a
 * handshake is accepted and what happens on each event; a host only binds
 * its socket type to these hooks.
 */

/** What core may do with an accepted socket. */
export interface WsPeer {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  /** Bytes queued but not yet sent; the hub drops peers whose backlog grows too large. */
  bufferedAmount(): number;
}

export interface WsHooks {
  open(peer: WsPeer): void;
  message(peer: WsPeer, data: string): void;
  close(peer: WsPeer): void;
}

/** Refused with a Response before any socket exists, or accepted with hooks. */
export type UpgradeResult = { accepted: false; response: Response } | { accepted: true; hooks: WsHooks };
