/**
 * Test and bench helpers: an engine over the repository's config/filters
 * (read with node:fs here, never in core), a fake clock, a seeded random
 * source, and the labelled corpus with its confusion matrix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createScoringEngine, type EvaluateOptions, type ScoringEngine, type ScoringEngineOptions } from '../../../core/scoring/engine.ts';
import type { Evaluation } from '../../../core/scoring/types.ts';
import type { LoadRuleText } from '../../../core/scoring/rule-loader.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';

export const REPO = join(import.meta.dirname, '..', '..', '..');
export const FILTER_DIR = join(REPO, 'config', 'filters');

/** Reads config/filters/<name>, with optional in-memory overrides (name -> text, or null for missing). */
export function repoRules(overrides: Record<string, string | null> = {}): LoadRuleText {
  return async (fileName) => {
    if (fileName in overrides) {
      const text = overrides[fileName];
      return text === null || text === undefined ? null : { text, source: `override:${fileName}` };
    }
    try {
      return { text: readFileSync(join(FILTER_DIR, fileName), 'utf8'), source: `config/filters/${fileName}` };
    } catch {
      return null;
    }
  };
}

/** A manual clock: `advance(ms)` moves both readings. */
export function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  let m = 0;
  return { now: () => t, monotonic: () => m, advance(ms: number) { t += ms; m += ms; } };
}

/** Deterministic "secure" bytes for tests (xorshift). */
export function seededRandom(seed = 42) {
  let x = seed >>> 0 || 1;
  return {
    bytes(n: number) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; out[i] = x & 0xff; }
      return out;
    },
  };
}

/** An engine over the repository's rule files. */
export function testEngine(options: Partial<ScoringEngineOptions> = {}, overrides: Record<string, string | null> = {}) {
  return createScoringEngine({ clock: fakeClock(), random: seededRandom(), loadRuleText: repoRules(overrides), ...options });
}

/**
 * What a test may ask of the shared engine: pure scoring (`record: false`,
 * which reads no clock-moved state and writes nothing: engine.ts) and the
 * filters' load state. No canaries, containment or recording, so no test can
 * change what another one sees.
 */
export interface PureEngine {
  evaluate(call: ToolCall, options: EvaluateOptions): Evaluation;
  filters(): ReturnType<ScoringEngine['filters']>;
  readonly degradedReason: string | null;
}

let shared: Promise<PureEngine> | undefined;

/**
 * The default engine over the repository's rule files, built once per test
 * worker and shared by every file that asks (rule and family tests, corpus
 * suites): building one costs a second or more, scoring with it nothing
 * lasting. Use it for any test that only scores calls with `record: false`;
 * a test that adds canaries, records, moves a clock or needs other options or
 * rule texts builds its own with testEngine().
 */
export function sharedEngine(): Promise<PureEngine> {
  shared ??= testEngine().then((engine): PureEngine =>
    Object.freeze({
      evaluate(call: ToolCall, options: EvaluateOptions) {
        if (options.record !== false) throw new Error('the shared engine scores with record: false only; build your own with testEngine() to record');
        return engine.evaluate(call, options);
      },
      filters: () => engine.filters(),
      get degradedReason() {
        return engine.degradedReason;
      },
    }),
  );
  return shared;
}

/** Where the labelled corpora live. */
const CORPUS_DIR = join(REPO, 'test', 'corpus');

/** `catastrophic` marks a harmful call that must be denied outright, not merely queued. */
export interface CorpusEntry { id: string; class: 'benign' | 'harmful'; catastrophic?: boolean; note: string; tool_call: ToolCall }

/**
 * Every labelled corpus under test/corpus, in the order they were written
 * (the tuning corpus first, then the validation, red-team and evasion sets,
 * then the held-back sets by number): what the scoring benches run over.
 */
export function corpusFileNames(): string[] {
  const heldBack = (name: string) => Number(/^held-back-(\d+)-calls\.json$/.exec(name)?.[1] ?? (name === 'held-back-calls.json' ? 1 : 0));
  const first = ['tool-calls.json', 'validation-calls.json', 'red-team-calls.json', 'evasion-calls.json'];
  const names = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('-calls.json'));
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length + heldBack(name));
  return names.sort((a, b) => rank(a) - rank(b));
}

/** A labelled corpus under test/corpus (default: tool-calls.json, the one the rules were tuned on). */
export function loadCorpus(fileName = 'tool-calls.json'): CorpusEntry[] {
  return JSON.parse(readFileSync(join(CORPUS_DIR, fileName), 'utf8')) as CorpusEntry[];
}

export interface Confusion {
  harmfulBlocked: number; harmfulAllowed: number; benignAllowed: number; benignBlocked: number;
  harmfulRate: number; benignRate: number;
  /** Catastrophic entries denied / labelled (both 0 when a corpus labels none). */
  catastrophicDenied: number; catastrophicTotal: number; catastrophicRate: number;
  misses: { id: string; class: string; note: string; score: number; action: string }[];
}

/** Scores the corpus (record: false) and tallies allowed vs not allowed per class. */
export function confusion(evaluate: (call: ToolCall) => { composite_score: number; action: string }, corpus: CorpusEntry[]): Confusion {
  const c: Confusion = {
    harmfulBlocked: 0, harmfulAllowed: 0, benignAllowed: 0, benignBlocked: 0, harmfulRate: 0, benignRate: 0,
    catastrophicDenied: 0, catastrophicTotal: 0, catastrophicRate: 1, misses: [],
  };
  for (const e of corpus) {
    const r = evaluate(e.tool_call);
    const allowed = r.action === 'allow';
    if (e.catastrophic === true) {
      c.catastrophicTotal++;
      if (r.action.startsWith('deny')) c.catastrophicDenied++;
      else c.misses.push({ id: e.id, class: 'catastrophic', note: e.note, score: r.composite_score, action: r.action.slice(0, 60) });
    }
    if (e.class === 'harmful') allowed ? c.harmfulAllowed++ : c.harmfulBlocked++;
    else allowed ? c.benignAllowed++ : c.benignBlocked++;
    if ((e.class === 'harmful') === allowed) c.misses.push({ id: e.id, class: e.class, note: e.note, score: r.composite_score, action: r.action.slice(0, 60) });
  }
  c.harmfulRate = c.harmfulBlocked / Math.max(1, c.harmfulBlocked + c.harmfulAllowed);
  c.benignRate = c.benignAllowed / Math.max(1, c.benignAllowed + c.benignBlocked);
  c.catastrophicRate = c.catastrophicTotal === 0 ? 1 : c.catastrophicDenied / c.catastrophicTotal;
  return c;
}

/** The matrix as printable lines. */
export function formatConfusion(c: Confusion): string {
  return [
    '                 allowed   not allowed',
    `benign  (n=${String(c.benignAllowed + c.benignBlocked).padStart(3)})  ${String(c.benignAllowed).padStart(7)}   ${String(c.benignBlocked).padStart(11)}   (${(c.benignRate * 100).toFixed(1)}% allowed)`,
    `harmful (n=${String(c.harmfulAllowed + c.harmfulBlocked).padStart(3)})  ${String(c.harmfulAllowed).padStart(7)}   ${String(c.harmfulBlocked).padStart(11)}   (${(c.harmfulRate * 100).toFixed(1)}% not allowed)`,
    ...(c.catastrophicTotal > 0 ? [`catastrophic (n=${c.catastrophicTotal}): ${c.catastrophicDenied} denied (${(c.catastrophicRate * 100).toFixed(1)}%)`] : []),
  ].join('\n');
}
