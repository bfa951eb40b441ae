import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractHosts, hasNetworkTool, SPLIT, tokensOf } from '../../../core/scoring/hosts.ts';

describe('host tokenising', () => {
  it('tokensOf gives exactly the non-empty pieces of splitting on SPLIT, for every separator and any text', () => {
    // Every code unit: separator or not exactly as the regex says.
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      expect(tokensOf(s)).toEqual(s.split(SPLIT).filter((t) => t !== ''));
    }
    const unit = fc.constantFrom('a', 'b', '.', '/', ' ', '\t', '\n', '"', "'", '=', '|', ';', '&', '(', ')', ',', '`', '{', '}', '<', '>', '\u00a0', '\u2003', '\u3000', '\ufeff', 'é', '\ud83d');
    fc.assert(fc.property(fc.string({ unit, maxLength: 80 }), (text) => {
      expect(tokensOf(text)).toEqual(text.split(SPLIT).filter((t) => t !== ''));
    }), { numRuns: 2000 });
  });
  it('finds a network client and URL hosts exactly as the split tokens and the URL-end regex say, without building tokens', () => {
    const TOOLS = ['curl', 'wget', 'nc', 'ssh', 'invoke-webrequest', 'mosquitto_pub', 'ping', 'host'];
    const reference = (text: string) => text.split(SPLIT).some((t) => t.length > 0 && t.length <= 40 && TOOLS.includes(t.slice(t.lastIndexOf('/') + 1)));
    const unit = fc.constantFrom('curl', 'wget', 'nc', 'ssh', 'ping', 'host', 'invoke-webrequest', 'mosquitto_pub', 'x', '/', '/usr/bin/', ' ', '\t', '"', "'", '=', '|', ';', '\u00a0', '\u2003', 'é', '.', 'a'.repeat(38), '://', 'example.com', ':8080', '<', '`', '@');
    fc.assert(fc.property(fc.array(unit, { maxLength: 30 }), (parts) => {
      const text = parts.join('');
      expect(hasNetworkTool(text)).toBe(reference(text));
    }), { numRuns: 3000 });
    expect(extractHosts('curl -s https://evil.example.org/x?y=1 "http://a.b.example.com"')).toEqual(['evil.example.org', 'a.b.example.com']);
    expect(extractHosts(`x https://${'h'.repeat(200)}.com/${'p'.repeat(400)}`)).toEqual([`${'h'.repeat(200)}.com`]);
    expect(extractHosts('x https://a.example.org\u2028/b https://c.example.org\u3000/')).toEqual(['a.example.org', 'c.example.org']);
  });
});
