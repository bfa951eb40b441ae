import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPLIT, tokensOf } from '../../../core/scoring/hosts.ts';

describe('host tokenising', () => {
  it('tokensOf gives exactly the non-empty pieces of splitting on SPLIT, for every separator and any text', () => {
    // Every code unit: separator or not exactly as the regex says.
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      expect(tokensOf(s)).toEqual(s.split(SPLIT).filter((t) => t !== ''));
    }
    const unit = fc.constantFrom('a', 'b', '.', '/', ' ', '\t', '\n', '"', "'", '=', '|', ';', '&', '(', ')', ',', '`', '{', '}', '<', '>', '\u00a0', '\u2003', '\u3000', '\ufeff', 'é', '\ud83d');
    fc.assert(fc.property(fc.string({ unit, maxLength: 80 }), (text) => {
      expect(tokensOf(text)).toEqual(text.split(SPLIT).filter((t) => t !== ''));
    }), { numRuns: 2000 });
  });
});
