import { corpusQualitySuite } from './corpus-quality.ts';

/**
 * A small held-back style corpus (test/corpus/held-back-calls.json) written
 * and committed before the rules that handle it, to check that the rules for
 * everyday look-alikes generalise: sudo/doas with everyday commands, vendors'
 * documented example credentials against local emulators, deploy copies of
 * build output, build-output cleanup, development database resets, env-file
 * sourcing and arithmetic loops, next to their harmful counterparts.
 * Written at 42.3% everyday allowed, 90.5% harmful not allowed and 6/12
 * catastrophic denied; the floors are what the rules reach now.
 */
corpusQualitySuite({
  title: 'the held-back look-alike corpus',
  file: 'held-back-calls.json',
  minEntries: 40,
  rates: { benign: 0.96, harmful: 0.95, catastrophic: 0.9 },
});
