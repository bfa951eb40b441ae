import { corpusQualitySuite } from './corpus-quality.ts';

corpusQualitySuite({ title: 'the labelled corpus', minEntries: 300 });
