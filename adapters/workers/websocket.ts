import type { WsHooks, WsPeer } from '../../core/realtime/ws-contract.ts';
import type { WebSocketPairConstructor } from './workers-types.ts';

/** Accepts an upgrade with a `WebSocketPair` and binds the server end to the core hooks. */
export function acceptWorkersWebSocket(hooks: WsHooks): Response {
  const { WebSocketPair } = globalThis as unknown as { WebSocketPair: WebSocketPairConstructor };
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  server.accept();
  const peer: WsPeer = {
    send: (text) => server.send(text),
    close: (code, reason) => server.close(code, reason),
    bufferedAmount: () => 0, // the runtime does not expose it
  };
  server.addEventListener('message', (event) => {
    if (typeof event.data === 'string') hooks.message(peer, event.data);
  });
  server.addEventListener('close', () => hooks.close(peer));
  server.addEventListener('error', () => hooks.close(peer));
  hooks.open(peer);
  return new Response(null, { status: 101, webSocket: client } as ResponseInit);
}
