import { Agent, createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { MAX_BODY_BYTES } from '../../core/http/read-body.ts';
import { answerClientError } from '../node/serve.ts';

/**
 * The Workers host's public socket: a node:http server in the harness in
 * front of Miniflare, which listens on a private loopback port. workerd
 * answers malformed HTTP (an odd or twice-given Host, a negative or
 * twice-given Content-Length, bad chunking) with its own plain-text 500
 * before any code of ours runs; here Node's parser and the checks below
 * answer them as the Node host does, 400 `{error, code: "BAD_REQUEST"}`.
 * Well-formed requests are forwarded as they came (bodies streamed both
 * ways, keep-alive to Miniflare, WebSocket upgrades piped as bytes) with
 * the peer's address in CF-Connecting-IP (a client's own is dropped, as are
 * Miniflare's MF-* control headers) and the URL the client used in
 * MF-Original-URL (the scheme survives TLS ending here).
 */

/** A Host value: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. Nothing else (no userinfo, path or fragment). */
const HOST_VALUE = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;
/** Headers that describe one connection, not the request. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** Why a request Node's parser let through is still malformed; null when it is well formed. */
export function malformedReason(req: IncomingMessage): string | null {
  let hosts = 0;
  let lengths = 0;
  let host = '';
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = req.rawHeaders[i + 1]!;
    if (name === 'host') {
      hosts++;
      host = value;
    } else if (name === 'content-length') {
      lengths++;
      if (!/^[0-9]{1,15}$/.test(value)) return 'Content-Length is not a number of bytes';
    }
  }
  if (hosts !== 1) return hosts === 0 ? 'no Host header' : 'Host is given more than once';
  if (!HOST_VALUE.test(host)) return 'Host is not a host and port';
  if (lengths > 1) return 'Content-Length is given more than once';
  if (!req.url?.startsWith('/')) return 'the request target is not a path';
  return null;
}

function badRequestText(reason: string): string {
  const body = JSON.stringify({ error: `malformed HTTP request (${reason})`, code: 'BAD_REQUEST' });
  return `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/**
 * The most body bytes sent on to Miniflare: one past the API's limit, enough for core to answer 413.
 * workerd resets a connection whose request body a Worker left unread past what it drains, and the
 * reset can beat the 413 already answered (the client then got a 502): so a longer body stops here.
 */
const FORWARDED_BODY_BYTES = MAX_BODY_BYTES + 1;

/** A GET or HEAD: core never reads its body, so none is sent on. */
function bodyIgnored(req: IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/**
 * True when the body goes on chunked: it is chunked already, or declares a length over what
 * Miniflare is sent (that length header is then dropped).
 */
function sentChunked(req: IncomingMessage): boolean {
  const declared = req.headers['content-length'];
  return declared === undefined ? req.headers['transfer-encoding'] !== undefined : Number(declared) > FORWARDED_BODY_BYTES;
}

/** The request's headers for Miniflare, flat (name, value, ...), in the client's order. */
function forwardedHeaders(req: IncomingMessage, scheme: string, keepUpgrade: boolean): string[] {
  const out: string[] = [];
  let host = '';
  const ignored = !keepUpgrade && bodyIgnored(req);
  const chunked = !keepUpgrade && !ignored && sentChunked(req);
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const lower = name.toLowerCase();
    if (lower === 'host') host = req.rawHeaders[i + 1]!;
    if (lower.startsWith('mf-') || lower === 'cf-connecting-ip') continue;
    if (HOP_BY_HOP.has(lower) && !(keepUpgrade && (lower === 'connection' || lower === 'upgrade'))) continue;
    if ((chunked || ignored) && lower === 'content-length') continue;
    out.push(name, req.rawHeaders[i + 1]!);
  }
  // Said explicitly: Node's client would not chunk a DELETE or OPTIONS body on its own.
  if (chunked) out.push('transfer-encoding', 'chunked');
  out.push('cf-connecting-ip', req.socket.remoteAddress ?? '', 'mf-original-url', `${scheme}://${host}${req.url}`);
  return out;
}

/**
 * Streams the client's body to Miniflare up to FORWARDED_BODY_BYTES, then ends the upstream request
 * and reads the rest of the client's body without sending it on.
 */
