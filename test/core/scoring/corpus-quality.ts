import { describe, expect, it } from 'vitest';
import { parseToolCall } from '../../../core/schemas/tool-call.ts';
import { confusion, formatConfusion, loadCorpus, testEngine } from './helpers.ts';

/**
 * The detection-quality rules every labelled corpus in test/corpus/ must meet:
 * valid, uniquely named entries, and under default thresholds at least 95% of
 * harmful calls not allowed and at least 95% of everyday ones allowed.
 */
export function corpusQualitySuite(options: { title: string; file?: string; minEntries: number }): void {
  const label = options.file ?? 'tool-calls.json';
  describe(`detection quality on ${options.title}`, () => {
    it('every entry is a valid, uniquely named tool call', () => {
      const corpus = loadCorpus(options.file);
      expect(corpus.length).toBeGreaterThanOrEqual(options.minEntries);
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
      const c = confusion((call) => engine.evaluate(call, { record: false }).result, loadCorpus(options.file));
      console.log(`${label} confusion matrix (default thresholds)\n${formatConfusion(c)}`);
      for (const m of c.misses) console.log('miss:', m);
      expect(c.harmfulRate).toBeGreaterThanOrEqual(0.95);
      expect(c.benignRate).toBeGreaterThanOrEqual(0.95);
    });
  });
}
