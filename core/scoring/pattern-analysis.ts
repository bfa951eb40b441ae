/**
 * The load-time analyses of a rule pattern (required-literals.ts,
 * required-run.ts, and the safety verdict of unsafe-reason.ts), remembered
 * per process. Each is a pure function of the
 * pattern's text, its flags and the shortest literal asked for, and reading
 * a pattern costs far more than the rest of its compilation, so an engine
 * built again (a config reload, every test app) reads only patterns it has
 * not met before.
 *
 * The answers are shared between engines: callers read them and never
 * change them (pattern-analysis.test.ts checks that a build leaves them as
 * computed). Each table keeps at most MAX_PATTERNS patterns, the least
 * recently asked one leaving first, so rule text a user edits many times
 * cannot grow it without end.
 *
 * The shipped rules' answers of required-literals.ts and unsafe-reason.ts
 * are computed at build time (shipped-pattern-analyses.ts, generated with the
 * shipped rules) and taken from there instead of read afresh in every
 * process: reading them was over half the CPU of a daemon's start. A pattern not among them (a rule a user
 * wrote or edited, a team policy) is read as before. requiredRun is cheap
 * (one scan, no literal sets) and always read here.
 */
import { branchLiterals as readBranchLiterals, MIN_LITERAL, requiredCounts as readRequiredCounts, requiredLiterals as readRequiredLiterals } from './required-literals.ts';
import { requiredRun as readRequiredRun, type RequiredRun } from './required-run.ts';
import { SHIPPED_ANALYSIS_TABLES, SHIPPED_PATTERN_ANALYSES } from './shipped-pattern-analyses.ts';
import { unsafeReason as readUnsafeReason } from './unsafe-reason.ts';

/** Patterns kept per table (the shipped rules hold a few thousand). */
export const MAX_PATTERNS = 16_384;

/** A bounded table of answers by pattern text, least recently asked first. */
class AnswerTable {
  private readonly answers = new Map<string, unknown>();

  get size(): number {
    return this.answers.size;
  }

  sources(): IterableIterator<string> {
    return this.answers.keys();
  }

  /** The answer kept for `source` without making it the most recently asked. */
  peek(source: string): unknown {
    return this.answers.get(source);
  }

  answer<T>(source: string, compute: () => T): T {
    if (this.answers.has(source)) {
      const known = this.answers.get(source) as T;
      this.answers.delete(source);
      this.answers.set(source, known);
      return known;
    }
    const answer = compute();
    if (this.answers.size >= MAX_PATTERNS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(source, answer);
    return answer;
  }
}

/** One table per analysis, flags and shortest literal (rules use a handful of such combinations). */
const tables = new Map<string, AnswerTable>();

/**
 * The shipped answers by pattern text, each row `[source, table, answer,
 * table, answer, ...]` (a table as its index in SHIPPED_ANALYSIS_TABLES; an
 * answer given as a number n is the row's n-th answer, an equal one written
 * once), parsed on first use; null until then.
 */
let shipped: Map<string, unknown[]> | null = null;
let useShipped = true;

/** The shipped answer of table `key` for `source`, or undefined when it has none (an answer is never undefined). */
function shippedAnswer(key: string, source: string): unknown {
  if (!useShipped) return undefined;
  if (!shipped) {
    // One JSON.parse of the joined rows (~2 MB): tens of milliseconds, where reading the patterns takes seconds.
    const rows = JSON.parse(`[${SHIPPED_PATTERN_ANALYSES.join(',')}]`) as unknown[][];
    shipped = new Map(rows.map((row) => [row[0] as string, row]));
  }
  const row = shipped.get(source);
  if (!row) return undefined;
  const table = SHIPPED_ANALYSIS_TABLES.indexOf(key);
  for (let i = 1; i < row.length; i += 2) {
    if (row[i] !== table) continue;
    const answer = row[i + 1];
    return typeof answer === 'number' ? row[2 + 2 * answer] : answer;
  }
  return undefined;
}

function remembered<T>(analysis: string, flags: string, min: number, source: string, compute: () => T): T {
  const key = `${analysis}/${flags}/${min}`;
  let table = tables.get(key);
  if (!table) tables.set(key, (table = new AnswerTable()));
  return table.answer(source, () => {
    const known = shippedAnswer(key, source);
    return known === undefined ? compute() : (known as T);
  });
}

/** requiredLiterals (required-literals.ts), remembered. */
export function requiredLiterals(source: string, flags: string, min = MIN_LITERAL): string[][] {
  return remembered('literals', flags, min, source, () => readRequiredLiterals(source, flags, min));
}

/** branchLiterals (required-literals.ts), remembered. */
export function branchLiterals(source: string, flags: string, min = MIN_LITERAL): string[][][] | null {
  return remembered('branches', flags, min, source, () => readBranchLiterals(source, flags, min));
}

/** requiredCounts (required-literals.ts), remembered. */
export function requiredCounts(source: string, flags: string): number[] {
  return remembered('counts', flags, 0, source, () => readRequiredCounts(source, flags));
}

/** unsafeReason (unsafe-reason.ts), remembered: why the pattern is refused, or null (the same under every flag). */
export function unsafeReason(source: string): string | null {
  return remembered('unsafe', '', 0, source, () => readUnsafeReason(source));
}

/** requiredRun (required-run.ts), remembered (never shipped: table `run/...` has no shipped rows). */
export function requiredRun(source: string, flags: string): RequiredRun | null {
  return remembered('run', flags, 0, source, () => readRequiredRun(source, flags));
}

/**
 * Forgets every answer (tests compare a build from nothing with one from
 * remembered answers). With `shipped: false`, the shipped answers are not
 * used either until the next call without it: every pattern is read afresh
 * (what the generator of the shipped answers does).
 */
export function forgetPatternAnalyses(options: { shipped?: boolean } = {}): void {
  tables.clear();
  useShipped = options.shipped !== false;
}

/**
 * Every answer of required-literals.ts and unsafe-reason.ts kept now, as `[table, source, answer]`
 * (table: `analysis/flags/min`), tables and sources in sorted order: what
 * builds since the last forget asked for (the generator of the shipped
 * answers builds the shipped rules with `forgetPatternAnalyses({ shipped: false })`).
 */
export function literalAnalysesKept(): [string, string, unknown][] {
  const out: [string, string, unknown][] = [];
  for (const key of [...tables.keys()].filter((k) => !k.startsWith('run/')).sort()) {
    const table = tables.get(key)!;
    for (const source of [...table.sources()].sort()) out.push([key, source, table.peek(source)]);
  }
  return out;
}

/** How many answers are kept, over every table. */
export function patternAnalysesKept(): number {
  let n = 0;
  for (const table of tables.values()) n += table.size;
  return n;
}
