import type { CanaryRegistry } from './canary-registry.ts';
import type { Evaluation } from './types.ts';

const WITHHELD = 'message withheld: it quotes a canary value';

/**
 * Filters quote the call in their messages ("Destination x is not on the
 * allow list"), so a canary carried by the call could reach a response, the
 * audit log or the digest through them. Every message, the decision reason
 * and the action text are scanned (in any encoding the registry recognises)
 * and replaced when they carry a canary. Messages are short and mostly the
 * same from call to call (the registry remembers its answer for a short text
 * until the canaries change), and the pass runs only while canaries are
 * registered.
 */
export function withholdCanaryText(evaluation: Evaluation, canaries: CanaryRegistry): Evaluation {
  if (canaries.size === 0) return evaluation;
  const { result } = evaluation;
  const quotesCanary = canaries.carries(result.decision_reason) || canaries.carries(result.action) || result.filter_results.some((r) => canaries.carries(r.message));
  if (!quotesCanary) return evaluation;
  const reason = canaries.carries(result.decision_reason) ? `Canary-bearing call (${WITHHELD})` : result.decision_reason;
  return {
    ...evaluation,
    result: {
      ...result,
      decision_reason: reason,
      action: canaries.carries(result.action) ? `deny(${reason})` : result.action,
      filter_results: result.filter_results.map((r) => (canaries.carries(r.message) ? { ...r, message: `${r.filter_name} matched (${WITHHELD})` } : r)),
    },
  };
}
