import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { App } from '../../core/app.ts';
import { forwardToReal } from './forward-to-real.ts';
import { LightHeaders } from './light-headers.ts';
import { LightResponse, installLightResponse } from './light-response.ts';
import { lingerOnClose } from './linger.ts';
import { requestBodyStream } from './request-body.ts';
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
 * Makes every Request member but `url`, `method` and `headers` (own fields of
 * the stand-ins below) answer from the real Request `real(this)` builds on
 * first use, and makes the stand-in an `instanceof Request`.
 */
function forwardToRealRequest<T extends object>(proto: T, real: (self: T) => Request): void {
  forwardToReal<T>(proto, Request.prototype, real, new Set(['url', 'method', 'headers']));
}

/**
 * A bodyless GET or HEAD whose `method`, `url` and `headers` are plain
 * fields; the Fetch Request behind it (undici's constructor costs more than
 * the rest of a health answer) is built on first use of anything else.
 * Kept separate from BufferedRequest: sharing one class slowed the GET path
 * measurably (bench/health.ts).
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
forwardToRealRequest(LazyRequest.prototype, LazyRequest.real);

/**
 * A small request whose body the host already buffered: `text()`, `json()`
 * and `arrayBuffer()` answer from the bytes, without the web stream undici
 * would build around them; anything else builds the real Request.
 */
class BufferedRequest {
  #request: Request | undefined;
  #bytes: Buffer;
  #used = false;
  constructor(
    readonly url: string,
    readonly method: string,
    readonly headers: Headers,
    bytes: Buffer,
  ) {
    this.#bytes = bytes;
  }
  static real(lazy: BufferedRequest): Request {
    if (lazy.#request === undefined) {
      lazy.#request = new Request(lazy.url, { method: lazy.method, headers: lazy.headers, body: lazy.#bytes as Uint8Array as BodyInit });
      // A body already consumed here stays consumed on the real one.
      if (lazy.#used) lazy.#request.arrayBuffer().catch(() => undefined);
    }
    return lazy.#request;
  }
  /** Whether the buffered body was consumed; undefined when the real Request knows. */
  static used(lazy: BufferedRequest): boolean | undefined {
    return lazy.#request !== undefined ? undefined : lazy.#used;
  }
  /** The buffered bytes, consumed; null when the real Request must answer. */
  static take(lazy: BufferedRequest): Buffer | null {
    if (lazy.#request !== undefined) return null;
    if (lazy.#used) throw new TypeError('Body is unusable: Body has already been read');
    lazy.#used = true;
    return lazy.#bytes;
  }
}
forwardToRealRequest(BufferedRequest.prototype, BufferedRequest.real);
const takeBytes = BufferedRequest.take;
const utf8 = new TextDecoder();
function fromBytes<R>(self: BufferedRequest, read: (bytes: Buffer) => R, fallback: (request: Request) => Promise<R>): Promise<R> {
  try {
    const bytes = takeBytes(self);
    return bytes === null ? fallback(BufferedRequest.real(self)) : Promise.resolve(read(bytes));
  } catch (error) {
    return Promise.reject(error);
  }
}
const bufferedReaders = {
  text(this: BufferedRequest): Promise<string> {
    return fromBytes(this, (bytes) => utf8.decode(bytes), (request) => request.text());
  },
  json(this: BufferedRequest): Promise<unknown> {
    return fromBytes(this, (bytes) => JSON.parse(utf8.decode(bytes)) as unknown, (request) => request.json());
  },
  arrayBuffer(this: BufferedRequest): Promise<ArrayBuffer> {
    return fromBytes(
      this,
      (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      (request) => request.arrayBuffer(),
    );
  },
};
for (const key of ['text', 'json', 'arrayBuffer'] as const) {
  Object.defineProperty(BufferedRequest.prototype, key, { ...Object.getOwnPropertyDescriptor(Request.prototype, key)!, value: bufferedReaders[key] });
}
const bodyUsedOf = Object.getOwnPropertyDescriptor(Request.prototype, 'bodyUsed')!.get!;
Object.defineProperty(BufferedRequest.prototype, 'bodyUsed', {
  ...Object.getOwnPropertyDescriptor(Request.prototype, 'bodyUsed')!,
  get(this: BufferedRequest) {
    return BufferedRequest.used(this) ?? bodyUsedOf.call(BufferedRequest.real(this));
  },
});

/** Answers one request through the app and writes the response (destroying the socket on failure). */
function respond(app: App, request: Request, conn: { remoteAddress: string }, req: IncomingMessage, res: ServerResponse): void {
  app.fetch(request, conn).then(
    (response) => {
      const write = (): void => {
        try {
          writeFetchResponse(response, res, req)?.catch(() => res.destroy());
        } catch {
          res.destroy();
        }
      };
      const draining = req.complete ? null : drainUnexpectedBody(req);
      if (draining) void draining.then(write);
      else write();
    },
    () => res.destroy(),
  );
}

/** An unexpected GET/HEAD body up to this size is read and dropped before the answer. */
const DRAINED_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Reads and drops the body of a GET or HEAD (core never reads one), up to
 * DRAINED_BODY_BYTES, so the connection is not closed with unread bytes,
 * which resets it under the client's response. Null for other requests.
 */
function drainUnexpectedBody(req: IncomingMessage): Promise<void> | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(/^[0-9]{1,10}$/.test(declared) && Number(declared) <= DRAINED_BODY_BYTES)) return null;
  return new Promise((done) => {
    let size = 0;
    const finish = (): void => {
      req.off('data', count);
      done();
    };
    const count = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size > DRAINED_BODY_BYTES) finish();
    };
    req.on('data', count);
    req.once('end', finish);
    req.once('error', finish);
    req.once('close', finish);
  });
}

