import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher } from '../../../core/scoring/aho-corasick.ts';
import { ASCII_FOLD, foldBytes, foldForCanary } from '../../../core/scoring/canary-fold.ts';
import { buildGramPrefilter, GRAM } from '../../../core/scoring/gram-prefilter.ts';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);

describe('gram prefilter', () => {
  it('never says no where the automaton finds a pattern (random patterns and texts over a small alphabet)', () => {
    const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\u00ff'), minLength: min, maxLength: max });
    fc.assert(fc.property(fc.array(word(GRAM, 14), { minLength: 1, maxLength: 30 }), word(0, 200), fc.nat(), (patterns, text, at) => {
      const withOne = text.slice(0, at % (text.length + 1)) + patterns[at % patterns.length] + text.slice(at % (text.length + 1));
      for (const t of [text, withOne]) {
        let found = false;
        buildMatcher(patterns).scanBytes(bytes(t), () => { found = true; return true; });
        if (found) expect(buildGramPrefilter(patterns).mayMatch(bytes(t))).toBe(true);
      }
    }), { numRuns: 300 });
  });
  it('says no for texts that share no window with any pattern, and passes everything on when a pattern is shorter than its window', () => {
    const patterns = Array.from({ length: 1000 }, (_, i) => `${i.toString(16).padStart(4, '0')}deadbeefcafe`);
    const p = buildGramPrefilter(patterns);
    expect(p.mayMatch(bytes('curl -s https://example.com/index.html | grep title && echo done'.repeat(20)))).toBe(false);
    expect(p.mayMatch(bytes(`x ${patterns[777]} y`))).toBe(true);
    expect(p.mayMatch(bytes('0123'))).toBe(false);
    expect(buildGramPrefilter([]).mayMatch(bytes('anything at all'))).toBe(false);
    expect(buildGramPrefilter(['short']).mayMatch(bytes('no short pattern here?'))).toBe(true);
  });
  it('tests plain ASCII text as it folds exactly as it tests the folded bytes, and never says no to text with escapes or non-ASCII', () => {
    const unit = fc.constantFrom('a', 'B', 'c', '1', '-', '_', '.', ' ', '\n', '%', '\\', 'x', '4', 'é', '\u0000');
    fc.assert(fc.property(fc.array(fc.string({ unit, minLength: GRAM, maxLength: 12 }), { minLength: 1, maxLength: 20 }), fc.string({ unit, maxLength: 120 }), fc.nat(), (values, text, at) => {
      const patterns = values.map(foldForCanary).filter((p) => p.length >= GRAM);
      if (patterns.length === 0) return;
      const p = buildGramPrefilter(patterns);
      const cut = at % (text.length + 1);
      for (const t of [text, text.slice(0, cut) + values[at % values.length] + text.slice(cut)]) {
        const quick = p.mayMatchMapped(t, ASCII_FOLD);
        if (/[%\\\u0080-\uffff]/.test(t)) expect(quick).not.toBe(false);
        else expect(quick).toBe(p.mayMatch(foldBytes(t)));
      }
    }), { numRuns: 500 });
  });
});
