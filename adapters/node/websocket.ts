import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { App } from '../../core/app.ts';
import type { WsPeer } from '../../core/realtime/ws-contract.ts';
import { toFetchRequest } from './serve.ts';

function writeRefusal(socket: Duplex, response: Response, body: string): void {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText || 'Refused'}`];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close', '', body);
  socket.end(lines.join('\r\n'));
}

/**
 * A live client's peer. Frames sent in one turn of the event loop (a group
 * commit resolves many decisions at once, each with its events) leave in one
 * socket write: the raw socket is corked at the turn's first send and
 * uncorked once the turn is over.
 */
function peerOf(socket: WebSocket, raw: Duplex): WsPeer {
  let corked = false;
  const uncork = (): void => {
    corked = false;
    raw.uncork();
  };
  return {
    send: (text) => {
      if (!corked && raw.writable) {
        corked = true;
        raw.cork();
        setImmediate(uncork);
      }
      socket.send(text);
    },
    close: (code, reason) => socket.close(code, reason),
    bufferedAmount: () => socket.bufferedAmount,
  };
}

/** Binds WebSocket upgrades on a node server to the core hooks through `ws`. */
export function bindNodeWebSockets(server: Server, app: App, origin: string): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const conn = { remoteAddress: req.socket.remoteAddress ?? '' };
    socket.on('error', () => socket.destroy());
    let request: Request;
    try {
      request = toFetchRequest(req, origin);
    } catch {
      socket.destroy();
      return;
    }
    void app.upgrade(request, conn).then(async (result) => {
      if (!result.accepted) {
        writeRefusal(socket, result.response, await result.response.text());
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const peer = peerOf(ws, socket);
        ws.on('message', (data, isBinary) => {
          if (!isBinary) result.hooks.message(peer, data.toString());
        });
        ws.on('close', () => result.hooks.close(peer));
        ws.on('error', () => ws.terminate());
        result.hooks.open(peer);
      });
    });
  });
}
