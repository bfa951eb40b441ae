import { describe, expect, it } from 'vitest';
import { CliError, EXIT } from '../../../cli/errors.ts';
import { openMcpSession } from '../../../cli/mcp/mcp-session.ts';

const opts = (lines: string[]) => ({ name: 'filesystem', command: 'npx server', cwd: '/work', pid: 4242, log: (l: string) => lines.push(l) });

describe('the MCP proxy\'s own session', () => {
  it('is registered at start through POST /api/ipc/sessions and reported ended at the end', async () => {
    const calls: Array<[string, unknown]> = [];
    const client = { post: async <T,>(path: string, o?: { body?: unknown }) => { calls.push([path, o?.body]); return { id: 'sess-1', status: 'ended' } as T; } };
    const session = await openMcpSession(client, opts([]));
    expect(session).toMatchObject({ id: 'sess-1', registered: true });
    await session.end();
    expect(calls).toEqual([
      ['/api/ipc/sessions', { tool_name: 'mcp-filesystem', root_pid: 4242, command: 'npx server', cwd: '/work' }],
      ['/api/ipc/sessions/sess-1/end', {}],
    ]);
  });

  it('a session limit stops the proxy (exit 5)', async () => {
    const client = { post: async () => { throw new CliError(EXIT.limit, 'too many sessions [SESSION_LIMIT_REACHED]'); } };
    await expect(openMcpSession(client, opts([]))).rejects.toMatchObject({ exitCode: EXIT.limit });
  });

  it('a daemon that cannot register it leaves the proxy its own session id, and says so', async () => {
    const lines: string[] = [];
    const client = { post: async () => { throw new CliError(EXIT.notRunning, 'daemon not running'); } };
    const session = await openMcpSession(client, opts(lines));
    expect(session.registered).toBe(false);
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual(['session not registered (daemon not running); using a session id of its own']);
  });
});
