/**
 * The typed input and output of one decision (core/decisions/decide.ts).
 * Extend here: a new caller-supplied fact is a field of `DecisionInput`, a new
 * fact the caller gets back is a field of `Decision`.
 */
import type { SelfResolved, Supervised } from '../schemas/evaluate.ts';
import type { EvaluateBinary } from '../schemas/session.ts';
import type { ToolCall } from '../schemas/tool-call.ts';
import type { ListenerRewrite } from '../sessions/listener-rewrites.ts';
import type { Evaluation } from '../scoring/types.ts';

export type { SelfResolved, Supervised };

/** One tool call to decide, as the caller sent it (parsed). */
export interface DecisionInput {
  call: ToolCall;
  /** The agent's session, or null for a call outside any session. */
  sessionId: string | null;
  /** Who sent the call (`ipc`, `cli`, `hook:claude-code`...). */
  source: string;
  /** The integration's own plugin id; replaced by `supervisor:<tool>` for a supervised call. */
  pluginId: string | null;
  /** Any JSON about the agent's task, shown to reviewers (null when absent). */
  taskContext: unknown;
  /** The supervised process the call came from, or null. */
  supervised: Supervised | null;
  /** Set when the session already resolved a queue decision itself: the item is filed informational_only. */
  selfResolved: SelfResolved | null;
  /** The executables the call runs, as the client resolved them (a supervised session pins their hashes). */
  binaries?: readonly EvaluateBinary[];
}

/** A durable decision: everything is recorded when the caller gets it. */
export interface Decision {
  /** The scoring result and the decision in structured form. */
  evaluation: Evaluation;
  /** The chained audit record. */
  auditId: string;
  /** The digest item filed for a queue decision, else null. */
  digestId: string | null;
  /** The plugin id recorded (see plugin-id.ts). */
  pluginId: string | null;
  /** The loopback clamp of a supervised wildcard listener, else null. */
  rewrite: ListenerRewrite | null;
  /**
   * The filter results as JSON text, serialised once for the audit record
   * (canonical member order) and reused by the answer, the digest item and
   * its event; null when the record has none (a learned-rule short circuit).
   */
  filterResultsJson: string | null;
}
