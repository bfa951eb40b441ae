import type { Evaluation } from '../scoring/types.ts';

/** The reason a call of an ended or killed session is denied with. */
export const SESSION_ENDED = 'session_ended';

/** The decision for a call of an ended or killed session: denied without scoring. */
export function sessionEndedEvaluation(): Evaluation {
  return {
    result: {
      composite_score: 10,
      action: `deny(${SESSION_ENDED})`,
      decision_reason: SESSION_ENDED,
      evaluation_time_ms: 0,
      filters_evaluated: 0,
      filter_results: [],
    },
    decision: 'deny',
    priority: null,
    severity: 'critical',
    learned: false,
  };
}
