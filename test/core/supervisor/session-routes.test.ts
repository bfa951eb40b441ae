import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../storage/memory.ts';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { createLicenceMinter } from '../../conformance/pro-licence.ts';
import { recordingPeer, supervisorKit } from './supervisor-kit.ts';

const SESSION_KEYS = [
  'command', 'containment', 'cwd', 'decisions', 'ended_at', 'ended_reason', 'id', 'open_reviews', 'project_name',
  'root_pid', 'started_at', 'state', 'tool_name',
];

describe('supervisor routes: register, read, end', () => {
  it('POST /api/supervisor/sessions answers 201 with the session resource', async () => {
    const kit = await supervisorKit();
    const res = await kit.post('/api/supervisor/sessions', { tool_name: 'claude', root_pid: 77, command: 'claude --x', project_name: 'web', cwd: '/src/web' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(SESSION_KEYS);
    expect(res.body).toMatchObject({
      tool_name: 'claude', root_pid: 77, command: 'claude --x', project_name: 'web', cwd: '/src/web', state: 'active',
      started_at: '2025-01-01T00:00:00.000Z', ended_at: null, ended_reason: null,
      decisions: { allow: 0, queue: 0, deny: 0 }, open_reviews: 0, containment: { active: false, since: null, reason: null },
    });
    expect((await kit.get(`/api/supervisor/sessions/${res.body.id}`)).body).toEqual(res.body);
  });

  it('POST /api/ipc/sessions registers with the daemon bearer token and needs it (401 IPC_AUTH_REQUIRED)', async () => {
    const kit = await supervisorKit();
    const session = await kit.register({ project_name: 'api' });
    expect(session).toMatchObject({ tool_name: 'claude', root_pid: 4242, project_name: 'api', command: null, cwd: null, state: 'active' });
    const refused = await kit.call('POST', '/api/ipc/sessions', { tool_name: 'x', root_pid: 1 }, { 'x-svc-csrf': kit.csrf });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('IPC_AUTH_REQUIRED');
  });

  it('GET /api/supervisor/sessions lists sessions not ended by default, every one with state=all, newest first', async () => {
    const kit = await supervisorKit();
    const a = await kit.register();
    kit.time.advance(1000);
    const b = await kit.register();
    expect((await kit.del(`/api/supervisor/sessions/${a.id}`)).body).toEqual({ status: 'ended', id: a.id });
    const active = await kit.get('/api/supervisor/sessions');
    expect(active.body.total).toBe(1);
    expect(active.body.sessions.map((s: { id: string }) => s.id)).toEqual([b.id]);
    const all = await kit.get('/api/supervisor/sessions?state=all');
    expect(all.body.total).toBe(2);
    expect(all.body.sessions.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(all.body.sessions[1]).toMatchObject({ state: 'ended', ended_reason: 'ended', ended_at: '2025-01-01T00:00:01.000Z' });
    const bad = await kit.get('/api/supervisor/sessions?state=ended');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_QUERY');
  });

  it('an unknown session id answers 404 NOT_FOUND on every session route', async () => {
    const kit = await supervisorKit();
    for (const [method, path] of [
      ['GET', '/api/supervisor/sessions/nope'], ['DELETE', '/api/supervisor/sessions/nope'], ['POST', '/api/supervisor/sessions/nope/kill'],
      ['GET', '/api/inventory/nope'], ['GET', '/api/sessions/nope/listener-rewrites'], ['GET', '/api/supervisor/sessions/%E0%A4%A'],
    ] as const) {
      const res = await kit.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await kit.ipc('POST', '/api/ipc/sessions/nope/end')).status).toBe(404);
  });

  it('a bad registration body answers 400 (INVALID_REQUEST, INVALID_JSON), never 500', async () => {
    const kit = await supervisorKit();
    for (const body of [{}, { tool_name: 'claude' }, { tool_name: '', root_pid: 1 }, { tool_name: 'c', root_pid: 0 }, { tool_name: 'c', root_pid: 1.5 },
      { tool_name: 'c', root_pid: 1, extra: true }, { tool_name: 'c c', root_pid: 1 }, { tool_name: 'c', root_pid: 1, cwd: 'x'.repeat(5000) }]) {
      const res = await kit.post('/api/supervisor/sessions', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('INVALID_REQUEST');
    }
    const malformed = await kit.post('/api/supervisor/sessions', '{"tool_name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_JSON');
    expect((await kit.post(`/api/supervisor/sessions/${(await kit.register()).id}/kill`, { reason: 5 })).status).toBe(400);
  });

  it('DELETE and kill of an ended session answer 409 SESSION_ENDED', async () => {
    const kit = await supervisorKit();
    const s = await kit.register();
    await kit.del(`/api/supervisor/sessions/${s.id}`);
    for (const res of [await kit.del(`/api/supervisor/sessions/${s.id}`), await kit.post(`/api/supervisor/sessions/${s.id}/kill`)]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('SESSION_ENDED');
    }
  });

  it('kill marks the session terminating and sends terminate on /ws/supervisor/{id}; the exit report ends it as killed', async () => {
    const kit = await supervisorKit();
    const s = await kit.register();
    const sup = recordingPeer();
    kit.app.services.hub.addSupervisor(s.id, sup.peer);
    const res = await kit.post(`/api/supervisor/sessions/${s.id}/kill`, { reason: 'runaway loop' });
    expect(res.body).toEqual({ status: 'terminating', id: s.id });
    expect(sup.ofType('terminate').map((e) => e.data)).toEqual([{ session_id: s.id, digest_id: null, reason: 'runaway loop' }]);
    expect((await kit.get(`/api/supervisor/sessions/${s.id}`)).body.state).toBe('terminating');
    expect((await kit.ipc('POST', `/api/ipc/sessions/${s.id}/end`, { exit_code: 137 })).body).toEqual({ status: 'ended', id: s.id });
    expect((await kit.get(`/api/supervisor/sessions/${s.id}`)).body).toMatchObject({ state: 'ended', ended_reason: 'killed' });
  });

  it('the exit report of a session nobody stopped ends it as exited', async () => {
    const kit = await supervisorKit();
    const s = await kit.register();
    await kit.ipc('POST', `/api/ipc/sessions/${s.id}/end`, { exit_code: 0 });
    expect((await kit.get(`/api/supervisor/sessions/${s.id}`)).body).toMatchObject({ state: 'ended', ended_reason: 'exited' });
    expect((await kit.ipc('POST', `/api/ipc/sessions/${s.id}/end`)).body.code).toBe('SESSION_ENDED');
  });

  it('/ws/live carries session_started and session_ended with the session resource', async () => {
    const kit = await supervisorKit();
    const live = recordingPeer();
    kit.app.services.hub.addLive(live.peer);
    const s = await kit.register();
    await kit.del(`/api/supervisor/sessions/${s.id}`);
    await new Promise((r) => setTimeout(r, 0));
    expect(live.ofType('session_started').map((e) => e.data.id)).toEqual([s.id]);
    expect(live.ofType('session_ended').map((e) => [e.data.id, e.data.state])).toEqual([[s.id, 'ended']]);
  });

  it('a restart keeps ended sessions as history, and live ones as they were', async () => {
    const storage = await createMemoryStorage();
    const fileStore = createMemoryFileStore();
    const first = await supervisorKit({ storage, fileStore });
    const ended = await first.register({ project_name: 'old' });
    const running = await first.register();
    await first.del(`/api/supervisor/sessions/${ended.id}`);
    const second = await supervisorKit({ storage, fileStore });
    const all = await second.get('/api/supervisor/sessions?state=all');
    expect(all.body.sessions.map((s: { id: string; state: string }) => [s.id, s.state]).sort()).toEqual(
      [[ended.id, 'ended'], [running.id, 'active']].sort(),
    );
    expect((await second.get(`/api/supervisor/sessions/${ended.id}`)).body).toMatchObject({ project_name: 'old', ended_reason: 'ended' });
  });
});

describe('supervisor routes: guards and buckets', () => {
  const routes = (id: string) => [
    ['GET', '/api/supervisor/sessions'], ['POST', '/api/supervisor/sessions'], ['GET', `/api/supervisor/sessions/${id}`],
    ['DELETE', `/api/supervisor/sessions/${id}`], ['POST', `/api/supervisor/sessions/${id}/kill`],
    ['GET', `/api/inventory/${id}`], ['GET', `/api/sessions/${id}/listener-rewrites`],
  ] as const;

  it('every supervisor route needs the dashboard token (401 DASHBOARD_AUTH_REQUIRED), a wrong one too', async () => {
    const kit = await supervisorKit();
    const s = await kit.register();
    for (const [method, path] of routes(s.id)) {
      for (const headers of [{}, { 'x-svc-csrf': 'wrong' }, { authorization: `Bearer ${kit.daemonToken}` }] as Array<Record<string, string>>) {
        const res = await kit.call(method, path, method === 'POST' ? { tool_name: 'c', root_pid: 1 } : undefined, headers);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.code).toBe('DASHBOARD_AUTH_REQUIRED');
      }
    }
    expect((await kit.get(`/api/supervisor/sessions/${s.id}`)).body.state).toBe('active');
  });

  it('without a dashboard token the reads are open and the three mutations need CSRF (403 CSRF_REQUIRED)', async () => {
    const kit = await supervisorKit({ files: { 'config.toml': '[server]\ndashboard_auth = false\n' } });
    const s = await kit.register();
    for (const [method, path] of routes(s.id)) {
      const res = await kit.call(method, path, method === 'POST' ? { tool_name: 'c', root_pid: 1 } : undefined, {});
      if (method === 'GET') expect(res.status, path).toBe(200);
      else {
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.code).toBe('CSRF_REQUIRED');
      }
    }
    expect((await kit.call('POST', '/api/supervisor/sessions', { tool_name: 'c', root_pid: 1 }, { 'x-svc-csrf': 'svc-dashboard' })).status).toBe(201);
  });

  it('mutations spend the Write bucket and reads the General bucket (429 RATE_LIMITED)', async () => {
    const kit = await supervisorKit({ files: { 'config.toml': '[server.rate_limit]\nwrite = 2\ngeneral = 3\n' }, deps: { clock: { now: () => Date.parse('2025-01-01T00:00:00Z'), monotonic: () => 0 } } });
    const s = await kit.register();
    expect((await kit.post('/api/supervisor/sessions', { tool_name: 'c', root_pid: 1 })).status).toBe(201);
    expect((await kit.post(`/api/supervisor/sessions/${s.id}/kill`)).status).toBe(200);
    const limited = await kit.del(`/api/supervisor/sessions/${s.id}`);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).not.toBeNull();
    for (let i = 0; i < 3; i++) expect((await kit.get('/api/supervisor/sessions')).status).toBe(200);
    expect((await kit.get(`/api/inventory/${s.id}`)).status).toBe(429);
    expect((await kit.ipc('POST', '/api/ipc/sessions', { tool_name: 'c', root_pid: 1 })).status).not.toBe(429); // the Ipc bucket is apart
  });
});

