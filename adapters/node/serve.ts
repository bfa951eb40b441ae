import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { Readable } from 'node:stream';
import type { App } from '../../core/app.ts';
import { bindNodeWebSockets } from './websocket.ts';

/** True when the request carries no body: no Content-Length above 0 and no Transfer-Encoding. */
function isBodyless(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  return req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';
}

/** Translates a Node request into a Fetch Request (body streamed, not buffered). */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  // Only origin-form targets ("/path?query"): absolute-form or "*" never name this daemon's routes.
  if (!req.url?.startsWith('/')) throw new TypeError(`unsupported request target ${req.url}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  if (isBodyless(req)) return new Request(origin + req.url, { method: req.method, headers });
  return new Request(origin + req.url, {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies
    duplex: 'half',
  });
}

/**
 * Writes a Fetch Response to a Node response. A body that arrives in one
 * chunk (every JSON answer) is sent with Content-Length; longer bodies stream.
 * When the request body was not read to its end (a refusal before reading),
 * the connection is closed after the response so it is never reused mid-body.
 */
export async function writeFetchResponse(response: Response, res: ServerResponse, req?: IncomingMessage): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  if (req && !req.complete) headers.connection = 'close';
  if (!response.body) {
    res.writeHead(response.status, headers).end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    const chunk = first.value ?? new Uint8Array(0);
    headers['content-length'] ??= String(chunk.byteLength);
    res.writeHead(response.status, headers).end(chunk);
    return;
  }
  res.writeHead(response.status, headers);
  res.write(first.value);
  for (let next: ReadableStreamReadResult<Uint8Array> = second; !next.done; next = await reader.read()) {
    if (!res.write(next.value)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

export interface NodeServeOptions {
  host: string;
  port: number;
  tls?: { cert: Buffer; key: Buffer };
}

/** Serves the app on node:http (or node:https); resolves with the server once listening. */
export async function serveNode(app: App, options: NodeServeOptions) {
  const scheme = options.tls ? 'https' : 'http';
  const origin = `${scheme}://${options.host.includes(':') ? `[${options.host}]` : options.host}`;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const conn = { remoteAddress: req.socket.remoteAddress ?? '' };
    let request: Request;
    try {
      request = toFetchRequest(req, origin);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json', connection: 'close' }).end('{"error":"bad request target","code":"BAD_REQUEST"}');
      return;
    }
    app
      .fetch(request, conn)
      .then((response) => writeFetchResponse(response, res, req))
      .catch(() => res.destroy());
  };
  const server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, onRequest) : createHttpServer(onRequest);
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  bindNodeWebSockets(server, app, origin);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
