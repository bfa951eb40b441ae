/**
 * Scoring throughput and latency: the whole pipeline in-process over every
 * labelled corpus in test/corpus/, with 1,000 generated canaries registered,
 * plus each corpus's confusion matrix under default thresholds.
 * Run: npx tsx bench/scoring.ts (what each rule's regex costs: bench/scoring-rules.ts)
 */
import { benchEngine, corpusCalls } from './_scoring-engine.ts';
import { confusion, formatConfusion, corpusFileNames, loadCorpus } from '../test/core/scoring/helpers.ts';

const engine = await benchEngine();
const CORPORA = corpusFileNames();
const calls = corpusCalls();
// Warm up (JIT, lazily built canary automaton).
const t0 = performance.now();
engine.evaluate(calls[0]!, { record: false });
const firstMs = performance.now() - t0;
for (let r = 0; r < 20; r++) for (const c of calls) engine.evaluate(c, { record: false });

const rounds = 40;
const samples = new Float64Array(rounds * calls.length);
let k = 0;
const start = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const c of calls) {
    const s = performance.now();
    engine.evaluate(c, { record: false });
    samples[k++] = performance.now() - s;
  }
}
const elapsed = performance.now() - start;
// Per call, the best of all rounds: its intrinsic cost with scheduler noise
// (other processes on the machine) filtered out.
const best = new Float64Array(calls.length).fill(Infinity);
for (let i = 0; i < samples.length; i++) best[i % calls.length] = Math.min(best[i % calls.length]!, samples[i]!);
best.sort();
const bestPct = (p: number) => best[Math.min(best.length - 1, Math.floor(p * best.length))]! * 1000;
samples.sort();
const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]! * 1000;

console.log(`scoring pipeline over ${calls.length} corpus calls x ${rounds} rounds, 1000 canaries registered`);
console.log(`  first evaluation (builds canary automaton): ${firstMs.toFixed(1)} ms`);
console.log(`  evaluations/second: ${Math.round(samples.length / (elapsed / 1000)).toLocaleString('en-US')}`);
console.log(`  latency p50: ${pct(0.5).toFixed(1)} µs   p99: ${pct(0.99).toFixed(1)} µs   max: ${(samples[samples.length - 1]! * 1000).toFixed(1)} µs`);
console.log(`  per-call best of ${rounds} rounds: p50 ${bestPct(0.5).toFixed(1)} µs   p99 ${bestPct(0.99).toFixed(1)} µs   p99.9 ${bestPct(0.999).toFixed(1)} µs`);
for (const f of CORPORA) {
  const c = confusion((call) => engine.evaluate(call, { record: false }).result, loadCorpus(f));
  console.log(`${f} confusion matrix (default thresholds: allow 3.0, deny 8.0)`);
  console.log(formatConfusion(c));
}
