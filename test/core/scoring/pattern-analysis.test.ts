import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as remembered from '../../../core/scoring/pattern-analysis.ts';
import { forgetPatternAnalyses, MAX_PATTERNS, patternAnalysesKept } from '../../../core/scoring/pattern-analysis.ts';
import * as literals from '../../../core/scoring/required-literals.ts';
import { requiredRun } from '../../../core/scoring/required-run.ts';
import { unsafeReason } from '../../../core/scoring/unsafe-reason.ts';
import { parseRuleToml } from '../../../core/scoring/rule-loader.ts';
import { SHIPPED_RULES } from '../../../core/scoring/shipped-rules.ts';
import { renderShippedPatternAnalyses } from '../../../scripts/shipped-pattern-analyses.ts';
import { corpusFileNames, FILTER_DIR, loadCorpus, REPO, testEngine } from './helpers.ts';

/** Every rule pattern of the repository's rule files, with the flags the pattern filters compile it under. */
function rulePatterns(): { source: string; flags: string }[] {
  const out: { source: string; flags: string }[] = [];
  for (const name of readdirSync(FILTER_DIR).filter((n) => n.endsWith('.toml'))) {
    const doc = parseRuleToml(readFileSync(join(FILTER_DIR, name), 'utf8'));
    const rules = Array.isArray(doc.rules) ? (doc.rules as { pattern?: unknown; case_sensitive?: unknown }[]) : [];
    for (const r of rules) if (typeof r.pattern === 'string') out.push({ source: r.pattern, flags: r.case_sensitive === true ? 'g' : 'gi' });
  }
  return out;
}

/** What each remembered analysis answers for `p`, next to what reading it afresh answers. */
function bothAnswers(p: { source: string; flags: string }) {
  const { source, flags } = p;
  return {
    remembered: [
      remembered.requiredLiterals(source, flags), remembered.requiredLiterals(source, flags, 1),
      remembered.branchLiterals(source, flags), remembered.branchLiterals(source, flags, 1),
      remembered.requiredCounts(source, flags), remembered.requiredRun(source, flags), remembered.unsafeReason(source),
    ],
    afresh: [
      literals.requiredLiterals(source, flags), literals.requiredLiterals(source, flags, 1),
      literals.branchLiterals(source, flags), literals.branchLiterals(source, flags, 1),
      literals.requiredCounts(source, flags), requiredRun(source, flags), unsafeReason(source),
    ],
  };
}

describe('rule-pattern analyses remembered per process (pattern-analysis.ts)', () => {
  it('engines built from remembered and from shipped analyses decide corpus calls exactly as one built from nothing, and building leaves every shared answer as computed', async () => {
    forgetPatternAnalyses({ shipped: false });
    const fromNothing = await testEngine();
    const kept = patternAnalysesKept();
    expect(kept).toBeGreaterThan(1000);
    const fromMemory = await testEngine();
    // The second build read no pattern afresh: every answer it asked for was kept.
    expect(patternAnalysesKept()).toBe(kept);
    forgetPatternAnalyses();
    const fromShipped = await testEngine();
    expect(patternAnalysesKept()).toBe(kept);
    // Every sixteenth call of every corpus (below, every rule pattern's analyses are compared themselves).
    let calls = 0;
    for (const file of corpusFileNames()) {
      for (const entry of loadCorpus(file).filter((_, i) => i % 16 === 0)) {
        const a = fromNothing.evaluate(entry.tool_call, { record: false }).result;
        for (const other of [fromMemory, fromShipped]) {
          const b = other.evaluate(entry.tool_call, { record: false }).result;
          if (JSON.stringify(a) !== JSON.stringify(b)) expect({ file, id: entry.id, b }).toEqual({ file, id: entry.id, b: a });
        }
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(700);
    const patterns = rulePatterns();
    expect(patterns.length).toBeGreaterThan(1000);
    for (const p of patterns) {
      const { remembered: shared, afresh } = bothAnswers(p);
      // Two builds and their evaluations used these answers: one changed in place would show here.
      expect(shared, p.source).toEqual(afresh);
    }
    // Asked twice, the same answer object (shared, not recomputed).
    const first = patterns[0]!;
    expect(remembered.requiredLiterals(first.source, first.flags, 1)).toBe(remembered.requiredLiterals(first.source, first.flags, 1));
  }, 300_000);

  it('core/scoring/shipped-pattern-analyses.ts holds what reading the shipped rules\' patterns afresh answers, no more (node scripts/gen-shipped-rules.mjs writes it)', async () => {
    const committed = readFileSync(join(REPO, 'core', 'scoring', 'shipped-pattern-analyses.ts'), 'utf8');
    const fresh = await renderShippedPatternAnalyses(SHIPPED_RULES);
    // Compared row by row first, so a stale file names the patterns that moved.
    const rows = (text: string) => new Set(text.split('\n').filter((line) => line.startsWith('  "')));
    const [was, now] = [rows(committed), rows(fresh)];
    expect([...was].filter((row) => !now.has(row)), 'stale rows').toEqual([]);
    expect([...now].filter((row) => !was.has(row)), 'missing rows').toEqual([]);
    expect(fresh).toBe(committed);
  }, 120_000);

  it('keeps at most MAX_PATTERNS patterns per table, the least recently asked leaving first', () => {
    forgetPatternAnalyses();
    const early = remembered.requiredCounts('early[0-9]{3}', 'g');
    const first = remembered.requiredCounts('x0[0-9]{2}', 'g');
    for (let i = 1; i < MAX_PATTERNS; i++) {
      remembered.requiredCounts(`x${i}[0-9]{2}`, 'g');
      // Asked again now and then, so it stays among the recently asked.
      if (i % 1000 === 0) expect(remembered.requiredCounts('early[0-9]{3}', 'g')).toBe(early);
    }
    expect(patternAnalysesKept()).toBe(MAX_PATTERNS);
    expect(remembered.requiredCounts('early[0-9]{3}', 'g')).toBe(early);
    // The oldest pattern not asked again was dropped: asking for it reads it afresh (an equal, new answer).
    const again = remembered.requiredCounts('x0[0-9]{2}', 'g');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(patternAnalysesKept()).toBe(MAX_PATTERNS);
    forgetPatternAnalyses();
    expect(patternAnalysesKept()).toBe(0);
  });
});
