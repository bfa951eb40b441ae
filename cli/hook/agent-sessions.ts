/**
 * An agent's session as an svc session under the agent's own session id:
 * registered with the daemon on the session's first call (`POST
 * /api/ipc/sessions` with `session_id`, daemon bearer), ended by the agent's
 * session-end hook (`POST /api/ipc/sessions/{id}/end`) or, for agents without
 * one, once it has been idle for IDLE_MS (swept when another session
 * registers). Every call is evaluated under the agent's id whatever happens
 * here, so each audit record carries it.
 *
 * `{config_dir}/hook-sessions/` holds one marker file per registered agent
 * session, touched at each call: it spares a registration per call and dates
 * the session's last call for the idle sweep.
 *
 * Registration is best effort: a daemon that refuses it (a session limit, a
 * session the user ended) or cannot answer leaves the call evaluated under
 * the agent's id as an unregistered session (a session the user ended has its
 * calls refused by the daemon); the call itself is still judged.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CliError, EXIT } from '../errors.ts';

export const IDLE_MS = 30 * 60 * 1000;

interface Client {
  post<T>(path: string, options?: { body?: unknown; timeoutMs?: number }): Promise<T>;
}

export interface AgentSessionOptions {
  client: Client;
  /** `{config_dir}/hook-sessions`. */
  dir: string;
  /** The agent's process (the hook's parent, past a shell that ran the hook command). */
  agentPid: number;
  log(line: string): void;
  now?: () => number;
}

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'fish']);

/** The agent process: the hook's parent, or the parent's parent when the parent is a shell (Linux /proc). */
export function agentPid(ppid = process.ppid): number {
  try {
    const comm = readFileSync(`/proc/${ppid}/comm`, 'utf8').trim();
    if (!SHELLS.has(comm)) return ppid;
    const stat_ = readFileSync(`/proc/${ppid}/stat`, 'utf8');
    const parent = Number(stat_.slice(stat_.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(parent) && parent > 1 ? parent : ppid;
  } catch {
    return ppid;
  }
}

const markerFile = (dir: string, sessionId: string) => join(dir, `${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}.json`);

async function readMarker(file: string): Promise<string | null> {
  try {
    const { session_id } = JSON.parse(await readFile(file, 'utf8')) as { session_id?: unknown };
    return typeof session_id === 'string' && session_id !== '' ? session_id : null;
  } catch {
    return null;
  }
}

export function createAgentSessions(o: AgentSessionOptions) {
  const now = o.now ?? Date.now;
  const end = (id: string) => o.client.post(`/api/ipc/sessions/${encodeURIComponent(id)}/end`, { body: {}, timeoutMs: 5_000 }).then(() => undefined, () => undefined);

  /** Ends and forgets sessions idle for longer than IDLE_MS. */
  async function sweep(): Promise<void> {
    for (const name of await readdir(o.dir).catch(() => [] as string[])) {
      const file = join(o.dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || now() - info.mtimeMs < IDLE_MS) continue;
      const id = await readMarker(file);
      await rm(file, { force: true });
      if (id) await end(id);
    }
  }

  return {
    /** Makes sure the agent's session is registered under its own id (best effort; never throws). */
    async register(agent: string, sessionId: string, cwd: string | undefined): Promise<void> {
      const file = markerFile(o.dir, sessionId);
      if (await readMarker(file)) {
        const t = new Date(now());
        await utimes(file, t, t).catch(() => undefined);
        return;
      }
      await mkdir(o.dir, { recursive: true, mode: 0o700 });
      await sweep();
      try {
        // The daemon answers the session already registered under this id (another hook of it got there first).
        await o.client.post('/api/ipc/sessions', {
          body: {
            session_id: sessionId,
            tool_name: agent,
            root_pid: o.agentPid,
            ...(cwd ? { cwd: cwd.slice(0, 4096), project_name: basename(cwd).slice(0, 256) || undefined } : {}),
          },
          timeoutMs: 10_000,
        });
      } catch (error) {
        // A daemon that is down says so once, when the call itself is judged.
        if (!(error instanceof CliError && error.exitCode === EXIT.notRunning)) {
          o.log(`session not registered (${error instanceof Error ? error.message : String(error)}); the call is evaluated under the agent's session id`);
        }
        return;
      }
      await writeFile(file, JSON.stringify({ session_id: sessionId, agent }), { mode: 0o600 });
    },

    /** The agent's session ended: end the svc session of its id and forget the marker. */
    async end(sessionId: string): Promise<void> {
      await rm(markerFile(o.dir, sessionId), { force: true });
      await end(sessionId);
    },
  };
}

export type AgentSessions = ReturnType<typeof createAgentSessions>;
