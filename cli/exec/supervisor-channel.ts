/**
 * `/ws/supervisor/{session_id}`, held open for the life of a supervised
 * command (daemon bearer in the handshake). Calls `onTerminate` once when the
 * daemon sends `terminate` (the kill route or deny-terminate). A socket that
 * drops after it was accepted (a daemon restart) is reopened every second
 * until `close()`.
 */
import WebSocket from 'ws';

export interface TerminateEvent {
  digest_id: string | null;
  reason: string;
}

export interface SupervisorChannel {
  close(): void;
}

/** Opens the channel; resolves once the daemon greeted it (`hello`), rejects when that first attempt fails. */
export function openSupervisorChannel(
  base: string,
  sessionId: string,
  /** Read at each attempt: the daemon token changes when the daemon restarts. */
  headers: () => Promise<Record<string, string>>,
  onTerminate: (event: TerminateEvent) => void,
  /** The CAs to trust for a wss:// daemon (cli/daemon-trust.ts); null: the system's. */
  ca: string[] | null = null,
): Promise<SupervisorChannel> {
  const url = new URL(`/ws/supervisor/${encodeURIComponent(sessionId)}`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  let closed = false;
  let accepted = false;
  let terminated = false;
  let socket: WebSocket | null = null;
  let retry: NodeJS.Timeout | undefined;
  const channel: SupervisorChannel = {
    close() {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };

  function onMessage(data: WebSocket.RawData, greeted: () => void): void {
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'hello') greeted();
    if (message.type === 'terminate' && !terminated) {
      terminated = true;
      const event = (message.data ?? {}) as { digest_id?: unknown; reason?: unknown };
      onTerminate({
        digest_id: typeof event.digest_id === 'string' ? event.digest_id : null,
        reason: typeof event.reason === 'string' ? event.reason : 'terminated',
      });
    }
  }

  return new Promise((done, fail) => {
    const refuse = (error: Error) => {
      if (accepted || closed) return;
      closed = true;
      socket?.terminate();
      fail(error);
    };
    const connect = async () => {
      if (closed) return;
      const ws = new WebSocket(url, { headers: await headers().catch(() => ({})), handshakeTimeout: 10_000, ...(ca ? { ca } : {}) });
      socket = ws;
      ws.on('message', (data) =>
        onMessage(data, () => {
          if (accepted) return;
          accepted = true;
          done(channel);
        }),
      );
      ws.on('unexpected-response', (_request, response) => refuse(new Error(`the daemon refused the supervisor channel (${response.statusCode})`)));
      ws.on('error', (error) => refuse(error));
      ws.on('close', () => {
        if (!accepted) return refuse(new Error('the daemon closed the supervisor channel'));
        if (!closed) retry = setTimeout(() => void connect(), 1000);
      });
    };
    void connect();
  });
}