/** A malformed request Node's parser refused: a JSON 400 (431 for oversized headers), then close. */
export function answerClientError(error: Error & { code?: string }, socket: import('node:stream').Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(tooLarge
    ? { error: 'request headers are too large', code: 'HEADERS_TOO_LARGE' }
    : { error: `malformed HTTP request (${error.code ?? 'parse error'})`, code: 'BAD_REQUEST' });
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/** Bodies up to this size with a Content-Length are read whole before the app sees them. */
const BUFFERED_BODY_BYTES = 64 * 1024;

/**
 * A request with a small declared body (Content-Length up to 64 KiB, no
 * Transfer-Encoding) to a plain target: its body can be buffered in full
 * before core sees it. Anything else streams (and core enforces its limit).
 */
function isSmallBody(req: IncomingMessage, origin: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'TRACE' || req.headers['transfer-encoding'] !== undefined) return false;
  const declared = req.headers['content-length'];
  if (declared === undefined || !/^[0-9]{1,5}$/.test(declared)) return false;
  const size = Number(declared);
  return size > 0 && size <= BUFFERED_BODY_BYTES && req.url !== undefined && req.url.startsWith('/') && PLAIN_TARGET.test(req.url) && isPlainOrigin(origin);
}

/** Reads a small body whole, then hands over a Request-alike holding it (`onError` if the client goes away). */
function bufferRequest(req: IncomingMessage, origin: string, onRequest: (request: Request) => void, onError: () => void): void {
  const headers = LightHeaders.of(req.rawHeaders) as unknown as Headers;
  let first: Buffer | null = null;
  let rest: Buffer[] | null = null;
  req.on('data', (chunk: Buffer) => {
    if (first === null) first = chunk;
    else (rest ??= [first]).push(chunk);
  });
  req.once('end', () => {
    const bytes = rest !== null ? Buffer.concat(rest) : first ?? Buffer.alloc(0);
    onRequest(new BufferedRequest(origin + req.url!, req.method!, headers, bytes) as unknown as Request);
  });
  req.once('error', onError);
}

/** Translates a Node request into a Fetch Request (body streamed, not buffered). */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  // Only origin-form targets ("/path?query"): absolute-form or "*" never name this daemon's routes.
  if (!req.url?.startsWith('/')) throw new TypeError(`unsupported request target ${req.url}`);
  const headers = (): Headers => {
    const built = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) built.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    return built;
  };
  if ((req.method === 'GET' || req.method === 'HEAD') && PLAIN_TARGET.test(req.url) && isPlainOrigin(origin)) {
    return new LazyRequest(origin + req.url, req.method, LightHeaders.of(req.rawHeaders) as unknown as Headers) as unknown as Request;
  }
  // TRACE reaches the router (405 with Allow, as on the other hosts), though a Fetch Request refuses the method.
  if (req.method === 'TRACE') return new LazyRequest(origin + req.url, req.method, headers()) as unknown as Request;
  if (isBodyless(req)) return new Request(origin + req.url, { method: req.method, headers: headers() });
  return new Request(origin + req.url, {
    method: req.method,
    headers: headers(),
    body: requestBodyStream(req),
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies
    duplex: 'half',
  });
}

/**
 * Writes a Fetch Response to a Node response. A light response's text (every
 * JSON answer) is written as is; a body that arrives in one chunk is sent
 * with Content-Length; longer bodies stream.
 * When the request body was not read to its end (a refusal before reading),
 * the connection is closed after the response so it is never reused mid-body,
 * and lingers to read the rest first (linger.ts).
 */
export function writeFetchResponse(response: Response, res: ServerResponse, req?: IncomingMessage): Promise<void> | undefined {
  // Light headers come as a record in the order a real Headers iterates; any other are iterated.
  const light = LightHeaders.record(response.headers);
  const headers: Record<string, string | string[]> = light ?? {};
  if (light === null) {
    for (const [name, value] of response.headers) {
      headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
    }
  }
  if (req && !req.complete) {
    headers.connection = 'close';
    if (req.socket) lingerOnClose(req.socket);
  }
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
    if (isSmallBody(req, origin)) {
      bufferRequest(req, origin, (request) => respond(app, request, conn, req, res), () => res.destroy());
      return;
    }
    let request: Request;
    try {
      request = toFetchRequest(req, origin);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json', connection: 'close' }).end('{"error":"bad request target","code":"BAD_REQUEST"}');
      return;
    }
    respond(app, request, conn, req, res);
  };
  // A request without a Host reaches the Host guard (403 HOST_NOT_ALLOWED) instead of Node's bare 400.
  const server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key, requireHostHeader: false }, onRequest)
    : createHttpServer({ requireHostHeader: false }, onRequest);
  server.on('clientError', answerClientError);
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  bindNodeWebSockets(server, app, origin);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
