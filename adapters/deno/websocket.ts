import type { WsHooks, WsPeer } from '../../core/realtime/ws-contract.ts';

/** Upgrades an accepted handshake with `Deno.upgradeWebSocket` and binds the socket to the core hooks. */
export function upgradeDenoWebSocket(request: Request, hooks: WsHooks): Response {
  const { socket, response } = Deno.upgradeWebSocket(request, { idleTimeout: 60 });
  const peer: WsPeer = {
    send: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close: (code, reason) => socket.close(code, reason),
    bufferedAmount: () => socket.bufferedAmount,
  };
  socket.onopen = () => hooks.open(peer);
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') hooks.message(peer, event.data);
  };
  socket.onclose = () => hooks.close(peer);
  socket.onerror = () => socket.close();
  return response;
}
