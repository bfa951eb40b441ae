/**
 * `POST /api/proxy/evaluate` "scores like /api/proxy/test" (contracts.md,
 * Daemon IPC): a body the proxy test answers 400 INVALID_TOOL_CALL (empty,
 * malformed JSON, bad UTF-8, not an object, a bad tool_call) is answered the
 * same by evaluate, and nothing is recorded.
 */
import { describe, expect, it } from 'vitest';
import { proxyApp } from './helpers.ts';

describe('POST /api/proxy/evaluate: an unparseable body answers 400 INVALID_TOOL_CALL as the proxy test does', () => {
  it.each<[string, string | Uint8Array, RegExp]>([
    ['malformed JSON', '{"tool_call": ', /malformed JSON/],
    ['an empty body', '', /empty/],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), /UTF-8/],
    ['an array', '[]', /JSON object/],
    ['null', 'null', /JSON object/],
    ['a tool_call without type', '{"tool_call": {"path": "x"}}', /tool_call/],
    ['a missing required field', '{"tool_call": {"type": "HttpRequest", "method": "GET"}}', /tool_call/],
  ])('%s', async (_name, raw, reason) => {
    const t = await proxyApp();
    const response = await t.request('/api/proxy/evaluate', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.daemonToken}`, 'content-type': 'application/json' },
      body: raw as BodyInit,
    });
    const body = (await response.json()) as { code: string; error: string };
    expect([response.status, body.code]).toEqual([400, 'INVALID_TOOL_CALL']);
    expect(body.error).toMatch(reason);
    expect(t.storage.all('SELECT 1 FROM audit_records')).toEqual([]);
  });
});
