/**
 * Where the slowest calls of the scoring bench spend their time: per call,
 * the best of ROUNDS rounds of the whole evaluation, of building the call
 * view, and of each filter; then the mean of each stage over the slowest 3%
 * and over all calls. Run: npx tsx bench/_tail-profile.ts [rounds]
 */
import { randomBytes } from 'node:crypto';
import { viewOf } from '../core/scoring/call-view.ts';
import { createScoringEngine } from '../core/scoring/engine.ts';
import { FILTER_CATALOGUE } from '../core/scoring/filters/catalogue.ts';
import { ruleDocument } from '../core/scoring/rule-loader.ts';
import { shellLists } from '../core/scoring/shell/lists.ts';
import type { FilterDefinition } from '../core/scoring/types.ts';
import { corpusFileNames, loadCorpus, repoRules } from '../test/core/scoring/helpers.ts';

const ROUNDS = Number(process.argv[2] ?? 20);
const ids = FILTER_CATALOGUE.map((d) => d.id);
let cur = new Float64Array(ids.length);
for (const [i, def] of FILTER_CATALOGUE.entries()) {
  const build = def.build;
  (def as { build: FilterDefinition['build'] }).build = (doc, env) => {
    const inst = build(doc, env);
    const ev = inst.evaluate.bind(inst);
    return { evaluate(v, c) { const s = performance.now(); try { return ev(v, c); } finally { cur[i] = cur[i]! + performance.now() - s; } } };
  };
}
const load = repoRules();
const engine = await createScoringEngine({
  clock: { now: () => Date.now(), monotonic: () => performance.now() },
  random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
  loadRuleText: load,
});
for (let i = 0; i < 1000; i++) engine.canaries.add(`bench-${i}`);
const glob = shellLists(ruleDocument((await load('shell.toml'))!));
const CORPORA = corpusFileNames();
const corpus = CORPORA.flatMap((f) => loadCorpus(f).map((e) => ({ ...e, f })));
const calls = corpus.map((e) => e.tool_call);
const n = calls.length;
const S = ids.length + 2; // total, view, filters...
const best = Array.from({ length: n }, () => new Float64Array(S).fill(Infinity));
for (let r = 0; r < 5; r++) for (const c of calls) { engine.evaluate(c, { record: false }); viewOf(c, glob); }
for (let r = 0; r < ROUNDS; r++) {
  for (let j = 0; j < n; j++) {
    const c = calls[j]!;
    const b = best[j]!;
    cur.fill(0);
    let s = performance.now();
    engine.evaluate(c, { record: false });
    const tot = performance.now() - s;
    if (tot < b[0]!) b[0] = tot;
    for (let i = 0; i < ids.length; i++) if (cur[i]! < b[i + 2]!) b[i + 2] = cur[i]!;
    s = performance.now();
    viewOf(c, glob);
    const v = performance.now() - s;
    if (v < b[1]!) b[1] = v;
  }
}
const order = [...best.keys()].sort((a, b) => best[a]![0]! - best[b]![0]!);
const tailN = Math.ceil(n * 0.03);
const tail = order.slice(n - tailN);
const mean = (set: number[], k: number) => set.reduce((a, j) => a + best[j]![k]!, 0) / set.length * 1000;
const all = [...best.keys()];
console.log(`calls ${n}, rounds ${ROUNDS}; p50 ${(best[order[n >> 1]!]![0]! * 1000).toFixed(1)} p99 ${(best[order[Math.floor(n * 0.99)]!]![0]! * 1000).toFixed(1)} p99.9 ${(best[order[Math.floor(n * 0.999)]!]![0]! * 1000).toFixed(1)} µs`);
console.log(`stage                      all-mean   tail3%-mean (µs)`);
const names = ['total', 'view (separately)', ...ids];
for (let k = 0; k < S; k++) console.log(`${names[k]!.padEnd(26)} ${mean(all, k).toFixed(2).padStart(8)} ${mean(tail, k).toFixed(2).padStart(10)}`);
const types = new Map<string, number>();
for (const j of tail) types.set(calls[j]!.type, (types.get(calls[j]!.type) ?? 0) + 1);
console.log('tail types', [...types].sort((a, b) => b[1] - a[1]).map(([t, c]) => `${t} ${c}`).join(', '));
const size = (j: number) => JSON.stringify(calls[j]).length;
console.log(`tail mean JSON size ${(tail.reduce((a, j) => a + size(j), 0) / tail.length).toFixed(0)}, all ${(all.reduce((a, j) => a + size(j), 0) / n).toFixed(0)}`);
if (process.env.TAIL_OUT) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.TAIL_OUT, JSON.stringify(tail.map((j) => ({ f: corpus[j]!.f, id: corpus[j]!.id, us: best[j]![0]! * 1000, view: best[j]![1]! * 1000, call: calls[j] }))));
}
