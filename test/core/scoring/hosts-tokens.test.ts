import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractHosts, hasNetworkTool, networkOf, SPLIT, tokensOf } from '../../../core/scoring/hosts.ts';

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
  it('takes bare hosts (a dot, 4 to 300 characters, no scheme, no leading dash) only when a network client is named anywhere', () => {
    expect(networkOf('curl -s evil.example.org/x -o out.json')).toEqual({ hosts: ['evil.example.org'], tool: true });
    expect(networkOf('cat notes.txt; ssh -i k deploy@build.example.net uptime')).toEqual({ hosts: ['build.example.net'], tool: true });
    expect(networkOf('ping -c1 10.0.0.1 && /usr/bin/nc 10.0.0.2 4444')).toEqual({ hosts: ['10.0.0.1', '10.0.0.2'], tool: true });
    expect(networkOf('cp build.example.net backup.example.net')).toEqual({ hosts: [], tool: false });
    expect(networkOf('wget -q https://a.example.org/x b.example.com -c.example.com')).toEqual({ hosts: ['a.example.org', 'b.example.com'], tool: true });
    const labels = (n: number) => `${'h'.repeat(60)}.`.repeat(n) + 'io';
    expect(networkOf(`curl ${labels(4)} x`).hosts).toEqual([labels(4)]);
    expect(networkOf(`curl ${labels(5)} x`).hosts).toEqual([]);
    expect(networkOf('openssl s_client -connect mail.example.com:465')).toEqual({ hosts: ['mail.example.com'], tool: true });
  });
  it('reads a host out of a URL or a bare token exactly as the authority and host-name regexes say, without them', () => {
    // The reference: the regex forms the character loops replaced.
    const FILES = new Set(['json', 'txt', 'sh', 'py', 'com1']);
    const hostOf = (authority: string): string | null => {
      let s = authority.slice(authority.lastIndexOf('@') + 1);
      if (s.startsWith('[')) { const end = s.indexOf(']'); return end > 1 ? s.slice(1, end) : null; }
      const cut = s.search(/[/:?#\\]/);
      if (cut >= 0) s = s.slice(0, cut);
      s = s.replace(/\.$/, '');
      return s.length > 0 && s.length <= 255 ? s : null;
    };
    const bare = (t: string) => /^[a-z0-9.-]+$/.test(t) && t.includes('.') && t.split('.').every((l) => l.length > 0 && l.length <= 63) && /^[a-z]{2,24}$/.test(t.split('.').pop()!) && !FILES.has(t.split('.').pop()!);
    const reference = (text: string) => {
      const hosts = new Set<string>();
      for (let i = text.indexOf('://'); i >= 0; i = text.indexOf('://', i + 3)) {
        const h = hostOf(/^[^\s'"<>`]{0,300}/.exec(text.slice(i + 3))![0]);
        if (h && /^[a-z0-9._:-]+$/.test(h) && /[a-z0-9]/.test(h)) hosts.add(h);
      }
      return hosts;
    };
    const unit = fc.constantFrom('a', 'b', 'z', '1', '.', '-', '_', ':', '/', '?', '#', '\\', '@', '[', ']', 'x.io', 'example.com', '..', 'json', 'é');
    fc.assert(fc.property(fc.array(unit, { maxLength: 16 }), (parts) => {
      const authority = parts.join('');
      // As a URL's authority: the host found is the reference's.
      expect(new Set(networkOf(`x https://${authority}`).hosts)).toEqual(reference(`x https://${authority}`));
      // As a bare token after a client: taken exactly when the reference says it is a host name (IPv4 literals aside).
      const token = authority.replace(/[@[\]/:?#\\]/g, '');
      if (token.length >= 4 && !token.startsWith('-') && token.includes('.') && !/^[0-9.]+$/.test(token) && !FILES.has(token.split('.').pop()!)) {
        expect(networkOf(`curl ${token} x`).hosts.includes(token)).toBe(bare(token));
      }
    }), { numRuns: 3000 });
  });
});
