import { describe, expect, it } from 'vitest';
import { summarizeArguments } from '../../../core/audit/summarize-arguments.ts';
import { callHeadline } from '../../../core/audit/call-headline.ts';

const summary = (call: Record<string, unknown>, length = 512) => summarizeArguments(call, (t) => t, length);

describe('the dashboard and the CLI name what a call acts on', () => {
  it('reads the target of each call type from its summary, even when the summary is cut', () => {
    const long = 'y'.repeat(2_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'ShellExec', command: 'rm', args: ['-rf', 'dist'], cwd: '/w', env: { A: long } }, 'rm -rf dist'],
      [{ type: 'ShellExec', command: 'git push --force origin main', args: [] }, 'git push --force origin main'],
      [{ type: 'ProcessSpawn', command: 'sh', args: ['-c', "echo 'hi' > out.txt", ''] }, "sh -c 'echo '\\''hi'\\'' > out.txt' ''"],
      [{ type: 'FileWrite', path: '/home/dev/.bashrc', content: long, content_hash: 'sha256:x' }, '/home/dev/.bashrc'],
      [{ type: 'FileRename', from: 'a.txt', to: 'b "q".txt' }, 'a.txt → b "q".txt'],
      [{ type: 'HttpRequest', method: 'POST', url: 'https://paste.example/u?x=1', body: long, headers: {} }, 'POST https://paste.example/u?x=1'],
      [{ type: 'McpToolCall', server: 'github', tool: 'create_gist', arguments: { files: long } }, 'github › create_gist'],
      [{ type: 'NetConnect', host: '203.0.113.9', port: 4444 }, '203.0.113.9:4444'],
      [{ type: 'NetListen', port: 8080 }, 'port 8080'],
      [{ type: 'DnsQuery', name: 'example.com', record_type: 'AXFR' }, 'example.com (AXFR)'],
    ];
    for (const [call, headline] of cases) expect(callHeadline(summary(call, 300))).toBe(headline);
  });
  it('falls back to the summary when its leading member is itself cut or it is not JSON', () => {
    const cut = summary({ type: 'ShellExec', command: 'x'.repeat(600) }, 100);
    expect(callHeadline(cut)).toBe(cut);
    expect(callHeadline('[withheld: carries a canary]')).toBe('[withheld: carries a canary]');
    expect(callHeadline('')).toBe('');
  });
  it('keeps redaction marks as they are', () => {
    expect(callHeadline('{"command":"curl -H \'Authorization: Bearer [REDACTED]\' https://api.example","args":[]}')).toBe("curl -H 'Authorization: Bearer [REDACTED]' https://api.example");
  });
});
