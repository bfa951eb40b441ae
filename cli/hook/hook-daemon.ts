/**
 * The daemon as the hook and the MCP proxy see it: `POST /api/proxy/evaluate`
 * and the digest item long-poll, both on the daemon bearer (IPC) surface.
 * The client passed in must carry the daemon token only: nothing here can
 * approve a call, so an agent running `svc hook` cannot approve itself.
 *
 * Every answer is checked before it decides anything: an evaluation whose
 * `action` is not `allow`, `queue(<priority>)` or `deny(<reason>)`, or a wait
 * answer that is not the documented shape, throws, and the caller fails
 * closed (a daemon that answers garbage never lets a call through).
 */
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DigestForensicsSchema, WaitResultSchema } from '../../core/schemas/digest.ts';
import { EvaluateResultSchema } from '../../core/schemas/evaluate.ts';
import { FilterResultSchema } from '../../core/schemas/proxy.ts';
import type { HookDaemon, WaitAnswer } from './decide.ts';
import type { Evaluation } from './reasons.ts';

/** The part of the CLI's API client the hook uses. */
export interface IpcClient {
  get<T>(path: string, options?: { query?: Record<string, string | number | boolean | undefined>; timeoutMs?: number }): Promise<T>;
  post<T>(path: string, options?: { body?: unknown; timeoutMs?: number }): Promise<T>;
}

/** An evaluation answers after one durable audit write: seconds at most, unless the daemon is stuck. */
const EVALUATE_TIMEOUT_MS = 30_000;

/** The fields of a filter result the agent's reason reads; further fields pass. */
const ReadFilterResult = Type.Pick(FilterResultSchema, ['filter_name', 'matched', 'score', 'message'], { additionalProperties: true });

/** The evaluate answer as the hook reads it: core's schema, only the fields the hook acts on. */
const EvaluationAnswer = Type.Object({
  ...Type.Pick(EvaluateResultSchema, ['action', 'decision_reason', 'digest_id']).properties,
  filter_results: Type.Array(ReadFilterResult),
});

/** The review wait as the hook reads it: core's schema, only the fields the hook acts on. */
const WaitResult = Type.Object({
  resolved: WaitResultSchema.properties.resolved,
  item: Type.Pick(DigestForensicsSchema, ['status', 'outcome', 'reviewer_notes']),
});

/** The answer when it has the documented shape; throws otherwise (the caller fails closed). */
export function checkedEvaluation(answer: unknown): Evaluation {
  if (!Value.Check(EvaluationAnswer, answer)) throw new Error('the daemon answered the evaluation with something that is not a decision');
  if (answer.action.startsWith('queue') && answer.digest_id === undefined) throw new Error('the daemon queued the call without a digest item');
  return answer;
}

export function checkedWait(answer: unknown): WaitAnswer {
  if (!Value.Check(WaitResult, answer)) throw new Error('the daemon answered the review wait with something that is not a review state');
  return answer;
}

export function createHookDaemon(client: IpcClient): HookDaemon {
  return {
    evaluate: async (body) => checkedEvaluation(await client.post<unknown>('/api/proxy/evaluate', { body, timeoutMs: EVALUATE_TIMEOUT_MS })),
    wait: async (digestId, timeoutMs) =>
      checkedWait(
        await client.get<unknown>(`/api/ipc/digest/items/${encodeURIComponent(digestId)}/wait`, {
          query: { timeout_ms: Math.max(0, Math.round(timeoutMs)) },
          timeoutMs: timeoutMs + 15_000,
        }),
      ),
  };
}
