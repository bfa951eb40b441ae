/**
 * Supervised sessions over real sockets (contracts.md, "Supervised
 * sessions"): the routes with their guards and codes, the session limit on
 * Community and Pro, evaluate with a session (inventory drift, listener
 * rewrites), restart survival, and a real `svc exec` of a small script that
 * calls evaluate like an agent hook, is deny-terminated from the digest route
 * and dies with its children. The shared instance is Community (2 sessions):
 * every rule here ends the sessions it registers.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './context.ts';
import { SHARED_CONFIG } from './context.ts';
import { QUEUED_CALL, digestClient } from './digest-client.ts';
import { createLicenceMinter } from './pro-licence.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = resolve(import.meta.dirname, '../..');
const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);

async function sessionsClient(baseUrl: string, configDir: string) {
  const d = await digestClient(baseUrl, configDir);
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
  };
  const daemon = (await readFile(join(configDir, 'daemon.token'), 'utf8')).trim();
  const dash = { 'x-svc-csrf': d.dashboard ?? '' };
  const bearer = { authorization: `Bearer ${daemon}` };
  return {
    d,
    send,
    dash,
    bearer,
    call: (method: string, path: string, body?: unknown) => send(method, path, dash, body),
    async register(body: Json = {}): Promise<Json> {
      const res = await send('POST', '/api/ipc/sessions', bearer, { tool_name: 'claude', root_pid: process.pid, ...body });
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    end: (id: string) => send('DELETE', `/api/supervisor/sessions/${id}`, dash),
  };
}
type Client = Awaited<ReturnType<typeof sessionsClient>>;

function shared(ctx: ConformanceContext) {
  let client: Client | null = null;
  return async () => (client ??= await sessionsClient(ctx.baseUrl, ctx.configDir));
}

export function supervisorSuite(ctx: ConformanceContext): void {
  const c = shared(ctx);

  describe('supervisor: routes', () => {
    it('register, read, list, kill, end: the contract shapes and codes', async () => {
      const s = await c();
      const made = await s.call('POST', '/api/supervisor/sessions', { tool_name: 'claude', root_pid: 1, project_name: 'web' });
      expect(made.status).toBe(201);
      const id = made.body.id as string;
      try {
        expect(made.body).toMatchObject({ state: 'active', decisions: { allow: 0, queue: 0, deny: 0 }, open_reviews: 0, containment: { active: false } });
        expect((await s.call('GET', `/api/supervisor/sessions/${id}`)).body).toEqual(made.body);
        expect((await s.call('GET', '/api/supervisor/sessions')).body.sessions.map((x: Json) => x.id)).toContain(id);
        expect((await s.call('POST', `/api/supervisor/sessions/${id}/kill`, { reason: 'test' })).body).toEqual({ status: 'terminating', id });
        expect((await s.call('DELETE', `/api/supervisor/sessions/${id}`)).body).toEqual({ status: 'ended', id });
        expect((await s.call('GET', `/api/supervisor/sessions/${id}`)).body).toMatchObject({ state: 'ended', ended_reason: 'killed' });
        for (const res of [await s.call('DELETE', `/api/supervisor/sessions/${id}`), await s.call('POST', `/api/supervisor/sessions/${id}/kill`)]) {
          expect(res.status).toBe(409);
          expect(res.body.code).toBe('SESSION_ENDED');
        }
        expect((await s.call('GET', '/api/supervisor/sessions?state=all')).body.sessions.map((x: Json) => x.id)).toContain(id);
      } finally {
        await s.end(id);
      }
    });

    it('guards: the dashboard token on every route (401), the bearer on the IPC route (401), 404 and 400', async () => {
      const s = await c();
      for (const [method, path] of [
        ['GET', '/api/supervisor/sessions'], ['POST', '/api/supervisor/sessions'], ['GET', '/api/supervisor/sessions/x'],
        ['DELETE', '/api/supervisor/sessions/x'], ['POST', '/api/supervisor/sessions/x/kill'], ['GET', '/api/inventory/x'],
        ['GET', '/api/sessions/x/listener-rewrites'],
      ]) {
        const res = await s.send(method!, path!, s.bearer);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.code).toBe('DASHBOARD_AUTH_REQUIRED');
      }
      const ipc = await s.send('POST', '/api/ipc/sessions', s.dash, { tool_name: 'c', root_pid: 1 });
      expect([ipc.status, ipc.body.code]).toEqual([401, 'IPC_AUTH_REQUIRED']);
      for (const path of ['/api/supervisor/sessions/nope', '/api/inventory/nope', '/api/sessions/nope/listener-rewrites']) {
        expect((await s.call('GET', path)).body.code, path).toBe('NOT_FOUND');
      }
      const bad = await s.call('POST', '/api/supervisor/sessions', { tool_name: 'c' });
      expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_REQUEST']);
    });

    it('the third session on Community answers 409 SESSION_LIMIT_REACHED {max_sessions: 2, active: 2}, counted by /api/tier', async () => {
      const s = await c();
      const before = (await s.call('GET', '/api/tier')).body.session_limit_rejections as number;
      const a = await s.register();
      const b = await s.register();
      try {
        const third = await s.send('POST', '/api/ipc/sessions', s.bearer, { tool_name: 'c', root_pid: 1 });
        expect(third.status).toBe(409);
        expect(third.body).toMatchObject({ code: 'SESSION_LIMIT_REACHED', max_sessions: 2, active: 2 });
        expect((await s.call('GET', '/api/tier')).body.session_limit_rejections).toBe(before + 1);
      } finally {
        await s.end(a.id);
        await s.end(b.id);
      }
    });

    it('POST /api/ipc/sessions with session_id registers under that id: again answers it (200), an exited one restarts, a user-ended one is 409 SESSION_ENDED', async () => {
      const s = await c();
      const id = crypto.randomUUID();
      const first = await s.send('POST', '/api/ipc/sessions', s.bearer, { session_id: id, tool_name: 'gemini', root_pid: 1 });
      expect([first.status, first.body.id, first.body.state]).toEqual([201, id, 'active']);
      try {
        const again = await s.send('POST', '/api/ipc/sessions', s.bearer, { session_id: id, tool_name: 'gemini', root_pid: 1 });
        expect([again.status, again.body]).toEqual([200, first.body]);
        expect((await s.call('GET', '/api/supervisor/sessions')).body.sessions.filter((x: Json) => x.id === id)).toHaveLength(1);
        expect((await s.send('POST', `/api/ipc/sessions/${id}/end`, s.bearer, {})).body).toEqual({ status: 'ended', id });
        const restarted = await s.send('POST', '/api/ipc/sessions', s.bearer, { session_id: id, tool_name: 'gemini', root_pid: 2 });
        expect([restarted.status, restarted.body.id, restarted.body.state, restarted.body.ended_at, restarted.body.root_pid]).toEqual([201, id, 'active', null, 2]);
        expect((await s.end(id)).body).toEqual({ status: 'ended', id });
        const refused = await s.send('POST', '/api/ipc/sessions', s.bearer, { session_id: id, tool_name: 'gemini', root_pid: 1 });
        expect([refused.status, refused.body.code]).toEqual([409, 'SESSION_ENDED']);
      } finally {
        await s.end(id);
      }
      for (const session_id of ['', 'x'.repeat(257), 42, null]) {
        const bad = await s.send('POST', '/api/ipc/sessions', s.bearer, { session_id, tool_name: 'c', root_pid: 1 });
        expect([bad.status, bad.body.code], JSON.stringify(session_id)).toEqual([400, 'INVALID_REQUEST']);
      }
      // The public registration keeps its written body: no session_id there.
      const pub = await s.call('POST', '/api/supervisor/sessions', { session_id: crypto.randomUUID(), tool_name: 'c', root_pid: 1 });
      expect([pub.status, pub.body.code]).toEqual([400, 'INVALID_REQUEST']);
    });

    it('Pro allows the lower of 64 and max_concurrent_sessions (default 8)', async () => {
      const minter = await createLicenceMinter();
      const host = await ctx.launch({ files: { 'config.toml': SHARED_CONFIG, 'license.json': await minter.mint() }, env: minter.env });
      try {
        const s = await sessionsClient(host.baseUrl, host.configDir);
        for (let i = 0; i < 8; i++) await s.register();
        const ninth = await s.send('POST', '/api/ipc/sessions', s.bearer, { tool_name: 'c', root_pid: 1 });
        expect(ninth.body).toMatchObject({ code: 'SESSION_LIMIT_REACHED', max_sessions: 8, active: 8 });
        expect((await s.call('GET', '/api/tier')).body).toMatchObject({ tier: 'pro', max_sessions: 64, session_limit_rejections: 1 });
      } finally {
        await host.stop();
      }
    }, HOST_STARTS_MS);
  });

  describe('supervisor: evaluate with a session', () => {
    it('counts decisions, pins binaries and scores drift, clamps wildcard listeners, denies after the end', async () => {
      const s = await c();
      const session = await s.register({ tool_name: 'codex', project_name: 'shop' });
      const id = session.id as string;
      try {
        const spawnCall = { type: 'ProcessSpawn', command: 'node', args: ['build.js'] };
        const first = await s.d.evaluate(spawnCall, { session_id: id, binaries: [{ name: 'node', path: '/usr/bin/node', sha256: SHA_A }] });
        expect(first.action).toBe('allow');
        const audit = (await s.call('GET', `/api/audit/${first.audit_id}`)).body;
        expect(audit).toMatchObject({ plugin_id: 'supervisor:codex', supervised_tool: 'codex', project_name: 'shop' });
        const drift = await s.d.evaluate(spawnCall, { session_id: id, binaries: [{ name: 'node', path: '/usr/bin/node', sha256: SHA_B }] });
        expect(drift.action).toMatch(/^queue\(/);
        expect(drift.filter_results).toContainEqual(expect.objectContaining({ filter_name: 'Binary drift', matched: true }));
        const inventory = (await s.call('GET', `/api/inventory/${id}`)).body;
        expect(inventory).toMatchObject({ session_id: id, total: 1, binaries: [{ path: '/usr/bin/node', sha256: SHA_A, count: 2, changed: true }] });
        const listen = await s.d.evaluate({ type: 'NetListen', host: '0.0.0.0', port: 8080 }, { session_id: id });
        expect(listen.rewrite).toEqual({ from: '0.0.0.0', to: '127.0.0.1' });
        expect((await s.call('GET', `/api/sessions/${id}/listener-rewrites`)).body).toMatchObject({
          session_id: id, total: 1, rewrites: [{ original_addr: '0.0.0.0', rewritten_addr: '127.0.0.1', port: 8080, audit_id: listen.audit_id }],
        });
        expect((await s.call('GET', `/api/supervisor/sessions/${id}`)).body).toMatchObject({ decisions: { allow: 2, queue: 1, deny: 0 }, open_reviews: 1 });
      } finally {
        await s.end(id);
      }
      const after = await s.d.evaluate({ type: 'FileRead', path: '/src/README.md' }, { session_id: id });
      expect(after).toMatchObject({ action: 'deny(session_ended)', decision_reason: 'session_ended' });
    });

    it('a restart keeps ended sessions as history', async () => {
      const first = await ctx.launch({ files: { 'config.toml': SHARED_CONFIG } });
      let ended: Json;
      try {
        const s = await sessionsClient(first.baseUrl, first.configDir);
        ended = await s.register({ project_name: 'history' });
        await s.end(ended.id);
      } finally {
        await first.stop();
      }
      const second = await ctx.launch({ configDir: first.configDir });
      try {
        const s = await sessionsClient(second.baseUrl, second.configDir);
        expect((await s.call('GET', `/api/supervisor/sessions/${ended.id}`)).body).toMatchObject({ state: 'ended', ended_reason: 'ended', project_name: 'history' });
        expect((await s.call('GET', '/api/supervisor/sessions?state=all')).body.total).toBe(1);
      } finally {
        await second.stop();
      }
    }, HOST_STARTS_MS);
  });

  describe('supervisor: svc exec', () => {
    it('a real svc exec whose hook-like call is deny-terminated from the digest dies with its children and exits 137', async () => {
      const s = await c();
      const dir = await mkdtemp(join(tmpdir(), 'svc-exec-'));
      const report = join(dir, 'report.json');
      const script = join(dir, 'agent.mjs');
      // A small "agent": starts a child, asks the daemon like a hook would (session from
      // SVC_SESSION_ID), reports what it got, then ignores SIGTERM and waits.
      await writeFile(script, `
        import { spawn } from 'node:child_process';
        import { readFileSync, writeFileSync } from 'node:fs';
        const child = spawn('sleep', ['600'], { stdio: 'ignore' });
        const token = readFileSync(process.env.SVC_CONFIG_DIR + '/daemon.token', 'utf8').trim();
        const res = await fetch(process.env.SVC_URL + '/api/proxy/evaluate', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
          body: JSON.stringify({ tool_call: ${JSON.stringify(QUEUED_CALL)}, session_id: process.env.SVC_SESSION_ID, source: 'hook:test' }),
        });
        const body = await res.json();
        process.on('SIGTERM', () => {});
        writeFileSync(${JSON.stringify(report)}, JSON.stringify({ pid: process.pid, child: child.pid, session: process.env.SVC_SESSION_ID, body }));
        setInterval(() => {}, 1000);
      `);
      const exec = spawn(process.execPath, [join(ROOT, 'bin/svc.mjs'), '--config-dir', ctx.configDir, '--url', ctx.baseUrl, 'exec', '--tool', 'agent', '--project', 'demo', '--grace-seconds', '1', '--', process.execPath, script], {
        cwd: ROOT,
        env: { ...process.env, SVC_CONFIG_DIR: undefined },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      exec.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((done) => exec.once('exit', (code) => done(code)));
      let reported: Json | null = null;
      for (let i = 0; i < 600 && reported === null; i++) {
        reported = await readFile(report, 'utf8').then((t) => JSON.parse(t) as Json, () => null);
        if (reported === null) await new Promise((r) => setTimeout(r, 100));
      }
      if (!reported) {
        exec.kill('SIGKILL');
        throw new Error(`the supervised script never reported\n${stderr}`);
      }
      expect(reported.body.digest_id, JSON.stringify(reported.body)).toEqual(expect.any(String));
      const session = (await s.call('GET', `/api/supervisor/sessions/${reported.session}`)).body;
      expect(session).toMatchObject({ tool_name: 'agent', project_name: 'demo', state: 'active', decisions: { queue: 1 }, open_reviews: 1 });
      const item = (await s.d.ipcGet(`/api/ipc/digest/items/${reported.body.digest_id}`)).body;
      expect(item).toMatchObject({ plugin_id: 'supervisor:agent', session_id: reported.session });
      expect((await s.d.post(`/api/digest/${reported.body.digest_id}/deny-terminate`, { notes: 'stop it' })).body).toMatchObject({ status: 'terminated' });
      expect(await exited).toBe(137);
      expect(stderr).toContain('stop it');
      for (const pid of [reported.pid, reported.child]) expect(isAlive(pid), `pid ${pid}`).toBe(false);
      expect((await s.call('GET', `/api/supervisor/sessions/${reported.session}`)).body).toMatchObject({ state: 'ended', ended_reason: 'terminated' });
    });

    it('svc exec passes the exit code through and ends its session as exited', async () => {
      const s = await c();
      const out = await runSvc(ctx, ['exec', '--', process.execPath, '-e', 'console.log(process.env.SVC_SESSION_ID); process.exit(7)']);
      expect(out.code).toBe(7);
      const id = out.stdout.trim();
      expect((await s.call('GET', `/api/supervisor/sessions/${id}`)).body).toMatchObject({ state: 'ended', ended_reason: 'exited' });
    });
  });
}

/** A live process; a zombie (exited, not yet reaped by whoever adopted it) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

function runSvc(ctx: ConformanceContext, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/svc.mjs'), '--config-dir', ctx.configDir, '--url', ctx.baseUrl, ...args], {
    cwd: ROOT,
    env: { ...process.env, SVC_CONFIG_DIR: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

