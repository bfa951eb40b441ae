import type { DecisionEvent, Services } from '../services.ts';

/**
 * Sends `proxy_evaluation` to /ws/live for a decision of POST
 * /api/proxy/evaluate, once the decision is durable. `data`: `{audit_id,
 * session_id, tool_call_type, decision, priority, severity, composite_score,
 * decision_reason, plugin_id, source, arguments_summary, digest_id}`
 * (`digest_id` null unless queued).
 *
 * Installed with the digest until the evaluate route emits it itself; the
 * evaluate route's owner should then drop this hook (see install-digest.ts).
 */
export function announceEvaluation(services: Services, event: DecisionEvent, digestId: string | null): void {
  const data = {
    audit_id: event.auditId,
    session_id: event.sessionId,
    tool_call_type: event.toolCall.type,
    decision: event.decision,
    priority: event.priority,
    severity: event.severity,
    composite_score: event.compositeScore,
    decision_reason: event.decisionReason,
    plugin_id: event.supervised ? `supervisor:${event.supervised.tool}` : event.pluginId,
    source: event.source,
    arguments_summary: event.argumentsSummary,
    digest_id: digestId,
  };
  services.deps.storage.flush().then(
    () => services.hub.broadcast('proxy_evaluation', data),
    () => undefined, // the evaluate route answers the failed flush
  );
}
