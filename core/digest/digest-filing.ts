import type { DecisionEvent } from '../services.ts';
import { callKeys } from './call-fingerprint.ts';
import type { ItemRow } from './digest-store.ts';

/**
 * The stored row for a queue decision. `plugin_id` is
 * `supervisor:<tool_name>` for a supervised call, else what the caller sent.
 * An event with `selfResolved` set (the session resolved its own queue
 * decision) files an `informational_only` item, still `pending`.
 */
export function rowForDecision(event: DecisionEvent, id: string, nowMs: number): ItemRow {
  const keys = callKeys(event.toolCall);
  const selfResolved = event.selfResolved ?? null;
  return {
    id,
    created_at: new Date(nowMs).toISOString(),
    created_ms: nowMs,
    session_id: event.sessionId,
    tool_call_type: event.toolCall.type,
    arguments_summary: event.argumentsSummary,
    decision_reason: event.decisionReason,
    composite_score: event.compositeScore,
    severity: event.severity,
    filter_breakdown: JSON.stringify(event.filterResults),
    task_context: event.taskContext === undefined || event.taskContext === null ? null : JSON.stringify(event.taskContext),
    plugin_id: event.supervised ? `supervisor:${event.supervised.tool}` : event.pluginId,
    status: 'pending',
    reviewed_at: null,
    review_action: null,
    reviewer_notes: null,
    reviewed_by: null,
    informational_only: selfResolved === null ? 0 : 1,
    escalated_at: null,
    escalated_by: null,
    audit_id: event.auditId,
    priority: event.priority,
    source: event.source,
    supervised: event.supervised ? JSON.stringify(event.supervised) : null,
    self_resolution: selfResolved,
    exact_key: keys.exact,
    pattern_key: keys.pattern,
    rule_pattern: keys.patternText,
  };
}
