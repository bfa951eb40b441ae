import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine, testEngine } from './helpers.ts';

const MiB = 1024 * 1024;
// Strings that stress backtracking and the scanners: long runs of characters
// the rules care about, near-misses of secret formats, and plain noise.
const adversarialPiece = fc.constantFrom(
  'a', ' ', '/', '.', '=', '-', '|', 'curl ', 'AKIA', 'ghp_', 'eyJ', '\\x41', '%41', '~/.ssh/', 'rm -rf ', '-----BEGIN ', 'xox', '$(', '@', '0', 'base64 -d ',
);
const adversarial = fc.tuple(adversarialPiece, fc.integer({ min: 1, max: 60_000 }), fc.string({ maxLength: 40 })).map(([p, n, tail]) => p.repeat(n).slice(0, MiB) + tail);
const str = fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 200 }) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) }, { weight: 1, arbitrary: adversarial });
const call = fc.oneof(
  fc.record({ type: fc.constant('FileRead'), path: str }),
  fc.record({ type: fc.constant('FileWrite'), path: str, content_hash: str, content: str }),
  fc.record({ type: fc.constant('ShellExec'), command: str, args: fc.array(str, { maxLength: 4 }), env: fc.dictionary(fc.string({ maxLength: 10 }), str, { maxKeys: 2 }) }),
  fc.record({ type: fc.constant('HttpRequest'), method: fc.constantFrom('GET', 'POST'), url: str, headers: fc.dictionary(fc.string({ maxLength: 10 }), str, { maxKeys: 2 }), body: str }),
  fc.record({ type: fc.constant('DnsQuery'), name: str }),
  fc.record({ type: fc.constant('NetConnect'), host: str, port: fc.integer({ min: 0, max: 65535 }) }),
  fc.record({ type: fc.constant('FileChmod'), path: str, mode: fc.oneof(str, fc.nat()) }),
);

describe('cannot be stalled', () => {
  it('scores random and adversarial tool calls up to 1 MiB without throwing', async () => {
    const engine = await testEngine();
    for (let i = 0; i < 50; i++) engine.canaries.add(`c${i}`);
    let slowest = 0;
    fc.assert(fc.property(call, fc.boolean(), (raw, record) => {
      const parsed = parseToolCall(raw);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const t0 = performance.now();
      const ev = engine.evaluate(parsed.call, { sessionId: 'p', record });
      slowest = Math.max(slowest, performance.now() - t0);
      expect(ev.result.composite_score).toBeGreaterThanOrEqual(0);
      expect(ev.result.composite_score).toBeLessThanOrEqual(10);
    }), { numRuns: 300 });
    console.log(`slowest evaluation: ${slowest.toFixed(1)} ms`);
    expect(slowest).toBeLessThan(2000);
  }, 120_000);

  it('scores a 1 MiB field of each adversarial pattern quickly', async () => {
    const engine = await sharedEngine();
    for (const piece of ['a', ' ', 'AKIA', '~/.ssh/id_', 'curl x |', 'eyJ', 'x'.repeat(63) + '.', 'key=', '0-', '4111 ']) {
      const big = piece.repeat(Math.ceil(MiB / piece.length)).slice(0, MiB);
      for (const c of [
        { type: 'ShellExec' as const, command: 'bash', args: ['-c', big] },
        { type: 'HttpRequest' as const, method: 'POST', url: 'https://x.example/', body: big },
        { type: 'DnsQuery' as const, name: big },
      ]) {
        const t0 = performance.now();
        engine.evaluate(c, { record: false });
        expect(performance.now() - t0, `${piece} in ${c.type}`).toBeLessThan(1500);
      }
    }
  }, 120_000);

  it('parseToolCall rejects junk with a sentence, never throws', () => {
    fc.assert(fc.property(fc.anything(), (v) => {
      const r = parseToolCall(v);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(5);
    }), { numRuns: 500 });
  });
});