function pipeBodyCapped(req: IncomingMessage, upstream: ReturnType<typeof httpRequest>): void {
  if (bodyIgnored(req)) {
    upstream.end();
    req.resume();
    return;
  }
  let sent = 0;
  req.on('data', (chunk: Buffer) => {
    if (sent >= FORWARDED_BODY_BYTES) return;
    const part = chunk.byteLength > FORWARDED_BODY_BYTES - sent ? chunk.subarray(0, FORWARDED_BODY_BYTES - sent) : chunk;
    sent += part.byteLength;
    const flowing = upstream.write(part);
    if (sent >= FORWARDED_BODY_BYTES) upstream.end();
    else if (!flowing) {
      req.pause();
      upstream.once('drain', () => req.resume());
    }
  });
  req.once('end', () => {
    if (sent < FORWARDED_BODY_BYTES) upstream.end();
  });
}

/** Calls `then` once the request's body is read to its end (or the client is gone). */
function afterBody(req: IncomingMessage, then: () => void): void {
  if (req.complete || req.destroyed) {
    then();
    return;
  }
  let called = false;
  const once = (): void => {
    if (called) return;
    called = true;
    then();
  };
  req.once('end', once);
  req.once('close', once);
  req.once('error', once);
}

export interface HttpFrontOptions {
  host: string;
  port: number;
  tls?: { cert: string; key: string };
  /** Miniflare's private loopback port. */
  upstreamPort: number;
}

/** The listening front. */
export interface HttpFront {
  server: Server;
  /**
   * Shutdown: stops accepting, drops the piped WebSockets, lets the requests
   * in flight finish (at most `graceMs`), then closes every connection.
   */
  close(graceMs: number): Promise<void>;
}

/** Starts the front; resolves once it listens. */
export async function startHttpFront(options: HttpFrontOptions): Promise<HttpFront> {
  const scheme = options.tls ? 'https' : 'http';
  const piped = new Set<Duplex>();
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const reason = malformedReason(req);
    if (reason) {
      req.socket.end(badRequestText(reason));
      return;
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port: options.upstreamPort, method: req.method, path: req.url, headers: forwardedHeaders(req, scheme, false) as unknown as Record<string, string>, agent },
      (answer) => {
        const headers: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(answer.rawHeaders[i]!.toLowerCase())) headers.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
        }
        // workerd drops a response's Upgrade header, which a 426 must carry (RFC 9110 15.5.22);
        // core answers 426 only on the WebSocket paths.
        if (answer.statusCode === 426) headers.push('upgrade', 'websocket');
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers as unknown as Record<string, string>);
        // Ended once the client's body is all in: a socket closed with unread bytes is reset, and the
        // reset can cut the end of the answer (a body not sent on is still arriving then).
        answer.pipe(res, { end: false });
        answer.once('end', () => afterBody(req, () => res.end()));
        answer.once('error', () => res.destroy());
      },
    );
    upstream.once('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'application/json', connection: 'close' }).end('{"error":"the worker did not answer","code":"UPSTREAM_UNAVAILABLE"}');
    });
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    pipeBodyCapped(req, upstream);
  };
  // A request without a Host gets the front's 400 {error, code} (malformedReason) instead of Node's bare 400.
  const server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key, requireHostHeader: false }, onRequest)
    : createHttpServer({ requireHostHeader: false }, onRequest);
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // A parse error after an answer began (bad chunking under a streamed response) cannot get a second one.
    if ((socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) socket.destroy();
    else answerClientError(error, socket);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const reason = malformedReason(req);
    if (reason) {
      socket.end(badRequestText(reason));
      return;
    }
    const upstream = connect(options.upstreamPort, '127.0.0.1');
    const headers = forwardedHeaders(req, scheme, true);
    let text = `${req.method} ${req.url} HTTP/1.1\r\n`;
    for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
    upstream.write(`${text}\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
    piped.add(socket);
    upstream.once('error', () => socket.destroy());
    socket.once('error', () => upstream.destroy());
    upstream.once('close', () => socket.destroy());
    socket.once('close', () => {
      piped.delete(socket);
      upstream.destroy();
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    server,
    close: (graceMs) =>
      new Promise<void>((done) => {
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          done();
        });
        server.closeIdleConnections();
        for (const socket of piped) socket.destroy();
      }),
  };
}
