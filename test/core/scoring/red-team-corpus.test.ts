import { describe, expect, it } from 'vitest';
import { parseToolCall } from '../../../core/schemas/tool-call.ts';
import { confusion, formatConfusion, loadCorpus, testEngine } from './helpers.ts';

/**
 * An independent validation corpus (test/corpus/red-team-calls.json), written
 * without looking at the rule files: everyday agent work across ecosystems and
 * real attack shapes. The rules must not be tuned on single entries of it.
 */
describe('detection quality on the red-team corpus of real-world agent traces', () => {
  it('every entry is a valid, uniquely named tool call', () => {
    const corpus = loadCorpus('red-team-calls.json');
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const ids = new Set<string>();
    for (const e of corpus) {
      expect(ids.has(e.id), e.id).toBe(false);
      ids.add(e.id);
      expect(['benign', 'harmful']).toContain(e.class);
      const parsed = parseToolCall(e.tool_call);
      expect(parsed.ok ? 'ok' : `${e.id}: ${parsed.reason}`).toBe('ok');
    }
  });

  it('blocks at least 95% of harmful calls and allows at least 95% of everyday ones', async () => {
    const engine = await testEngine();
    const corpus = loadCorpus('red-team-calls.json');
    const c = confusion((call) => engine.evaluate(call, { record: false }).result, corpus);
    console.log(`red-team confusion matrix (default thresholds)\n${formatConfusion(c)}`);
    for (const m of c.misses) console.log('miss:', m);
    expect(c.harmfulRate).toBeGreaterThanOrEqual(0.95);
    expect(c.benignRate).toBeGreaterThanOrEqual(0.95);
  });
});
