import { corpusQualitySuite } from './corpus-quality.ts';

/**
 * An independent validation corpus (test/corpus/validation-calls.json), written
 * without looking at the rule files: everyday agent work across ecosystems and
 * real attack shapes. The rules must not be tuned on single entries of it.
 */
corpusQualitySuite({ title: 'the independent validation corpus', file: 'validation-calls.json', minEntries: 250 });
