/**
 * A webhook receiver on loopback (`node:http`) that verifies
 * `x-svc-signature` against the raw body, as a real receiver would.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: Record<string, any>;
  signatureValid: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status codes to answer, in order; then 200. */
  script(statuses: number[]): void;
  close(): Promise<void>;
}

/** True when `header` is `sha256=<hex HMAC-SHA256(raw, secret)>`. */
export function verifySignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver(secret: string, path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  let statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, any>;
      } catch {
        // recorded as an empty body; the test's assertions catch it
      }
      received.push({ headers: req.headers, raw, body, signatureValid: verifySignature(secret, raw, req.headers['x-svc-signature'] as string | undefined) });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    script: (next) => {
      statuses = [...next];
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
