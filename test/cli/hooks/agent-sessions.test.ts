import { mkdtemp, readdir, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgentSessions, IDLE_MS } from '../../../cli/hook/agent-sessions.ts';
import { CliError, EXIT } from '../../../cli/errors.ts';

function fakeClient(answer: (path: string) => unknown = () => ({ id: 'svc-1' })) {
  const calls: Array<[string, unknown]> = [];
  return {
    calls,
    post: async <T,>(path: string, o?: { body?: unknown }) => {
      calls.push([path, o?.body]);
      const a = answer(path);
      if (a instanceof Error) throw a;
      return a as T;
    },
  };
}

describe('agent sessions as svc sessions', () => {
  it('registers the agent session on its first call, reuses it after, and ends it at session end', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'svc-as-')), 'hook-sessions');
    const client = fakeClient();
    const sessions = createAgentSessions({ client, dir, agentPid: 777, log: () => undefined });
    expect(await sessions.resolve('claude-code', 'agent-s1', '/work/webapp')).toBe('svc-1');
    expect(await sessions.resolve('claude-code', 'agent-s1', '/work/webapp')).toBe('svc-1');
    expect(client.calls).toEqual([['/api/ipc/sessions', { tool_name: 'claude-code', root_pid: 777, cwd: '/work/webapp', project_name: 'webapp' }]]);
    await sessions.end('claude-code', 'agent-s1');
    expect(client.calls[1]).toEqual(['/api/ipc/sessions/svc-1/end', {}]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a refused registration (session limit) leaves the call under the agent\'s own id, and says so', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'svc-as-')), 'hook-sessions');
    const lines: string[] = [];
    const client = fakeClient(() => new CliError(EXIT.limit, 'session limit reached [SESSION_LIMIT_REACHED]'));
    const sessions = createAgentSessions({ client, dir, agentPid: 777, log: (l) => lines.push(l) });
    expect(await sessions.resolve('codex', 'agent-s2', undefined)).toBe('agent-s2');
    expect(lines).toEqual(["session not registered (session limit reached [SESSION_LIMIT_REACHED]); the call is evaluated under the agent's session id"]);
  });

  it('sessions idle for longer than the idle timeout are ended when another registers', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'svc-as-')), 'hook-sessions');
    await mkdir(dir);
    const stale = join(dir, 'codex-old.json');
    await writeFile(stale, JSON.stringify({ session_id: 'svc-old' }));
    const old = new Date(Date.now() - IDLE_MS - 60_000);
    await utimes(stale, old, old);
    const client = fakeClient((path) => (path.endsWith('/end') ? { status: 'ended' } : { id: 'svc-new' }));
    const sessions = createAgentSessions({ client, dir, agentPid: 777, log: () => undefined });
    expect(await sessions.resolve('codex', 'agent-s3', undefined)).toBe('svc-new');
    expect(client.calls.map(([p]) => p)).toEqual(['/api/ipc/sessions/svc-old/end', '/api/ipc/sessions']);
    expect((await readdir(dir)).length).toBe(1);
  });
});
