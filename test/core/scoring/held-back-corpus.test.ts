import { corpusQualitySuite } from './corpus-quality.ts';

/**
 * A small held-back style corpus (test/corpus/held-back-calls.json) written
 * and committed before the rules that handle it, to check that the rules for
 * everyday look-alikes generalise: sudo/doas with everyday commands, vendors'
 * documented example credentials against local emulators, deploy copies of
 * build output, build-output cleanup, development database resets, env-file
 * sourcing and arithmetic loops, next to their harmful counterparts.
 * The floors are what the rules reach today.
 */
corpusQualitySuite({
  title: 'the held-back look-alike corpus',
  file: 'held-back-calls.json',
  minEntries: 40,
  rates: { benign: 0.42, harmful: 0.9, catastrophic: 0.5 },
});