describe('the session limit', () => {
  it('Community allows 2 sessions; the third answers 409 SESSION_LIMIT_REACHED {max_sessions, active} and is counted by /api/tier', async () => {
    const kit = await supervisorKit();
    await kit.register();
    await kit.register();
    for (const attempt of [
      await kit.ipc('POST', '/api/ipc/sessions', { tool_name: 'c', root_pid: 1 }),
      await kit.post('/api/supervisor/sessions', { tool_name: 'c', root_pid: 1 }),
    ]) {
      expect(attempt.status).toBe(409);
      expect(attempt.body).toMatchObject({ code: 'SESSION_LIMIT_REACHED', max_sessions: 2, active: 2 });
    }
    expect((await kit.get('/api/tier')).body).toMatchObject({ max_sessions: 2, session_limit_rejections: 2, session_limit_rejection_window_days: 7 });
    kit.time.advance(7 * 86_400_000 + 1);
    expect((await kit.get('/api/tier')).body.session_limit_rejections).toBe(0);
  });

  it('an ended session frees its place', async () => {
    const kit = await supervisorKit();
    const a = await kit.register();
    await kit.register();
    await kit.del(`/api/supervisor/sessions/${a.id}`);
    expect((await kit.register()).state).toBe('active');
  });

  it('Pro allows the lower of 64 and supervisor.max_concurrent_sessions (default 8)', async () => {
    const minter = await createLicenceMinter();
    const licence = await minter.mint();
    const pro = await supervisorKit({ env: minter.env, files: { 'license.json': licence } });
    for (let i = 0; i < 8; i++) await pro.register();
    expect((await pro.ipc('POST', '/api/ipc/sessions', { tool_name: 'c', root_pid: 1 })).body).toMatchObject({ code: 'SESSION_LIMIT_REACHED', max_sessions: 8, active: 8 });
    const three = await supervisorKit({ env: minter.env, files: { 'license.json': licence, 'config.toml': '[supervisor]\nmax_concurrent_sessions = 3\n' } });
    for (let i = 0; i < 3; i++) await three.register();
    expect((await three.ipc('POST', '/api/ipc/sessions', { tool_name: 'c', root_pid: 1 })).body).toMatchObject({ max_sessions: 3, active: 3 });
    const wide = await supervisorKit({ env: minter.env, files: { 'license.json': licence, 'config.toml': '[supervisor]\nmax_concurrent_sessions = 100\n' } });
    for (let i = 0; i < 64; i++) await wide.register();
    expect((await wide.ipc('POST', '/api/ipc/sessions', { tool_name: 'c', root_pid: 1 })).body).toMatchObject({ max_sessions: 64, active: 64 });
  });

  it('Community stays at 2 even when max_concurrent_sessions is higher', async () => {
    const kit = await supervisorKit({ files: { 'config.toml': '[supervisor]\nmax_concurrent_sessions = 50\n' } });
    await kit.register();
    await kit.register();
    expect((await kit.ipc('POST', '/api/ipc/sessions', { tool_name: 'c', root_pid: 1 })).body).toMatchObject({ max_sessions: 2 });
  });
});

