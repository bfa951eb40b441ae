/**
 * The load-time analyses of a rule pattern (required-literals.ts,
 * required-run.ts), remembered per process. Each is a pure function of the
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
 */
import { branchLiterals as readBranchLiterals, MIN_LITERAL, requiredCounts as readRequiredCounts, requiredLiterals as readRequiredLiterals } from './required-literals.ts';
import { requiredRun as readRequiredRun, type RequiredRun } from './required-run.ts';

/** Patterns kept per table (the shipped rules hold a few thousand). */
export const MAX_PATTERNS = 16_384;

/** A bounded table of answers by pattern text, least recently asked first. */
class AnswerTable {
  private readonly answers = new Map<string, unknown>();

  get size(): number {
    return this.answers.size;
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

function remembered<T>(analysis: string, flags: string, min: number, source: string, compute: () => T): T {
  const key = `${analysis}/${flags}/${min}`;
  let table = tables.get(key);
  if (!table) tables.set(key, (table = new AnswerTable()));
  return table.answer(source, compute);
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

/** requiredRun (required-run.ts), remembered. */
export function requiredRun(source: string, flags: string): RequiredRun | null {
  return remembered('run', flags, 0, source, () => readRequiredRun(source, flags));
}

/** Forgets every answer (tests compare a build from nothing with one from remembered answers). */
export function forgetPatternAnalyses(): void {
  tables.clear();
}

/** How many answers are kept, over every table. */
export function patternAnalysesKept(): number {
  let n = 0;
  for (const table of tables.values()) n += table.size;
  return n;
}
