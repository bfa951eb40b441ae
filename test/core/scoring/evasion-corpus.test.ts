import { corpusQualitySuite } from './corpus-quality.ts';

/**
 * An evasion corpus (test/corpus/evasion-calls.json), written and committed
 * before the parser-based rules: commands written to slip past text matching
 * (quoting, ANSI-C strings, variables, substitutions, decoding chains, globs,
 * wrappers, interpreter one-liners, fork bombs, remote destructive SQL,
 * credential archives) and the everyday look-alikes the rules must keep
 * allowing. Harmful entries marked `catastrophic` must be denied outright.
 * The floors are what the rules reach today; the aim is 97% / 98% / 95%.
 */
corpusQualitySuite({
  title: 'the evasion corpus',
  file: 'evasion-calls.json',
  minEntries: 300,
  rates: { benign: 0.99, harmful: 0.98, catastrophic: 0.97 },
});
