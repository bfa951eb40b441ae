import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstGlobChar, flagClusterEndsWith, flagClusterHas, hasGlob, hasGlobChar, startsWithUrlScheme } from '../../../core/scoring/shell/word-shapes.ts';

/** The regexes the character scans replace, as they were written. */
const GLOB_CHAR = /[*?[]/;
const GLOB = /[*?]|\[[^\]]+\]/;
const URL_SCHEME = /^(?:https?|ftp):\/\//i;
const clusterEnding = (letter: string) => new RegExp(`^-[a-zA-Z]*${letter}$`);
const clusterHolding = (letter: string) => new RegExp(`^-[a-zA-Z]*${letter}[a-zA-Z]*$`);

/** Words made of the pieces each shape turns on, and their near misses (case, digits, separators, astral halves). */
const piece = fc.constantFrom('*', '?', '[', ']', '[]', '[a]', '-', '--', 'o', 'O', 'c', 'C', 'x', 'Z', '0', '_', ' ', '\n', '/', ':', '://', ':/',
  'http', 'HTTP', 'https', 'HtTpS', 'ftp', 'FTP', 'ftps', 'htp', 'h', 's', 'é', 'ſ', '\u212a', '\ud83d', '\ude00', '=', '.');
const word = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

describe('word shapes read by character, as their regexes say', () => {
  it('firstGlobChar and hasGlobChar are /[*?[]/ (index, test) and hasGlob is /[*?]|\\[[^\\]]+\\]/ on any word', () => {
    fc.assert(fc.property(fc.oneof(word, fc.string({ maxLength: 12 })), (w) => {
      expect(firstGlobChar(w)).toBe(GLOB_CHAR.exec(w)?.index ?? -1);
      expect(hasGlobChar(w)).toBe(GLOB_CHAR.test(w));
      expect(hasGlob(w)).toBe(GLOB.test(w));
    }), { numRuns: 5000 });
    for (const w of ['[', '[]', '[]]', '[[]', 'x[]y]', '[]a]', '[][x]', 'a[b', ']a[', '[\n]', 'test [ -f x ]']) expect(hasGlob(w)).toBe(GLOB.test(w));
  });
  it('flagClusterEndsWith and flagClusterHas are ^-[a-zA-Z]*X$ and ^-[a-zA-Z]*X[a-zA-Z]*$ for each letter asked', () => {
    for (const letter of ['o', 'O', 'c']) {
      const ending = clusterEnding(letter);
      const holding = clusterHolding(letter);
      fc.assert(fc.property(word, (w) => {
        expect(flagClusterEndsWith(w, letter)).toBe(ending.test(w));
        expect(flagClusterHas(w, letter)).toBe(holding.test(w));
      }), { numRuns: 3000 });
      for (const w of ['-', `-${letter}`, `--${letter}`, `-x${letter}`, `-${letter}x`, `-1${letter}`, `- ${letter}`, letter, `-é${letter}`]) {
        expect(flagClusterEndsWith(w, letter)).toBe(ending.test(w));
        expect(flagClusterHas(w, letter)).toBe(holding.test(w));
      }
    }
  });
  it('startsWithUrlScheme is /^(?:https?|ftp):\\/\\//i on any word, letters in any case and nothing else folded', () => {
    fc.assert(fc.property(word, (w) => {
      expect(startsWithUrlScheme(w)).toBe(URL_SCHEME.test(w));
    }), { numRuns: 5000 });
    for (const w of ['', 'h', 'http:/', 'http://', 'HTTPS://x', 'ftp://', 'FtP://a', 'ftps://', 'httpss://', 'hTtp://', '\u0148ttp://', 'http\u0153://', 'fţp://']) {
      expect(startsWithUrlScheme(w)).toBe(URL_SCHEME.test(w));
    }
  });
});
