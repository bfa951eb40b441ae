import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { request, WebSocket } from 'undici';
import type { ConformanceContext } from './context.ts';
import { modeOf, readToken } from './tokens.ts';
import { makeConfigDir } from '../support/host-process.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

async function instanceId(baseUrl: string): Promise<string> {
  const body = (await (await request(`${baseUrl}/api/health`)).body.json()) as { instance_id: string };
  return body.instance_id;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A request sent by hand whose body stops after its first `sent` bytes: the
 * host has the head and waits for the rest, which `finish` sends. `answer`
 * is everything the host wrote back before closing (`Connection: close`).
 */
function slowBody(baseUrl: string, path: string, headers: Record<string, string>, body: string, sent: number) {
  const url = new URL(baseUrl);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  const head = [`POST ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
  socket.write(`${[...head, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n')}\r\n\r\n${body.slice(0, sent)}`);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const answer = new Promise<string>((done) => {
    socket.on('error', () => undefined);
    socket.once('close', () => done(received));
  });
  return { answer, finish: () => socket.write(body.slice(sent)) };
}

/** Opens `/ws/live` and resolves once the host greeted; `closed` resolves with the close code. */
async function openLive(baseUrl: string, token: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/live?token=${token}`, { headers: { origin: baseUrl } });
  const closed = new Promise<number>((done) => socket.addEventListener('close', (event) => done(event.code)));
  await new Promise<void>((done, fail) => {
    socket.addEventListener('message', () => done(), { once: true });
    socket.addEventListener('error', () => fail(new Error('/ws/live failed')), { once: true });
  });
  return { closed };
}

/** Token files, restarts and clean shutdown (contracts.md "The config dir", "Starting a host"). */
export function lifecycleSuite(ctx: ConformanceContext): void {
  describe('config dir and lifecycle', () => {
    it('token files are 0600 in the config dir', async () => {
      for (const name of ['daemon.token', 'dashboard.token'] as const) {
        expect(await modeOf(join(ctx.configDir, name)), name).toBe(0o600);
        // The token alone, no final newline: the file's bytes are the header value.
        expect(await readFile(join(ctx.configDir, name), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it('daemon.json names {url, pid, instance_id, version} with mode 0600 once the host listens', async () => {
      const path = join(ctx.configDir, 'daemon.json');
      const info = JSON.parse(await readFile(path, 'utf8')) as { url: string; pid: number; instance_id: string; version: string };
      expect(info).toEqual({ url: ctx.baseUrl, pid: expect.any(Number), instance_id: await instanceId(ctx.baseUrl), version: expect.any(String) });
      expect(() => process.kill(info.pid, 0)).not.toThrow();
      expect(await modeOf(path)).toBe(0o600);
    });

    it('SIGTERM with a /ws/live client and a write in flight: the write finishes (200) and is durable, the socket is closed, exit 0; a restart regenerates the daemon token, keeps the dashboard token, and gets a new instance_id', async () => {
      const first = await ctx.launch();
      const before = {
        daemon: await readToken(first.configDir, 'daemon.token'),
        dashboard: await readToken(first.configDir, 'dashboard.token'),
        instance: await instanceId(first.baseUrl),
      };
      const live = await openLive(first.baseUrl, before.dashboard);
      const body = JSON.stringify({ tool_call: { type: 'FileRead', path: '/tmp/in-flight-at-sigterm.txt' } });
      const write = slowBody(first.baseUrl, '/api/proxy/evaluate', { authorization: `Bearer ${before.daemon}`, 'content-type': 'application/json' }, body, 12);
      await sleep(500); // the host has read the head and waits for the body
      const exit = first.stop('SIGTERM');
      await sleep(300);
      write.finish();
      const answer = await write.answer;
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      const auditId = /"audit_id":"([^"]+)"/.exec(answer)?.[1];
      expect(auditId).toBeDefined();
      expect(await exit).toBe(0); // null: it did not exit by itself and was killed
      expect(await live.closed).toBeGreaterThanOrEqual(1000);
      await expect(readFile(join(first.configDir, 'daemon.json'))).rejects.toMatchObject({ code: 'ENOENT' }); // a clean exit removes it
      const second = await ctx.launch({ configDir: first.configDir });
      try {
        const record = await request(`${second.baseUrl}/api/audit/${auditId}`, { headers: { 'x-svc-csrf': before.dashboard } });
        expect([record.statusCode, ((await record.body.json()) as { id?: string }).id]).toEqual([200, auditId]);
        expect(await readToken(second.configDir, 'daemon.token')).not.toBe(before.daemon);
        expect(await readToken(second.configDir, 'dashboard.token')).toBe(before.dashboard);
        expect(await instanceId(second.baseUrl)).not.toBe(before.instance);
        expect(await modeOf(join(second.configDir, 'daemon.token'))).toBe(0o600);
      } finally {
        expect(await second.stop('SIGINT')).toBe(0);
      }
    }, HOST_STARTS_MS);

    it('one daemon per config dir: a second start refuses (exit 1) and leaves the running daemon its daemon.token and daemon.json', async () => {
      const token = await readToken(ctx.configDir, 'daemon.token');
      const info = await readFile(join(ctx.configDir, 'daemon.json'), 'utf8');
      const refused = await ctx.launch({ configDir: ctx.configDir }).then(
        async (host) => {
          await host.stop();
          return null;
        },
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toMatch(/^svc: cannot start: a daemon already runs for .* at http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)/m);
      expect(await readToken(ctx.configDir, 'daemon.token')).toBe(token);
      expect(await readFile(join(ctx.configDir, 'daemon.json'), 'utf8')).toBe(info);
      const ipc = await request(`${ctx.baseUrl}/api/ipc/dashboard/pair-code`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(ipc.statusCode).toBe(200);
      await ipc.body.dump();
    }, HOST_STARTS_MS);

    it('the config dir is $SVC_CONFIG_DIR without --config-dir, else ~/.config/svc (an empty SVC_CONFIG_DIR counts as unset, as for the svc command)', async () => {
      const fromEnv = await makeConfigDir();
      const home = await makeConfigDir();
      const fromHome = join(home, '.config', 'svc');
      for (const [configDir, configDirFrom] of [[fromEnv, 'env'], [fromHome, 'home']] as const) {
        const host = await ctx.launch({ configDir, configDirFrom });
        try {
          const info = JSON.parse(await readFile(join(configDir, 'daemon.json'), 'utf8')) as { url: string };
          expect([configDirFrom, info.url]).toEqual([configDirFrom, host.baseUrl]);
          expect(await readToken(configDir, 'daemon.token')).toMatch(/^[0-9a-f]{64}$/);
          expect(await modeOf(join(configDir, 'dashboard.token'))).toBe(0o600);
        } finally {
          expect(await host.stop()).toBe(0);
        }
      }
    }, HOST_STARTS_MS);

    it('a daemon.json left by a daemon that is gone (no such process, or nothing answering at its address) does not stop a start', async () => {
      const dir = await makeConfigDir();
      const gone = { url: 'http://127.0.0.1:9', pid: 2 ** 22 + 1, instance_id: 'gone', version: '0.0.0' };
      for (const stale of [gone, { ...gone, pid: process.pid }]) {
        await writeFile(join(dir, 'daemon.json'), JSON.stringify(stale));
        const host = await ctx.launch({ configDir: dir });
        try {
          const info = JSON.parse(await readFile(join(dir, 'daemon.json'), 'utf8')) as { url: string };
          expect(info.url).toBe(host.baseUrl);
        } finally {
          expect(await host.stop()).toBe(0);
        }
      }
    }, HOST_STARTS_MS);
  });
}
