/**
 * What a decision learns from the call's session, before and after scoring.
 *
 * `prepare` (before scoring): a call of an ended or killed session is refused
 * (`session_ended`); a registered session's call is supervised (its tool, root
 * pid and project fill `supervised` when the caller sent none); its binaries
 * are pinned and checked for drift; a supervised wildcard listener is clamped
 * to loopback. `settle` (after the audit record is staged, before the flush):
 * the session's counters and containment, and the listener rewrite.
 */
import type { Clock } from '../deps.ts';
import type { EvaluateBinary } from '../schemas/session.ts';
import type { ToolCall } from '../schemas/tool-call.ts';
import type { BinaryInventory, DriftedBinary } from './binary-inventory.ts';
import { clampWildcardListener, type ListenerRewrite, type ListenerRewrites } from './listener-rewrites.ts';
import type { DecisionKind, SessionRegistry } from './session-registry.ts';

export interface SupervisedFacts {
  tool: string;
  pid: number;
  project_name?: string;
}

export interface CallSupervisionInput {
  call: ToolCall;
  sessionId: string | null;
  supervised: SupervisedFacts | null;
  binaries: readonly EvaluateBinary[];
}

export interface CallSupervision {
  /** Set when the call must be denied without scoring. */
  refusal: 'session_ended' | null;
  /** The call to score (a clamped listener's loopback form). */
  call: ToolCall;
  /** The supervised facts recorded with the decision. */
  supervised: SupervisedFacts | null;
  /** The registered session the call belongs to, or null. */
  registeredId: string | null;
  /** Pinned binaries this call ran with another hash (the `binary-drift` filter scores them). */
  binaryDrift: DriftedBinary[];
  /** The loopback clamp of a supervised wildcard listener. */
  rewrite: ListenerRewrite | null;
}

export interface CallSupervisor {
  prepare(input: CallSupervisionInput): CallSupervision;
  settle(supervision: CallSupervision, decision: DecisionKind, auditId: string): void;
}

export function createCallSupervisor(parts: {
  registry: SessionRegistry;
  inventory: BinaryInventory;
  rewrites: ListenerRewrites;
  clock: Clock;
  /** `supervisor.clamp_wildcard_listeners`. */
  clampWildcardListeners: boolean;
}): CallSupervisor {
  const { registry, clock } = parts;
  return {
    prepare(input) {
      const found = input.sessionId === null ? undefined : registry.lookup(input.sessionId);
      const supervised = input.supervised ?? (found ? sessionFacts(found.row) : null);
      if (found?.ended) {
        return { refusal: 'session_ended', call: input.call, supervised, registeredId: null, binaryDrift: [], rewrite: null };
      }
      const registeredId = found ? found.row.id : null;
      const binaryDrift = registeredId !== null && input.binaries.length > 0
        ? parts.inventory.record(registeredId, input.binaries, new Date(clock.now()).toISOString())
        : [];
      const clamp = supervised && parts.clampWildcardListeners ? clampWildcardListener(input.call) : null;
      return { refusal: null, call: clamp?.call ?? input.call, supervised, registeredId, binaryDrift, rewrite: clamp?.rewrite ?? null };
    },
    settle(supervision, decision, auditId) {
      if (supervision.registeredId === null) return;
      registry.observe(supervision.registeredId, decision);
      if (supervision.rewrite && supervision.call.type === 'NetListen') {
        parts.rewrites.record(supervision.registeredId, supervision.rewrite, supervision.call.port, auditId, clock.now());
      }
    },
  };
}

function sessionFacts(row: { tool_name: string; root_pid: number; project_name: string | null }): SupervisedFacts {
  const facts: SupervisedFacts = { tool: row.tool_name, pid: Number(row.root_pid) };
  if (row.project_name !== null) facts.project_name = row.project_name;
  return facts;
}
