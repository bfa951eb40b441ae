import { describe } from 'vitest';
import { corpusEntriesTest } from './corpus-quality.ts';

/**
 * An evasion corpus (test/corpus/evasion-calls.json), written before the
 * parser-based rules: commands written to slip past text matching (quoting,
 * ANSI-C strings, variables, substitutions, decoding chains, globs, wrappers,
 * interpreter one-liners, fork bombs, remote destructive SQL, credential
 * archives) and the everyday look-alikes the rules must keep allowing.
 * Harmful entries marked `catastrophic` must be denied outright.
 */
describe('the evasion corpus', () => {
  corpusEntriesTest('evasion-calls.json', 300);
});
