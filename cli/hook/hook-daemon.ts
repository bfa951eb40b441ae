/**
 * The daemon as the hook and the MCP proxy see it: `POST /api/proxy/evaluate`
 * and the digest item long-poll, both on the daemon bearer (IPC) surface.
 * The client passed in must carry the daemon token only: nothing here can
 * approve a call, so an agent running `svc hook` cannot approve itself.
 */
import type { HookDaemon, WaitAnswer } from './decide.ts';
import type { Evaluation } from './reasons.ts';

/** The part of the CLI's API client the hook uses. */
export interface IpcClient {
  get<T>(path: string, options?: { query?: Record<string, string | number | boolean | undefined>; timeoutMs?: number }): Promise<T>;
  post<T>(path: string, options?: { body?: unknown; timeoutMs?: number }): Promise<T>;
}

/** An evaluation answers after one durable audit write: seconds at most, unless the daemon is stuck. */
const EVALUATE_TIMEOUT_MS = 30_000;

export function createHookDaemon(client: IpcClient): HookDaemon {
  return {
    evaluate: (body) => client.post<Evaluation>('/api/proxy/evaluate', { body, timeoutMs: EVALUATE_TIMEOUT_MS }),
    wait: (digestId, timeoutMs) =>
      client.get<WaitAnswer>(`/api/ipc/digest/items/${encodeURIComponent(digestId)}/wait`, {
        query: { timeout_ms: Math.max(0, Math.round(timeoutMs)) },
        timeoutMs: timeoutMs + 15_000,
      }),
  };
}
