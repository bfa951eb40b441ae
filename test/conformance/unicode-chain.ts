/**
 * No input can break the chain (issue 16.1): evaluate calls carrying
 * arbitrary full-Unicode strings (lone surrogates, NUL, U+FFFF, very long
 * strings) in every field are either refused with a 400 `{error, code}` or
 * recorded over one well-formed UTF-8 form; the chain then verifies through
 * `GET /api/audit`, and each record serves the well-formed form of what was sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

const special = fc.constantFrom('\uD800', '\uDFFF', 'a\uDFFFb', '\uDBFF\uD800', '\u0000', 'a\u0000b', '\uFFFF', '\uFFFE', '\u2028\u2029', '\uD83D\uDE00', '"\\/\b\f\n\r\t');
const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 24 }), special);
const str = fc.oneof(
  { weight: 6, arbitrary: fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')) },
  // Very long strings are 1k-40k UTF-16 units each (not 40k repeats of a
  // multi-unit piece: that made multi-megabyte bodies and timed the suite out).
  {
    weight: 1,
    arbitrary: fc
      .tuple(special, fc.integer({ min: 1_000, max: 40_000 }))
      .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n)),
  },
);
const dict = fc.dictionary(str, str, { maxKeys: 3 });
const toolCall = fc.oneof(
  fc.record({ type: fc.constant('FileRead'), path: str }),
  fc.record({ type: fc.constant('FileWrite'), path: str, content_hash: str, content: str }),
  fc.record({ type: fc.constant('FileRename'), from: str, to: str }),
  fc.record({ type: fc.constant('ShellExec'), command: str, args: fc.array(str, { maxLength: 3 }), cwd: str, env: dict }),
  fc.record({ type: fc.constant('HttpRequest'), method: str, url: str, headers: dict, body: str }),
  fc.record({ type: fc.constant('DnsQuery'), name: str, record_type: str }),
);
const body = fc.record(
  {
    tool_call: toolCall,
    session_id: str,
    plugin_id: str,
    source: str,
    task_context: fc.record({ note: str, list: fc.array(str, { maxLength: 3 }), map: dict }),
    supervised: fc.record({ tool: str, pid: fc.nat(), project_name: str }),
  },
  { requiredKeys: ['tool_call'] },
);

export function unicodeChainSuite(ctx: ConformanceContext): void {
  describe('no input can break the audit chain', () => {
    it('evaluate with arbitrary Unicode in every field: 200 with a well-formed record, or 400 {error, code}; the chain verifies', async () => {
      const daemon = await readToken(ctx.configDir, 'daemon.token');
      const dashboard = await readToken(ctx.configDir, 'dashboard.token');
      const recorded: Array<{ id: string; session_id: string | null }> = [];
      await fc.assert(
        fc.asyncProperty(body, async (sent) => {
          const res = await request(`${ctx.baseUrl}/api/proxy/evaluate`, {
            method: 'POST',
            headers: { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' },
            body: JSON.stringify(sent),
          });
          const answer = (await res.body.json()) as Record<string, unknown>;
          if (res.statusCode === 400) {
            expect(answer).toEqual({ error: expect.any(String), code: expect.any(String) });
            return;
          }
          expect(res.statusCode).toBe(200);
          recorded.push({ id: answer.audit_id as string, session_id: typeof sent.session_id === 'string' ? wellFormed(sent.session_id) : null });
        }),
        { numRuns: 40 },
      );
      expect(recorded.length).toBeGreaterThan(0);
      const listed = await request(`${ctx.baseUrl}/api/audit?limit=100`, { headers: { 'x-svc-csrf': dashboard } });
      expect(listed.statusCode).toBe(200);
      await listed.body.dump();
      for (const { id, session_id } of recorded) {
        const one = await request(`${ctx.baseUrl}/api/audit/${id}`, { headers: { 'x-svc-csrf': dashboard } });
        expect(one.statusCode).toBe(200);
        expect(((await one.body.json()) as Record<string, unknown>).session_id).toBe(session_id);
      }
      const health = (await (await request(`${ctx.baseUrl}/api/health`)).body.json()) as Record<string, unknown>;
      expect(health.audit_quarantined).toBeUndefined();
    }, 120_000);
  });
}
