import type { CanaryRegistry } from './canary-registry.ts';
import type { Evaluation } from './types.ts';

const WITHHELD = 'message withheld: it quotes a canary value';

function carries(canaries: CanaryRegistry, text: string): boolean {
  return canaries.scan([text]).length > 0;
}

/**
 * Filters quote the call in their messages ("Destination x is not on the
 * allow list"), so a canary carried by the call could reach a response, the
 * audit log or the digest through them. Every message, the decision reason
 * and the action text are scanned (in any encoding the registry recognises)
 * and replaced when they carry a canary. Messages are short, so the extra
 * pass costs little, and it runs only while canaries are registered.
 */
export function withholdCanaryText(evaluation: Evaluation, canaries: CanaryRegistry): Evaluation {
  if (canaries.size === 0) return evaluation;
  const { result } = evaluation;
  // One folded scan for all distinct texts (NUL survives folding, so no match
  // spans two texts, and a repeated message says nothing new); each text only on a hit.
  const texts = [result.decision_reason];
  if (result.action !== result.decision_reason) texts.push(result.action);
  for (const r of result.filter_results) if (!texts.includes(r.message)) texts.push(r.message);
  if (!carries(canaries, texts.join('\u0000'))) return evaluation;
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
