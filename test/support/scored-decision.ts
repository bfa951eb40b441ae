import type { DecisionInput } from '../../core/decisions/decision-types.ts';
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import type { DecisionKind, Evaluation, FilterResult, Priority, Severity } from '../../core/scoring/types.ts';

/** The facts of a decision a test wants, flat; anything left out takes a queue-decision default. */
export interface ScoredDecisionFacts {
  toolCall: ToolCall;
  decision: DecisionKind;
  priority: Priority | null;
  severity: Severity;
  compositeScore: number;
  decisionReason: string;
  filterResults: FilterResult[];
  learned: boolean;
  sessionId: string | null;
  pluginId: string | null;
  source: string;
  taskContext: unknown;
  supervised: DecisionInput['supervised'];
  selfResolved: DecisionInput['selfResolved'];
}

/**
 * A decision input and the evaluation the engine would have produced, for
 * `services.decisions.record(input, evaluation)`: a queue decision (score
 * 5.5, Medium) of `curl https://example.com/x` in `session-1` by default.
 */
export function scoredDecision(overrides: Partial<ScoredDecisionFacts> = {}): { input: DecisionInput; evaluation: Evaluation } {
  const f: ScoredDecisionFacts = {
    toolCall: { type: 'ShellExec', command: 'curl', args: ['https://example.com/x'] },
    decision: 'queue',
    priority: 'Medium',
    severity: 'warning',
    compositeScore: 5.5,
    decisionReason: 'Score 5.5 is in the escalation zone',
    filterResults: [{ filter_name: 'egress', matched: true, score: 5.5, severity: 'warning', message: 'egress' }],
    learned: false,
    sessionId: 'session-1',
    pluginId: 'cli',
    source: 'cli',
    taskContext: null,
    supervised: null,
    selfResolved: null,
    ...overrides,
  };
  const action = f.decision === 'queue' ? `queue(${f.priority ?? 'Medium'})` : f.decision === 'deny' ? 'deny(test)' : 'allow';
  return {
    input: {
      call: f.toolCall, sessionId: f.sessionId, source: f.source, pluginId: f.pluginId,
      taskContext: f.taskContext, supervised: f.supervised, selfResolved: f.selfResolved,
    },
    evaluation: {
      result: {
        composite_score: f.compositeScore, action, decision_reason: f.decisionReason,
        evaluation_time_ms: 0.1, filters_evaluated: f.filterResults.length, filter_results: f.filterResults,
      },
      decision: f.decision,
      priority: f.decision === 'queue' ? f.priority : null,
      severity: f.severity,
      learned: f.learned,
    },
  };
}
