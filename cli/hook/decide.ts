/**
 * The hook's decision: evaluate each call through the daemon (bearer only),
 * wait for the review of a queued one, and turn the outcome into a verdict.
 * Errors are the caller's: `runHook` fails closed on them.
 */
import type { HooksConfig } from '../../core/config/hooks-config.ts';
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import type { Verdict } from './agent.ts';
import type { Binary } from './resolve-binaries.ts';
import { askReason, denyReason, expiredReason, reviewDeniedReason, reviewTimeoutReason, type Evaluation } from './reasons.ts';

/** The longest single long-poll the daemon serves (GET /api/ipc/digest/items/{id}/wait). */
const MAX_POLL_MS = 60_000;

export interface WaitAnswer {
  resolved: boolean;
  item: { status: string; outcome: 'allow' | 'deny' | null; reviewer_notes: string | null };
}

/** What the hook needs of the daemon; every call carries the daemon bearer, never the dashboard token. */
export interface HookDaemon {
  evaluate(body: { tool_call: ToolCall; session_id?: string; source: string; plugin_id: string; binaries?: Binary[] }): Promise<Evaluation>;
  wait(digestId: string, timeoutMs: number): Promise<WaitAnswer>;
}

export interface DecideOptions {
  daemon: HookDaemon;
  hooks: HooksConfig;
  /** Whether the agent can show its own prompt for a queued call. */
  supportsAsk: boolean;
  sessionId: string | null;
  /** `hook:<agent>` or `mcp:<name>`: the audit record's plugin id. */
  pluginId: string;
  /** The executables a call runs, for the session inventory (shell calls). */
  binaries?: (call: ToolCall) => Promise<Binary[]>;
  now?: () => number;
}

/** Waits for the review of a queued call until `deadline` (ms since the epoch). */
async function awaitReview(call: ToolCall, e: Evaluation, o: DecideOptions, deadline: number): Promise<Verdict | 'approved'> {
  const now = o.now ?? Date.now;
  for (;;) {
    const left = deadline - now();
    if (left <= 0) return { kind: 'deny', reason: reviewTimeoutReason(call, e, o.hooks.review_timeout_seconds) };
    const answer = await o.daemon.wait(e.digest_id!, Math.min(left, MAX_POLL_MS));
    if (!answer.resolved) continue;
    if (answer.item.outcome === 'allow') return 'approved';
    if (answer.item.status === 'expired') return { kind: 'deny', reason: expiredReason(call) };
    return { kind: 'deny', reason: reviewDeniedReason(call, answer.item.reviewer_notes) };
  }
}

/** The verdict on a set of calls (one per file of a multi-file patch): the first refusal wins. */
export async function decide(calls: readonly ToolCall[], o: DecideOptions): Promise<Verdict> {
  let approved = false;
  let ask: Verdict | null = null;
  // One review budget for the whole hook run (a patch may queue several files): the agent's
  // own hook timeout is set from it by `svc setup`.
  const deadline = (o.now ?? Date.now)() + o.hooks.review_timeout_seconds * 1000;
  for (const call of calls) {
    // The inventory is a record, not a gate: a binary that cannot be resolved is left out.
    const binaries = o.binaries ? await o.binaries(call).catch(() => []) : [];
    const e = await o.daemon.evaluate({
      tool_call: call,
      ...(o.sessionId ? { session_id: o.sessionId } : {}),
      source: 'hook',
      plugin_id: o.pluginId,
      ...(binaries.length ? { binaries } : {}),
    });
    if (e.action.startsWith('deny')) return { kind: 'deny', reason: denyReason(call, e) };
    if (!e.action.startsWith('queue')) continue;
    if (!e.digest_id) throw new Error('the daemon queued the call without a digest item');
    if (o.hooks.queue_mode === 'ask' && o.supportsAsk) {
      ask ??= { kind: 'ask', reason: askReason(call, e) };
      continue;
    }
    const review = await awaitReview(call, e, o, deadline);
    if (review !== 'approved') return review;
    approved = true;
  }
  if (ask) return ask;
  if (approved) return { kind: 'allow', reason: 'approved by the user in svc' };
  return o.hooks.allow_mode === 'allow' ? { kind: 'allow', reason: 'allowed by svc' } : { kind: 'defer', reason: 'svc has no objection' };
}
