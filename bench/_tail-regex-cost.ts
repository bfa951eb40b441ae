/**
 * What the regexes cost the scoring bench's slowest calls, measured so that
 * the machine's other work does not count: the slowest 1% of corpus calls
 * (per call the best of R rounds, as bench/scoring.ts takes them), every
 * RegExp exec of one evaluation of each recorded (regex, text, start), then
 * each run replayed alone many times and timed by this process's CPU time
 * (process.cpuUsage), not the wall clock. Prints the regex runs and CPU
 * time per slow call and the rule regexes that cost them most (with the
 * dearest single run, which is what a rewrite into a bounded equivalent
 * would save). Regexes of no rule are listed as '(code)' with their source.
 * CPU time still counts cache misses that other processes cause: compare
 * the rows with each other, not with a quiet run of bench/scoring.ts.
 *
 * Run: npx tsx bench/_tail-regex-cost.ts [--rounds R] [--top N] [--share S]
 */
import { benchEngine, corpusCalls, option, ruleNamesBySource } from './_scoring-engine.ts';

const ROUNDS = option('--rounds', 10);
const TOP = option('--top', 30);
const SHARE = option('--share', 0.01);
const REPLAYS = 200;

const names = await ruleNamesBySource();
const engine = await benchEngine();
const calls = corpusCalls();
for (let r = 0; r < 5; r++) for (const c of calls) engine.evaluate(c, { record: false });
const best = new Float64Array(calls.length).fill(Infinity);
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < calls.length; i++) {
    const s = performance.now();
    engine.evaluate(calls[i]!, { record: false });
    best[i] = Math.min(best[i]!, performance.now() - s);
  }
}
const slowest = [...best.keys()].sort((a, b) => best[b]! - best[a]!).slice(0, Math.ceil(calls.length * SHARE));

/** One regex run of a slow call: enough to replay it. */
interface Run { regex: RegExp; text: string; start: number; found: boolean; call: number }
let runs: Run[] | null = null;
let current = -1;
const exec = RegExp.prototype.exec;
RegExp.prototype.exec = function recordedExec(this: RegExp, text: string) {
  const start = this.lastIndex;
  const result = exec.call(this, text);
  runs?.push({ regex: this, text, start, found: result !== null, call: current });
  return result;
};
runs = [];
for (const i of slowest) { current = i; engine.evaluate(calls[i]!, { record: false }); }
const recorded = runs;
runs = null;
RegExp.prototype.exec = exec;

interface Row { us: number; runs: number; failing: number; calls: Set<number>; dearest: number }
const rows = new Map<string, Row>();
const perCall = new Map<number, number>();
for (const run of recorded) {
  // A copy, so the replays leave the engine's regex (and its lastIndex) alone.
  const regex = new RegExp(run.regex.source, run.regex.flags);
  for (let k = 0; k < 20; k++) { regex.lastIndex = run.start; exec.call(regex, run.text); }
  const t0 = process.cpuUsage();
  for (let k = 0; k < REPLAYS; k++) { regex.lastIndex = run.start; exec.call(regex, run.text); }
  const spent = process.cpuUsage(t0);
  const us = (spent.user + spent.system) / REPLAYS;
  const owners = names.get(run.regex.source);
  const name = owners ? owners.join(', ') : `(code) ${run.regex.source.slice(0, 70)}`;
  let row = rows.get(name);
  if (!row) rows.set(name, row = { us: 0, runs: 0, failing: 0, calls: new Set(), dearest: 0 });
  row.us += us;
  row.runs++;
  if (!run.found) row.failing++;
  row.calls.add(run.call);
  row.dearest = Math.max(row.dearest, us);
  perCall.set(run.call, (perCall.get(run.call) ?? 0) + us);
}

const n = slowest.length;
const wall = slowest.map((i) => best[i]! * 1000);
const cpu = slowest.map((i) => perCall.get(i) ?? 0).sort((a, b) => a - b);
const at = (list: readonly number[], p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!.toFixed(1);
console.log(`slowest ${n} of ${calls.length} corpus calls (best of ${ROUNDS} rounds: ${wall[n - 1]!.toFixed(1)}-${wall[0]!.toFixed(1)} µs wall)`);
console.log(`  regex runs: ${recorded.length} (${(recorded.length / n).toFixed(1)} a call), ${recorded.filter((r) => !r.found).length} failing`);
console.log(`  regex CPU time a call: mean ${(cpu.reduce((a, b) => a + b, 0) / n).toFixed(1)} µs, p50 ${at(cpu, 0.5)}, p90 ${at(cpu, 0.9)}, max ${at(cpu, 1)}`);
console.log(`\ncostliest ${TOP} regexes over these calls (CPU µs):`);
console.log(`${'a call'.padStart(7)} ${'total'.padStart(7)} ${'runs'.padStart(5)} ${'fail'.padStart(5)} ${'calls'.padStart(5)} ${'dearest'.padStart(8)}  regex`);
for (const [name, r] of [...rows].sort((a, b) => b[1].us - a[1].us).slice(0, TOP)) {
  console.log(`${(r.us / n).toFixed(2).padStart(7)} ${r.us.toFixed(0).padStart(7)} ${String(r.runs).padStart(5)} ${String(r.failing).padStart(5)} ${String(r.calls.size).padStart(5)} ${r.dearest.toFixed(1).padStart(8)}  ${name}`);
}
