/**
 * What each rule's regex costs over the whole corpus: how often it runs, how
 * often it finds a match, and the time its runs take, costliest first; then
 * the rules that run often and never match (their runs are pure cost: a
 * tighter pre-check, or keywords that say more, would spare them).
 *
 * A third list orders rules by the time of their failing runs alone.
 *
 * Every RegExp exec of a pass over all corpus calls is counted and timed
 * (RegExp.prototype.exec wrapped: `test`, `match` and `replace` go through
 * it too) and put down to the rule whose pattern or `except` has the same
 * source; regexes of no rule (the normaliser's, the filters' own code) are
 * grouped as "(code)". Each regex's time is its best pass (a pass the
 * machine's other work interrupted counts for nothing), with the timer's own
 * cost taken off each run; the wrapper makes every regex call a little
 * slower, so read the times against each other, not as the scoring
 * benchmark's figures.
 *
 * Run: npx tsx bench/scoring-rules.ts [--top N] [--rounds R]
 */
import { benchEngine, corpusCalls, option, ruleNamesBySource } from './_scoring-engine.ts';

const TOP = option('--top', 40);
const ROUNDS = option('--rounds', 3);
if (process.argv.includes('--help')) {
  console.log('usage: npx tsx bench/scoring-rules.ts [--top N] [--rounds R]');
  process.exit(0);
}

/** Runs, matches and milliseconds of one regex source in one pass. */
interface Tally { runs: number; matches: number; ms: number; failMs: number }

const names = await ruleNamesBySource();
const engine = await benchEngine();
const calls = corpusCalls();

// The timer's own cost, taken off every run.
let overheadMs = Infinity;
for (let block = 0; block < 20; block++) {
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) performance.now();
  overheadMs = Math.min(overheadMs, (performance.now() - t0) / 1000);
}

/** The current pass's tallies by regex source, and each source's best pass. */
let tallies = new Map<string, Tally>();
const best = new Map<string, Tally>();
let counting = false;
const exec = RegExp.prototype.exec;
RegExp.prototype.exec = function timedExec(this: RegExp, text: string) {
  if (!counting) return exec.call(this, text);
  const t0 = performance.now();
  const result = exec.call(this, text);
  const ms = performance.now() - t0 - overheadMs;
  let tally = tallies.get(this.source);
  if (!tally) tallies.set(this.source, (tally = { runs: 0, matches: 0, ms: 0, failMs: 0 }));
  tally.runs++;
  if (result) tally.matches++;
  else tally.failMs += Math.max(0, ms);
  tally.ms += Math.max(0, ms);
  return result;
};

for (let r = 0; r < 3; r++) for (const c of calls) engine.evaluate(c, { record: false });
for (let r = 0; r < ROUNDS; r++) {
  tallies = new Map();
  counting = true;
  for (const c of calls) engine.evaluate(c, { record: false });
  counting = false;
  for (const [source, t] of tallies) if (!best.has(source) || t.ms < best.get(source)!.ms) best.set(source, t);
}
RegExp.prototype.exec = exec;

interface Row extends Tally { name: string }
const rows: Row[] = [];
const code: Row = { name: '(code: regexes of no rule)', runs: 0, matches: 0, ms: 0, failMs: 0 };
for (const [source, perPass] of best) {
  const owners = names.get(source);
  if (!owners) { code.runs += perPass.runs; code.matches += perPass.matches; code.ms += perPass.ms; code.failMs += perPass.failMs; continue; }
  rows.push({ name: owners.length > 2 ? `${owners.slice(0, 2).join(', ')} (+${owners.length - 2})` : owners.join(', '), ...perPass });
}
rows.sort((a, b) => b.ms - a.ms);

const total = rows.reduce((s, r) => ({ runs: s.runs + r.runs, matches: s.matches + r.matches, ms: s.ms + r.ms, failMs: s.failMs + r.failMs }), { runs: 0, matches: 0, ms: 0, failMs: 0 });
const line = (r: Row) => `${r.ms.toFixed(2).padStart(8)} ms ${String(Math.round(r.runs)).padStart(7)} ${String(Math.round(r.matches)).padStart(7)} ${(r.runs > 0 ? (r.ms * 1000) / r.runs : 0).toFixed(2).padStart(8)} µs  ${r.name}`;
const header = `${'time'.padStart(11)} ${'runs'.padStart(7)} ${'matches'.padStart(7)} ${'per run'.padStart(11)}  rule`;

console.log(`rule regexes over ${calls.length} corpus calls, per pass (best of ${ROUNDS} passes; timer cost ${(overheadMs * 1e6).toFixed(0)} ns taken off each run)`);
console.log(`  rule regexes: ${rows.length}, ${Math.round(total.runs)} runs (${(total.runs / calls.length).toFixed(2)} a call), ${Math.round(total.matches)} matches, ${total.ms.toFixed(1)} ms`);
console.log(`  failing runs: ${Math.round(total.runs - total.matches)} (${((total.runs - total.matches) / calls.length).toFixed(2)} a call), ${total.failMs.toFixed(1)} ms`);
console.log(`  ${line(code).trimStart()}`);
console.log(`\ncostliest ${TOP} rule regexes:\n${header}`);
for (const r of rows.slice(0, TOP)) console.log(line(r));
const failing = [...rows].sort((a, b) => b.failMs - a.failMs);
console.log(`\ncostliest failing runs (time and number of the runs that found nothing):\n${header}`);
for (const r of failing.slice(0, TOP)) console.log(line({ ...r, ms: r.failMs, runs: r.runs - r.matches }));
const idle = rows.filter((r) => r.matches === 0).sort((a, b) => b.runs - a.runs || b.ms - a.ms);
console.log(`\nrules that never match, most runs first (${idle.length} of ${rows.length}; ${Math.round(idle.reduce((s, r) => s + r.runs, 0))} runs, ${idle.reduce((s, r) => s + r.ms, 0).toFixed(1)} ms):\n${header}`);
for (const r of idle.slice(0, TOP)) console.log(line(r));
