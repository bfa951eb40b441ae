import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/audit/canonical-json.ts';
import { sha256Hex } from '../../../core/audit/sha256.ts';
import { describeArguments, summarizeArguments } from '../../../core/audit/summarize-arguments.ts';

const keep = (text: string) => text;
const long = 'x'.repeat(5_000);

describe('arguments_summary reads target first', () => {
  it('names what the call acts on before its bulky members, so a cut summary keeps it', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'FileWrite', content: long, content_hash: `sha256:${'a'.repeat(64)}`, path: '/home/dev/.ssh/config' }, '{"path":"/home/dev/.ssh/config","content":"xxx'],
      [{ type: 'HttpRequest', body: long, headers: { a: 'b' }, method: 'POST', url: 'https://paste.example/upload' }, '{"method":"POST","url":"https://paste.example/upload","body":"xxx'],
      [{ type: 'McpToolCall', arguments: { text: long }, server: 'github', tool: 'create_gist' }, '{"server":"github","tool":"create_gist","arguments":{"text":"xxx'],
      [{ type: 'ShellExec', args: ['-la'], command: 'ls', cwd: '/tmp', env: { A: long } }, '{"command":"ls","args":["-la"],"cwd":"/tmp","env":{"A":"xxx'],
    ];
    for (const [call, start] of cases) {
      const summary = summarizeArguments(call, keep, 200);
      expect(summary.startsWith(start), summary.slice(0, 80)).toBe(true);
      expect(summary).toHaveLength(200);
    }
  });
  it('keeps members it does not know in canonical order between the two groups, and is the whole JSON when short', () => {
    expect(summarizeArguments({ type: 'X', zeta: 1, alpha: [2], path: 'p', body: 'b' }, keep)).toBe('{"path":"p","alpha":[2],"zeta":1,"body":"b"}');
    expect(JSON.parse(summarizeArguments({ type: 'FileRead', path: '/a' }, keep))).toEqual({ path: '/a' });
  });
  it('hashes the canonical JSON of the whole call, whatever the summary order', () => {
    for (const call of [
      { type: 'FileWrite', content: 'c', content_hash: 'h', path: '/p' },
      { type: 'McpToolCall', arguments: { b: 1, a: [{ y: 1, x: 2 }] }, server: 's', tool: 't' },
      { zz: 1, type: 'Odd', aa: undefined },
    ]) {
      expect(describeArguments(call, keep).hash).toBe(sha256Hex(canonicalJson(call)));
    }
  });
});
