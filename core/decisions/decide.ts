/**
 * One decision, in one direction: score → chain the audit record → file the
 * digest item when queued → onboarding milestone → ONE durable flush → then
 * the events (`digest_queued`, `proxy_evaluation`), the analytics wake-up and
 * the notifications. Nothing reaches back: the engine and the digest share
 * the learned-rules store, no hook runs, no result is merged in.
 *
 * Every variant (supervised, self-resolved, decided by a learned rule) goes
 * through `decide`. The call's supervised session (core/sessions) is asked
 * first: a call of an ended or killed session is denied `session_ended`
 * without scoring; a registered session's facts fill `supervised`, its
 * binaries are pinned (drift feeds the binary-drift filter) and a wildcard
 * listener is scored as clamped to loopback; after staging, its counters and
 * the clamp are recorded in the same durable flush. A store that cannot record refuses before scoring
 * (503 AUDIT_READ_ONLY), so an unrecorded call is never allowed.
 *
 * Canaries: every client string that travels with the call (session id,
 * plugin id, source, task context, supervised facts, binaries) is scored by
 * the canary filter like the call's own fields, and everything the decision
 * stores or sends is built from one masked copy of the input
 * (core/scoring/canary-mask.ts): only the audit record's `arguments_hash`
 * reads the call as sent (its summary is redacted and withheld separately).
 */
import type { AnalyticsService } from '../analytics/analytics-service.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Logger } from '../deps.ts';
import type { DigestService } from '../digest/digest-service.ts';
import { HttpError } from '../http-error.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { OnboardingState } from '../onboarding/onboarding-state.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { ScoringEngine } from '../scoring/engine.ts';
import type { CanaryMask } from '../scoring/canary-mask.ts';
import type { Evaluation } from '../scoring/types.ts';
import type { Storage } from '../../storage/types.ts';
import type { CallSupervision, CallSupervisor } from '../sessions/call-supervision.ts';
import { sessionEndedEvaluation } from '../sessions/session-ended.ts';
import type { Decision, DecisionInput } from './decision-types.ts';
import { evaluationEventData } from './evaluation-event.ts';
import { pluginIdOf } from './plugin-id.ts';

/** What a decision touches, each built once by createApp. */
export interface DecisionParts {
  storage: Storage;
  engine: Pick<ScoringEngine, 'evaluate'>;
  audit: Pick<AuditLog, 'stage' | 'stageShortCircuit'>;
  digest: Pick<DigestService, 'file' | 'queued'>;
  onboarding: Pick<OnboardingState, 'markEvaluated'>;
  analytics: Pick<AnalyticsService, 'recorded'>;
  hub: Pick<RealtimeHub, 'broadcast'>;
  notifier: Pick<Notifier, 'notifyQueued'>;
  /** The call's supervised session: refusal after it ended, counters, binaries, listener clamps. */
  sessions: CallSupervisor;
  /** Masks canaries in everything a decision stores or sends. */
  canaryMask: CanaryMask;
  log: Logger;
}

export interface Decisions {
  /** Scores the call and records the decision; resolves once all of it is durable. */
  decide(input: DecisionInput): Promise<Decision>;
  /**
   * Records a decision already scored (what `decide` does after scoring):
   * for callers holding an `Evaluation` of their own, e.g. tests.
   */
  record(input: DecisionInput, evaluation: Evaluation): Promise<Decision>;
}

const notRecordable = () => new HttpError(503, 'AUDIT_READ_ONLY', 'the daemon cannot durably record decisions');

export function createDecisions(parts: DecisionParts): Decisions {
  const { storage, audit, digest } = parts;

  /**
   * Records a scored decision. `kept` is `sent` with every canary-carrying
   * string masked: everything stored or sent is built from it; `sent.call` is
   * only hashed (and summarised through the audit log's redaction).
   */
  async function recordKept(sent: DecisionInput, kept: DecisionInput, evaluation: Evaluation, supervision?: CallSupervision): Promise<Decision> {
    if (storage.readOnly) throw notRecordable();
    const input = kept;
    const { result } = evaluation;
    const pluginId = pluginIdOf(input.supervised, input.pluginId);
    const common = {
      tool_call: sent.call, session_id: input.sessionId, plugin_id: pluginId,
      composite_score: result.composite_score, proxy_action: evaluation.decision, source: input.source,
    };
    const staged = evaluation.learned
      ? audit.stageShortCircuit({ ...common, reason: 'learned_rule' })
      : audit.stage({ ...common, filter_results: result.filter_results, evaluation_time_ms: result.evaluation_time_ms, supervised: input.supervised });
    const auditId = staged.record.id;
    const filterResultsJson = staged.filterResultsJson ?? null;
    const argumentsSummary = 'arguments_summary' in staged.record ? staged.record.arguments_summary : '';
    const item = evaluation.decision !== 'queue' ? null : digest.file({
      toolCall: input.call,
      priority: evaluation.priority,
      severity: evaluation.severity,
      compositeScore: result.composite_score,
      decisionReason: result.decision_reason,
      filterResults: result.filter_results,
      filterResultsJson: filterResultsJson ?? undefined,
      auditId,
      // A full record's body holds the results: the item refers to it instead of repeating them.
      auditSequence: evaluation.learned ? undefined : staged.record.sequence,
      sessionId: input.sessionId ?? '',
      pluginId: pluginId ?? '',
      source: input.source,
      taskContext: input.taskContext,
      argumentsSummary,
      supervised: input.supervised,
      selfResolved: input.selfResolved,
    });
    if (supervision) parts.sessions.settle(supervision, evaluation.decision, auditId);
    parts.onboarding.markEvaluated();
    try {
      await staged.committed;
      await storage.flush();
    } catch (error) {
      parts.log.error('decision not durable', { error: error instanceof Error ? error.message : String(error) });
      throw notRecordable();
    }
    const decision: Decision = { evaluation, auditId, digestId: item?.id ?? null, pluginId, rewrite: supervision?.rewrite ?? null, filterResultsJson };
    if (item) digest.queued(item, filterResultsJson ?? undefined);
    parts.hub.broadcast('proxy_evaluation', evaluationEventData(input, decision, argumentsSummary));
    if (item) parts.notifier.notifyQueued(item);
    parts.analytics.recorded(staged.record);
    return decision;
  }

  const { canaryMask } = parts;

  return {
    record: (input, evaluation) => recordKept(input, canaryMask.mask(input), evaluation),
    decide(input) {
      if (storage.readOnly) return Promise.reject(notRecordable());
      const kept = canaryMask.mask(input);
      const supervision = parts.sessions.prepare({
        call: input.call, sessionId: input.sessionId, supervised: kept.supervised, binaries: kept.binaries ?? [],
      });
      const context = canaryMask.active ? canaryMask.strings(envelopeOf(input)) : undefined;
      const evaluation = supervision.refusal
        ? sessionEndedEvaluation()
        : parts.engine.evaluate(supervision.call, { sessionId: input.sessionId ?? undefined, record: true, binaryDrift: supervision.binaryDrift, context });
      return recordKept(input, { ...kept, supervised: supervision.supervised }, evaluation, supervision);
    },
  };
}

/** The client strings that travel with a call (everything of the input but the call itself). */
function envelopeOf(input: DecisionInput): unknown[] {
  return [input.sessionId, input.source, input.pluginId, input.taskContext, input.supervised, input.binaries ?? null];
}
