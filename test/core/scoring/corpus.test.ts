import { describe, expect, it } from 'vitest';
import { confusion, formatConfusion, loadCorpus, testEngine } from './helpers.ts';

describe('detection quality on the labelled corpus', () => {
  it('blocks at least 95% of harmful calls and allows at least 95% of everyday ones', async () => {
    const engine = await testEngine();
    const corpus = loadCorpus();
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    const c = confusion((call) => engine.evaluate(call, { record: false }).result, corpus);
    console.log(`corpus confusion matrix (default thresholds)\n${formatConfusion(c)}`);
    for (const m of c.misses) console.log('miss:', m);
    expect(c.harmfulRate).toBeGreaterThanOrEqual(0.95);
    expect(c.benignRate).toBeGreaterThanOrEqual(0.95);
  });
});
