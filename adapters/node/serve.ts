import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { Readable } from 'node:stream';
import type { App } from '../../core/app.ts';
import { bindNodeWebSockets } from './websocket.ts';

/** Translates a Node request into a Fetch Request (body streamed, not buffered). */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

/** Writes a Fetch Response to a Node response, streaming the body. */
export async function writeFetchResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
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
  const origin = `${scheme}://${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const conn = { remoteAddress: req.socket.remoteAddress ?? '' };
    app
      .fetch(toFetchRequest(req, origin), conn)
      .then((response) => writeFetchResponse(response, res))
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
