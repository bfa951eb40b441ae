/**
 * The MCP proxy's own session: registered at start (`POST /api/ipc/sessions`,
 * daemon bearer) and reported ended when the proxy stops. A session limit
 * stops the proxy (exit 5). A daemon that cannot register it (down, or
 * without the session routes) leaves the proxy a random session id of its
 * own: each call is then judged, and refused while the daemon is down,
 * unless `[hooks] fail_open`.
 */
import { randomUUID } from 'node:crypto';
import { CliError, EXIT } from '../errors.ts';

interface SessionClient {
  post<T>(path: string, options?: { body?: unknown; timeoutMs?: number }): Promise<T>;
}

export interface McpSession {
  id: string;
  /** Whether the daemon knows the session (and so must be told when it ends). */
  registered: boolean;
  end(): Promise<void>;
}

export async function openMcpSession(
  client: SessionClient,
  o: { name: string; command: string; cwd: string; pid: number; log(line: string): void },
): Promise<McpSession> {
  let id: string;
  try {
    ({ id } = await client.post<{ id: string }>('/api/ipc/sessions', {
      body: { tool_name: `mcp-${o.name}`.slice(0, 128), root_pid: o.pid, command: o.command.slice(0, 4096) || o.name, cwd: o.cwd.slice(0, 4096) },
    }));
  } catch (error) {
    if (error instanceof CliError && error.exitCode === EXIT.limit) throw error;
    o.log(`session not registered (${error instanceof Error ? error.message : String(error)}); using a session id of its own`);
    return { id: randomUUID(), registered: false, end: async () => undefined };
  }
  return {
    id,
    registered: true,
    end: () => client.post(`/api/ipc/sessions/${encodeURIComponent(id)}/end`, { body: {}, timeoutMs: 5_000 }).then(() => undefined, () => undefined),
  };
}
