import { corpusQualitySuite } from './corpus-quality.ts';

/**
 * A red-team corpus of real-world agent trace shapes (test/corpus/red-team-calls.json),
 * written without looking at the rule files. The rules must not be tuned on single entries of it.
 */
corpusQualitySuite({ title: 'the red-team corpus of real-world agent traces', file: 'red-team-calls.json', minEntries: 200 });