describe('supervisor health', () => {
  it('reports the active session count', async () => {
    const kit = await supervisorKit();
    expect((await kit.get('/api/health')).body.subsystems.supervisor).toMatchObject({ status: 'ok', message: '0 active sessions' });
    await kit.register();
    expect((await kit.get('/api/health')).body.subsystems.supervisor).toMatchObject({ status: 'ok', message: '1 active session' });
  });

  it("is degraded when a session's client is gone: its socket closed and its root pid is gone", async () => {
    const alive = new Set([4242]);
    const kit = await supervisorKit({ deps: { processes: { alive: (pid) => alive.has(pid) } } });
    const s = await kit.register();
    const hooks = (await kit.app.upgrade(new Request(`http://127.0.0.1:3141/ws/supervisor/${s.id}`, {
      headers: { upgrade: 'websocket', authorization: `Bearer ${kit.daemonToken}`, host: '127.0.0.1:3141' },
    }), { remoteAddress: '127.0.0.1' }));
    if (!hooks.accepted) throw new Error('refused');
    const peer = recordingPeer().peer;
    hooks.hooks.open(peer);
    hooks.hooks.close(peer);
    expect((await kit.get('/api/health')).body.subsystems.supervisor.status).toBe('ok'); // pid still alive
    alive.clear();
    const health = (await kit.get('/api/health')).body;
    expect(health.status).toBe('degraded');
    expect(health.subsystems.supervisor).toMatchObject({ status: 'degraded' });
    expect(health.subsystems.supervisor.message).toContain(s.id);
    await kit.del(`/api/supervisor/sessions/${s.id}`);
    expect((await kit.get('/api/health')).body.subsystems.supervisor.status).toBe('ok');
  });
});
