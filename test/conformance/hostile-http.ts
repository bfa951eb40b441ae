/**
 * No 5xx for anything a client sends (issue 16.3): out-of-range numbers in
 * queries are 400 INVALID_QUERY, a GET carrying an unexpected body gets its
 * whole answer, and malformed HTTP is a 400 `{error, code}` on the hosts
 * whose HTTP parser lets us answer (`capabilities.parserErrors`).
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';

/** Sends raw bytes and collects everything until the server closes (or `ms` pass). */
function rawExchange(baseUrl: string, payload: string | Buffer, ms = 10_000): Promise<{ text: string; error: string | null }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((done) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let error: string | null = null;
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Done once a whole answer with a Content-Length is in (some hosts keep the socket open).
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (end >= 0 && length && text.length - end - 4 >= Number(length[1])) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => {
      clearTimeout(timer);
      done({ text: Buffer.concat(chunks).toString('latin1'), error });
    });
    socket.write(payload);
  });
}

function parse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine?.split(' ')[1]), headers, body: text.slice(end + 4) };
}

export function hostileHttpSuite(ctx: ConformanceContext): void {
  describe('hostile HTTP', () => {
    it('out-of-range numeric query values are 400 INVALID_QUERY on every route that pages', async () => {
      const headers = { 'x-svc-csrf': await readToken(ctx.configDir, 'dashboard.token'), authorization: `Bearer ${await readToken(ctx.configDir, 'daemon.token')}` };
      for (const path of ['/api/digest?offset=9223372036854775807', '/api/digest?limit=99999999999999999999', '/api/audit?offset=9223372036854775807', '/api/audit/export?limit=1e400', '/api/ipc/digest/items/x/wait?timeout_ms=9223372036854775807']) {
        const res = await request(`${ctx.baseUrl}${path}`, { headers });
        expect(res.statusCode, path).toBe(400);
        expect(((await res.body.json()) as Record<string, unknown>).code, path).toBe('INVALID_QUERY');
      }
    });

    it('a GET carrying a 2 MiB body gets its whole response', async () => {
      const host = new URL(ctx.baseUrl).host;
      const body = 'x'.repeat(2 * 1024 * 1024);
      for (const path of ['/api/health', '/api/openapi.json']) {
        const { text } = await rawExchange(ctx.baseUrl, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
        const answer = parse(text);
        expect(answer.status, path).toBe(200);
        expect(Buffer.byteLength(answer.body, 'latin1'), path).toBe(Number(answer.headers['content-length']));
      }
    });

    it.runIf(ctx.capabilities.parserErrors)('malformed HTTP (negative or twice-given Content-Length, bad chunking) is a 400 {error, code}', async () => {
      const host = new URL(ctx.baseUrl).host;
      const csrf = await readToken(ctx.configDir, 'dashboard.token');
      const requests = [
        `POST /api/proxy/test HTTP/1.1\r\nHost: ${host}\r\nx-svc-csrf: ${csrf}\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
        `POST /api/proxy/test HTTP/1.1\r\nHost: ${host}\r\nx-svc-csrf: ${csrf}\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`,
        `POST /api/proxy/test HTTP/1.1\r\nHost: ${host}\r\nx-svc-csrf: ${csrf}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      ];
      for (const raw of requests) {
        const answer = parse((await rawExchange(ctx.baseUrl, raw)).text);
        expect(answer.status, raw.split('\r\n').slice(2, 4).join(' ')).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: expect.any(String) });
      }
    });

    it('an odd Host (userinfo, fragment, given twice) is refused below 500', async () => {
      const host = new URL(ctx.baseUrl).host;
      for (const hostLines of [`Host: ${host}@attacker.example`, `Host: ${host}#x`, `Host: ${host}\r\nHost: ${host}`]) {
        const answer = parse((await rawExchange(ctx.baseUrl, `GET /api/health HTTP/1.1\r\n${hostLines}\r\nConnection: close\r\n\r\n`)).text);
        if (!ctx.capabilities.parserErrors && !answer.headers['content-type']) continue; // the host's own parser answered, before our code
        expect(answer.status, hostLines).toBeGreaterThanOrEqual(400);
        expect(answer.status, hostLines).toBeLessThan(500);
        expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: expect.any(String) });
      }
    });
  });
}
