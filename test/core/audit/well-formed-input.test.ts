import { describe, expect, it } from 'vitest';
import { wellFormed, wellFormedJson } from '../../../core/http/well-formed.ts';
import { createTestApp } from '../../support/test-app.ts';

describe('client strings enter as well-formed Unicode', () => {
  it('lone surrogates become U+FFFD in keys and values; paired ones, NUL and U+FFFF stay', () => {
    const text = '{"a\\ud800":["\\udfffx","\\ud83d\\ude00","\\u0000\\uffff"],"__proto__":{"k":"\\udbff"}}';
    const value = wellFormedJson(JSON.parse(text), text) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['a\uFFFD', '__proto__']);
    expect(value['a\uFFFD']).toEqual(['\uFFFDx', '\uD83D\uDE00', '\u0000\uFFFF']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ k: '\uFFFD' });
    expect(wellFormed('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
  });

  it('an evaluate call with a lone surrogate in session_id is recorded well-formed and the chain still verifies', async () => {
    const t = await createTestApp();
    const res = await t.request('/api/proxy/evaluate', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.daemonToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_call: { type: 'FileRead', path: '/a\u0000\uDC00' }, session_id: 'a\uDFFFb' }),
    });
    expect(res.status).toBe(200);
    const listed = await t.request('/api/audit', { headers: { 'x-svc-csrf': t.dashboardToken! } });
    expect(listed.status).toBe(200);
    const { records } = (await listed.json()) as { records: Array<{ session_id: string }> };
    expect(records[0]!.session_id).toBe('a\uFFFDb');
  });
});
