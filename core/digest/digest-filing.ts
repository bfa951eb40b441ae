import type { SelfResolved, Supervised } from '../schemas/evaluate.ts';
import type { ToolCall } from '../schemas/tool-call.ts';
import type { FilterResult, Priority, Severity } from '../scoring/types.ts';
import { callKeys } from './call-fingerprint.ts';
import { breakdownRef, type ItemRow } from './digest-store.ts';

/** What the digest stores about one queue decision (built by core/decisions). */
export interface DigestFiling {
  toolCall: ToolCall;
  priority: Priority | null;
  severity: Severity;
  compositeScore: number;
  decisionReason: string;
  filterResults: readonly FilterResult[];
  /** `filterResults` as JSON text when the caller has it serialised already (the audit record's). */
  filterResultsJson?: string;
  /** The decision's audit record. */
  auditId: string;
  /**
   * The sequence of that record when its body holds `filterResults` (a full
   * record): the row then refers to it instead of repeating the results.
   */
  auditSequence?: number;
  /** '' for a call outside any session. */
  sessionId: string;
  /** Already resolved (core/decisions/plugin-id.ts); '' when none. */
  pluginId: string;
  source: string;
  taskContext: unknown;
  argumentsSummary: string;
  supervised: Supervised | null;
  /** Set when the session resolved its own queue decision: the item is `informational_only`, still `pending`. */
  selfResolved: SelfResolved | null;
}

/** The stored row for a queue decision (`hashHex`: the host's native SHA-256, when it has one). */
export function rowForDecision(filing: DigestFiling, id: string, nowMs: number, hashHex?: (text: string) => string): ItemRow {
  const keys = callKeys(filing.toolCall, hashHex);
  const selfResolved = filing.selfResolved;
  return {
    id,
    created_at: new Date(nowMs).toISOString(),
    created_ms: nowMs,
    session_id: filing.sessionId,
    tool_call_type: filing.toolCall.type,
    arguments_summary: filing.argumentsSummary,
    decision_reason: filing.decisionReason,
    composite_score: filing.compositeScore,
    severity: filing.severity,
    filter_breakdown: filing.auditSequence !== undefined
      ? breakdownRef(filing.auditSequence)
      : filing.filterResultsJson ?? JSON.stringify(filing.filterResults),
    task_context: filing.taskContext === undefined || filing.taskContext === null ? null : JSON.stringify(filing.taskContext),
    plugin_id: filing.pluginId,
    status: 'pending',
    reviewed_at: null,
    review_action: null,
    reviewer_notes: null,
    reviewed_by: null,
    informational_only: selfResolved === null ? 0 : 1,
    escalated_at: null,
    escalated_by: null,
    audit_id: filing.auditId,
    priority: filing.priority,
    source: filing.source,
    supervised: filing.supervised ? JSON.stringify(filing.supervised) : null,
    self_resolution: selfResolved,
    exact_key: keys.exact,
    pattern_key: keys.pattern,
    rule_pattern: keys.patternText,
  };
}
