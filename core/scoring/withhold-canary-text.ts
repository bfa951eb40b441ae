import type { CanaryRegistry } from './canary-registry.ts';
import type { Evaluation } from './types.ts';

const WITHHELD = 'message withheld: it quotes a canary value';

const carries = (canaries: CanaryRegistry, text: string): boolean => canaries.carries(text);

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
  // Each distinct text once (a repeated message says nothing new).
  const texts = [result.decision_reason];
  if (result.action !== result.decision_reason) texts.push(result.action);
  for (const r of result.filter_results) if (!texts.includes(r.message)) texts.push(r.message);
  if (!texts.some((t) => carries(canaries, t))) return evaluation;
  const reason = carries(canaries, result.decision_reason) ? `Canary-bearing call (${WITHHELD})` : result.decision_reason;
  return {
    ...evaluation,
    result: {
      ...result,
      decision_reason: reason,
      action: carries(canaries, result.action) ? `deny(${reason})` : result.action,
      filter_results: result.filter_results.map((r) => (carries(canaries, r.message) ? { ...r, message: `${r.filter_name} matched (${WITHHELD})` } : r)),
    },
  };
}
