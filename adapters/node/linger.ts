import type { Socket } from 'node:net';

/** How long a connection keeps reading, and dropping, what the client still sends after an answer that refused its body. */
export const LINGER_MS = 5_000;

/**
 * Makes the close that follows this connection's current answer a lingering
 * one: the answer goes out with a FIN, and whatever the client is still
 * sending of the body the answer refused is read and dropped until the client
 * closes, for at most `ms`. Closing with unread bytes resets the
 * connection at once, and the reset can reach the client before it has read
 * the answer, or break its upload with EPIPE.
 * Node's server closes a `connection: close` response's socket through
 * `destroySoon`; only this socket's is replaced.
 */
export function lingerOnClose(socket: Socket, ms = LINGER_MS): void {
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}
