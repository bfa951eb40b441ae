/**
 * No 5xx for anything a client sends (issue 16.3): out-of-range numbers in
 * queries are 400 INVALID_QUERY, a GET carrying an unexpected body gets its
 * whole answer, and malformed HTTP is a 400 `{error, code}` on the hosts
 * whose HTTP parser lets us answer (`capabilities.parserErrors`).
 */
import { connect } from 'node:net';
import { Readable } from 'node:stream';
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

    it('a body of a few MiB over the limit is answered 413 PAYLOAD_TOO_LARGE every time, never a reset or a 5xx', async () => {
      const headers = { 'x-svc-csrf': await readToken(ctx.configDir, 'dashboard.token'), 'content-type': 'application/json' };
      const body = `{"notes":"${'x'.repeat(3 * 1024 * 1024)}"}`;
      const answers: string[] = [];
      for (let i = 0; i < 12; i++) {
        for (const path of ['/api/digest/unknown/escalate', '/api/proxy/test']) {
          const res = await request(`${ctx.baseUrl}${path}`, { method: 'POST', headers, body });
          const json = (await res.body.json()) as Record<string, unknown>;
          answers.push(`${path} ${res.statusCode} ${String(json.code)}`);
        }
      }
      expect(answers.filter((a) => !a.endsWith('413 PAYLOAD_TOO_LARGE'))).toEqual([]);
    });

    it('a body far over the limit, chunked or with its length declared, is answered 413 (403 without the CSRF header), never a reset or a 5xx', async () => {
      const csrf = await readToken(ctx.configDir, 'dashboard.token');
      const mib = Buffer.alloc(1024 * 1024, 'x');
      /** `{"notes":"xxx..."}` of `size` MiB, as one buffer or as a stream of 1 MiB chunks (sent chunked). */
      const bodyOf = (size: number, chunked: boolean) => {
        const parts = [Buffer.from('{"notes":"'), ...Array.from({ length: size }, () => mib), Buffer.from('"}')];
        return chunked ? Readable.from(parts) : Buffer.concat(parts);
      };
      const answers: string[] = [];
      for (const [size, chunked] of [[5, true], [20, true], [20, false]] as const) {
        for (const withToken of [true, false]) {
          for (const path of ['/api/digest/unknown/escalate', '/api/proxy/test']) {
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (withToken) headers['x-svc-csrf'] = csrf;
            const res = await request(`${ctx.baseUrl}${path}`, { method: 'POST', headers, body: bodyOf(size, chunked) });
            const json = (await res.body.json()) as Record<string, unknown>;
            const expected = withToken ? '413 PAYLOAD_TOO_LARGE' : '403 CSRF_REQUIRED';
            const got = `${res.statusCode} ${String(json.code)}`;
            if (got !== expected) answers.push(`${size} MiB ${chunked ? 'chunked' : 'with length'} ${path}: ${got}`);
          }
        }
      }
      expect(answers).toEqual([]);
    });

    it('TRACE, a method the CSRF guard lets through, reaches the router: 405 METHOD_NOT_ALLOWED with Allow on a known path, 404 on an unknown one', async () => {
      const host = new URL(ctx.baseUrl).host;
      for (const [path, status, code] of [['/api/health', 405, 'METHOD_NOT_ALLOWED'], ['/api/canaries', 405, 'METHOD_NOT_ALLOWED'], ['/api/no-such-route', 404, 'NOT_FOUND']] as const) {
        const { text } = await rawExchange(ctx.baseUrl, `TRACE ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        const answer = parse(text);
        expect(answer.status, path).toBe(status);
        expect((JSON.parse(answer.body) as { code: string }).code, path).toBe(code);
        if (status === 405) expect(answer.headers.allow, path).toContain('GET');
      }
    });

    it('an HTTP/1.1 request without a Host header is a 4xx {error, code}, not a bare parser answer', async () => {
      for (const method of ['GET /api/health', 'POST /api/proxy/test']) {
        const { text } = await rawExchange(ctx.baseUrl, `${method} HTTP/1.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
        const answer = parse(text);
        expect(answer.status, method).toBeGreaterThanOrEqual(400);
        expect(answer.status, method).toBeLessThan(500);
        expect(JSON.parse(answer.body), method).toEqual({ error: expect.any(String), code: expect.any(String) });
      }
    });

    /**
     * One raw request per malformed case, its answer pinned per host. Node, and Workers through the
     * harness's HTTP front, answer 400 {error, code}; an odd Host value reaches the Host guard on
     * Node and Deno (403 HOST_NOT_ALLOWED). Deno's parser (hyper) answers a bare 400 before our code
     * for a twice-given Host or a bad Content-Length, and closes the connection without an answer on
     * bad chunking: the host's limit (README, "Malformed HTTP").
     */
    const malformed: Array<{ name: string; lines: (host: string) => string; body?: string; parser: boolean }> = [
      { name: 'a Host with userinfo', lines: (host) => `Host: ${host}@attacker.example`, parser: false },
      { name: 'a Host with a fragment', lines: (host) => `Host: ${host}#x`, parser: false },
      { name: 'two Host headers', lines: (host) => `Host: ${host}\r\nHost: ${host}`, parser: true },
      { name: 'Content-Length: -1', lines: (host) => `Host: ${host}\r\nContent-Length: -1`, parser: true },
      { name: 'two Content-Length values', lines: (host) => `Host: ${host}\r\nContent-Length: 2\r\nContent-Length: 3`, body: '{}', parser: true },
      { name: 'a bad chunk size', lines: (host) => `Host: ${host}\r\nTransfer-Encoding: chunked`, body: 'zz\r\n{}\r\n0\r\n\r\n', parser: true },
    ];
    for (const { name, lines, body, parser } of malformed) {
      it(`malformed HTTP, ${name}: ${ctx.capabilities.parserErrors || !parser ? 'a 4xx {error, code}' : "the host parser's own answer, never a 5xx"}`, async () => {
        const host = new URL(ctx.baseUrl).host;
        const csrf = await readToken(ctx.configDir, 'dashboard.token');
        const { text } = await rawExchange(ctx.baseUrl, `POST /api/proxy/test HTTP/1.1\r\n${lines(host)}\r\nx-svc-csrf: ${csrf}\r\nConnection: close\r\n\r\n${body ?? ''}`);
        if (ctx.capabilities.parserErrors || !parser) {
          const answer = parse(text);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          // Node's parser takes the first of two Host headers; the Host guard then answers 403 HOST_NOT_ALLOWED.
          if (ctx.kind === 'workers' || (parser && name !== 'two Host headers')) expect(answer.status).toBe(400);
          expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: expect.any(String) });
          return;
        }
        // Deno: hyper answers before any code of ours.
        if (name === 'a bad chunk size') expect(text).toBe('');
        else {
          expect(parse(text).status).toBe(400);
          expect(parse(text).body).toBe('');
        }
      });
    }
  });
}
