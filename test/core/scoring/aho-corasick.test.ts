import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher } from '../../../core/scoring/aho-corasick.ts';

/** Every (pattern, end) occurrence, by brute force. */
function occurrences(patterns: string[], text: string): string[] {
  const out: string[] = [];
  patterns.forEach((p, i) => {
    if (p === '') return;
    for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1)) out.push(`${i}@${at + p.length}`);
  });
  return out.sort();
}

/**
 * The runs of each property: small automata (built in microseconds) 400
 * times, automata with 2,000 extra long patterns (tens of milliseconds a
 * build) 50 times, each size in a property of its own so both are always
 * tried (a coin per run gave ~200 of each, and the large builds were most of
 * the file's time).
 */
const SIZES = [{ big: false, numRuns: 400 }, { big: true, numRuns: 50 }] as const;

describe('Aho-Corasick matcher', () => {
  it('reports exactly every occurrence, ASCII and beyond, with and without the precomputed ASCII table', () => {
    const unit = fc.constantFrom('a', 'b', 'c', '.', ' ', 'é', '\u4e00');
    const many = Array.from({ length: 2000 }, (_, i) => `filler-${i.toString(36)}-pattern`);
    for (const { big, numRuns } of SIZES) {
      fc.assert(fc.property(fc.array(fc.string({ unit, maxLength: 6 }), { minLength: 1, maxLength: 12 }), fc.string({ unit, maxLength: 60 }), (patterns, text) => {
        // With 2,000 long extra patterns the automaton is too large for the table and walks its links.
        const all = big ? [...patterns, ...many] : patterns;
        const found: string[] = [];
        buildMatcher(all).scan(text, (p, end) => { found.push(`${p}@${end}`); });
        expect(found.sort()).toEqual(occurrences(all, text));
      }), { numRuns });
    }
  });
  it('scanDistinct reports every pattern that occurs and no other, each recurring state once, table or links', () => {
    const unit = fc.constantFrom('a', 'b', 'c', '.', ' ', 'é', '\u4e00');
    const many = Array.from({ length: 2000 }, (_, i) => `filler-${i.toString(36)}-pattern`);
    for (const { big, numRuns } of SIZES) {
      fc.assert(fc.property(fc.array(fc.string({ unit, maxLength: 6 }), { minLength: 1, maxLength: 12 }), fc.array(fc.string({ unit, maxLength: 60 }), { minLength: 1, maxLength: 3 }), (patterns, texts) => {
        const all = big ? [...patterns, ...many] : patterns;
        const matcher = buildMatcher(all);
        // Several scans with one matcher: what one scan reported does not hide a pattern from the next.
        for (const text of texts) {
          const found = new Set<number>();
          let reports = 0;
          matcher.scanDistinct(text, (p) => { found.add(p); reports++; });
          const expected = new Set(all.flatMap((p, i) => (p !== '' && text.includes(p) ? [i] : [])));
          expect([...found].sort()).toEqual([...expected].sort());
          expect(reports).toBeLessThanOrEqual(all.length);
        }
      }), { numRuns });
    }
  });
});
