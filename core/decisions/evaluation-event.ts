import type { Decision, DecisionInput } from './decision-types.ts';

/**
 * The `proxy_evaluation` event sent to /ws/live for every durable decision:
 * `{audit_id, session_id, tool_call_type, decision, priority, severity,
 * composite_score, decision_reason, plugin_id, source, arguments_summary,
 * digest_id}` (`digest_id` null unless queued; `session_id` and `plugin_id`
 * '' when absent).
 */
export function evaluationEventData(input: DecisionInput, decision: Decision, argumentsSummary: string) {
  const { evaluation } = decision;
  return {
    audit_id: decision.auditId,
    session_id: input.sessionId ?? '',
    tool_call_type: input.call.type,
    decision: evaluation.decision,
    priority: evaluation.priority,
    severity: evaluation.severity,
    composite_score: evaluation.result.composite_score,
    decision_reason: evaluation.result.decision_reason,
    plugin_id: decision.pluginId ?? '',
    source: input.source,
    arguments_summary: argumentsSummary,
    digest_id: decision.digestId,
  };
}
