import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/audit/canonical-json.ts';
import { sha256Hex } from '../../../core/audit/sha256.ts';

async function subtleHex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('sha256 and canonical JSON', () => {
  it('the synchronous SHA-256 agrees with crypto.subtle on every length and on non-ASCII text', async () => {
    for (let n = 0; n < 300; n++) expect(sha256Hex('ab€'.repeat(n).slice(0, n))).toBe(await subtleHex('ab€'.repeat(n).slice(0, n)));
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 2000 }), async (text) => {
      expect(sha256Hex(text)).toBe(await subtleHex(text));
    }), { numRuns: 200 });
  });

  it('canonical JSON sorts keys at every level, drops undefined and matches JSON.parse round-trips', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = canonicalJson(value);
      expect(canonicalJson(JSON.parse(text))).toBe(text);
    }));
    expect(() => canonicalJson({ x: Number.NaN })).toThrow();
  });
});
