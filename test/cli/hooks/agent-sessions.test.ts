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

describe('agent sessions as svc sessions under the agent\'s own id', () => {
  it('registers the agent session under its id on its first call, not again after, and ends that id at session end', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'svc-as-')), 'hook-sessions');
    const client = fakeClient();
    const sessions = createAgentSessions({ client, dir, agentPid: 777, log: () => undefined });
    await sessions.register('claude-code', 'agent-s1', '/work/webapp');
    await sessions.register('claude-code', 'agent-s1', '/work/webapp');
    expect(client.calls).toEqual([
      ['/api/ipc/sessions', { session_id: 'agent-s1', tool_name: 'claude-code', root_pid: 777, cwd: '/work/webapp', project_name: 'webapp' }],
    ]);
    await sessions.end('agent-s1');
    expect(client.calls[1]).toEqual(['/api/ipc/sessions/agent-s1/end', {}]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a refused registration (session limit) is said once per call and retried at the next call', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'svc-as-')), 'hook-sessions');
    const lines: string[] = [];
    const client = fakeClient(() => new CliError(EXIT.limit, 'session limit reached [SESSION_LIMIT_REACHED]'));
    const sessions = createAgentSessions({ client, dir, agentPid: 777, log: (l) => lines.push(l) });
    await sessions.register('codex', 'agent-s2', undefined);
    expect(lines).toEqual(["session not registered (session limit reached [SESSION_LIMIT_REACHED]); the call is evaluated under the agent's session id"]);
    await sessions.register('codex', 'agent-s2', undefined);
    expect(client.calls.length).toBe(2);
  });

  it('sessions idle for longer than the idle timeout are ended when another registers', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'svc-as-')), 'hook-sessions');
    await mkdir(dir);
    const stale = join(dir, 'old.json');
    await writeFile(stale, JSON.stringify({ session_id: 'agent-old' }));
    const old = new Date(Date.now() - IDLE_MS - 60_000);
    await utimes(stale, old, old);
    const client = fakeClient((path) => (path.endsWith('/end') ? { status: 'ended' } : { id: 'agent-s3' }));
    const sessions = createAgentSessions({ client, dir, agentPid: 777, log: () => undefined });
    await sessions.register('codex', 'agent-s3', undefined);
    expect(client.calls.map(([p]) => p)).toEqual(['/api/ipc/sessions/agent-old/end', '/api/ipc/sessions']);
    expect((await readdir(dir)).length).toBe(1);
  });
});
