import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { Readable } from 'node:stream';
import type { App } from '../../core/app.ts';
import { LightResponse, installLightResponse } from './light-response.ts';
import { bindNodeWebSockets } from './websocket.ts';

/** True when the request carries no body: no Content-Length above 0 and no Transfer-Encoding. */
function isBodyless(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  return req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';
}

/**
 * A request target the URL parser serializes unchanged: no dot segments, no
 * empty segments, no percent-escapes in the path, nothing it would encode.
 */
const PLAIN_TARGET = /^(?:\/[\w~-][\w.~-]*)*\/?(?:\?[\w.~=&%+,:@/-]*)?$/;

const plainOrigins = new Map<string, boolean>();
/** True when the URL parser serializes `origin` unchanged. */
function isPlainOrigin(origin: string): boolean {
  let plain = plainOrigins.get(origin);
  if (plain === undefined) plainOrigins.set(origin, (plain = URL.canParse(origin) && new URL(`${origin}/`).href === `${origin}/`));
  return plain;
}

/**
 * A bodyless GET or HEAD whose `method`, `url` and `headers` are plain
 * fields; the Fetch Request behind it (undici's constructor costs more than
 * the rest of a health answer) is built on first use of anything else.
 */
class LazyRequest {
  #request: Request | undefined;
  constructor(
    readonly url: string,
    readonly method: string,
    readonly headers: Headers,
  ) {}
  static real(lazy: LazyRequest): Request {
    return (lazy.#request ??= new Request(lazy.url, { method: lazy.method, headers: lazy.headers }));
  }
}
const realRequest = LazyRequest.real;

// Everything else a Request has (body, signal, clone(), text(), ...) answers from the real one.
for (const key of Reflect.ownKeys(Request.prototype)) {
  if (key === 'constructor' || key === 'url' || key === 'method' || key === 'headers') continue;
  const own = Object.getOwnPropertyDescriptor(Request.prototype, key)!;
  const { get, value } = own;
  if (get) {
    Object.defineProperty(LazyRequest.prototype, key, { ...own, get: function (this: LazyRequest) { return get.call(realRequest(this)); } });
  } else if (typeof value === 'function') {
    Object.defineProperty(LazyRequest.prototype, key, { ...own, value: function (this: LazyRequest, ...args: unknown[]) { return value.apply(realRequest(this), args); } });
  } else {
    Object.defineProperty(LazyRequest.prototype, key, own);
  }
}
Object.setPrototypeOf(LazyRequest.prototype, Request.prototype);

/** Translates a Node request into a Fetch Request (body streamed, not buffered). */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  // Only origin-form targets ("/path?query"): absolute-form or "*" never name this daemon's routes.
  if (!req.url?.startsWith('/')) throw new TypeError(`unsupported request target ${req.url}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  if ((req.method === 'GET' || req.method === 'HEAD') && PLAIN_TARGET.test(req.url) && isPlainOrigin(origin)) {
    return new LazyRequest(origin + req.url, req.method, headers) as unknown as Request;
  }
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
 * Writes a Fetch Response to a Node response. A light response's text (every
 * JSON answer) is written as is; a body that arrives in one chunk is sent
 * with Content-Length; longer bodies stream.
 * When the request body was not read to its end (a refusal before reading),
 * the connection is closed after the response so it is never reused mid-body.
 */
export function writeFetchResponse(response: Response, res: ServerResponse, req?: IncomingMessage): Promise<void> | undefined {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  }
  if (req && !req.complete) headers.connection = 'close';
  const text = LightResponse.textOf(response);
  if (text !== null) {
    headers['content-length'] ??= String(Buffer.byteLength(text));
    res.writeHead(response.status, headers).end(text);
    return undefined;
  }
  if (!response.body) {
    res.writeHead(response.status, headers).end();
    return undefined;
  }
  return writeBodyStream(response.status, response.body, headers, res);
}

async function writeBodyStream(
  status: number,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string | string[]>,
  res: ServerResponse,
): Promise<void> {
  const reader = body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    const chunk = first.value ?? new Uint8Array(0);
    headers['content-length'] ??= String(chunk.byteLength);
    res.writeHead(status, headers).end(chunk);
    return;
  }
  res.writeHead(status, headers);
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
  installLightResponse();
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
    app.fetch(request, conn).then(
      (response) => {
        try {
          writeFetchResponse(response, res, req)?.catch(() => res.destroy());
        } catch {
          res.destroy();
        }
      },
      () => res.destroy(),
    );
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
