/**
 * The engine and calls the scoring benchmarks share: the shipped rules, 1,000
 * generated canaries registered, and every call of every labelled corpus in
 * test/corpus/ in file order. (Named with a leading `_`: `npm run bench`
 * runs the other files of this folder, not this one.)
 */
import { randomBytes } from 'node:crypto';
import { createScoringEngine, type ScoringEngine } from '../core/scoring/engine.ts';
import type { ToolCall } from '../core/schemas/tool-call.ts';
import { corpusFileNames, loadCorpus, repoRules } from '../test/core/scoring/helpers.ts';

/** A scoring engine over the repository's rules with 1,000 canaries registered. */
export async function benchEngine(): Promise<ScoringEngine> {
  const engine = await createScoringEngine({
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
    loadRuleText: repoRules(),
  });
  if (engine.degradedReason) console.warn(`degraded: ${engine.degradedReason}`);
  for (let i = 0; i < 1000; i++) engine.canaries.add(`bench-${i}`);
  return engine;
}

/** Every corpus call, corpus by corpus. */
export function corpusCalls(): ToolCall[] {
  return corpusFileNames().flatMap((f) => loadCorpus(f)).map((e) => e.tool_call);
}
