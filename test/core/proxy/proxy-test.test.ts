import { describe, expect, it } from 'vitest';
import { manualClock } from '../foundation/helpers.ts';
import { FILTER_RESULT_FIELDS, RESULT_FIELDS, SAMPLE, proxyApp, proxyTest, send, type Json } from './helpers.ts';

const SEVERITIES = ['notice', 'warning', 'error', 'critical'];

describe('POST /api/proxy/test: guard and bucket', () => {
  it.each([
    ['no x-svc-csrf', null],
    ['a wrong x-svc-csrf', 'not-the-token'],
  ])('%s answers 403 CSRF_REQUIRED', async (_name, token) => {
    const t = await proxyApp();
    const { status, body } = await send(t, 'POST', '/api/proxy/test', { token, body: { tool_call: SAMPLE.allow } });
    expect(status).toBe(403);
    expect(body.code).toBe('CSRF_REQUIRED');
  });

  it('counts in the ProxyTest bucket, not the Write bucket', async () => {
    const clock = manualClock();
    const t = await proxyApp({ now: clock.now, monotonic: clock.monotonic, files: { 'config.toml': '[server.rate_limit]\nproxy_test = 2\nwrite = 5\n' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await proxyTest(t, SAMPLE.allow)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await send(t, 'POST', '/api/canaries', { body: { label: 'still writable', generate: true } })).status).toBe(201);
  });
});

describe('POST /api/proxy/test: the proxy test result', () => {
  it.each(['allow', 'queue', 'deny'] as const)('a call the rules %s answers exactly the spec\'s result fields', async (kind) => {
    const t = await proxyApp();
    const { status, body } = await proxyTest(t, SAMPLE[kind]);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...RESULT_FIELDS].sort());
    expect(body).toMatchObject({
      composite_score: expect.any(Number),
      decision_reason: expect.any(String),
      evaluation_time_ms: expect.any(Number),
      filters_evaluated: expect.any(Number),
    });
    const results = body.filter_results as Json[];
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual([...FILTER_RESULT_FIELDS].sort());
      expect(SEVERITIES).toContain(r.severity);
    }
    const action = String(body.action);
    if (kind === 'allow') expect(action).toBe('allow');
    if (kind === 'queue') expect(action).toMatch(/^queue\((Low|Medium|High|Critical)\)$/);
    if (kind === 'deny') {
      expect(action).toMatch(/^deny\(.+\)$/);
      expect(action).toBe(`deny(${String(body.decision_reason)})`);
    }
  });

  it('scores with the running thresholds', async () => {
    const t = await proxyApp({ files: { 'config.toml': '[server.rate_limit]\nproxy_test = 1000\n[proxy]\nauto_allow_threshold = 0.1\nauto_deny_threshold = 0.2\n' } });
    const { body } = await proxyTest(t, { type: 'ShellExec', command: 'npm', args: ['test'] });
    expect(String(body.action)).toMatch(/^deny\(/);
  });

  it('a short-circuited call reports only the filters that ran', async () => {
    const t = await proxyApp();
    const { body } = await proxyTest(t, SAMPLE.deny);
    const total = t.app.services.engine.status().filters.filter((f) => f.enabled).length;
    expect(body.filters_evaluated as number).toBeLessThan(total);
  });

  it('ignores unknown top-level fields', async () => {
    const t = await proxyApp();
    const { status } = await proxyTest(t, SAMPLE.allow, { source: 'dashboard', plugin_id: 'x' });
    expect(status).toBe(200);
  });
});

describe('POST /api/proxy/test: an unparseable body answers 400 INVALID_TOOL_CALL with the reason', () => {
  it.each<[string, string | Uint8Array, RegExp]>([
    ['malformed JSON', '{"tool_call": ', /malformed JSON/],
    ['an empty body', '', /empty/],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), /UTF-8/],
    ['an array', '[]', /JSON object/],
    ['a string', '"FileRead"', /JSON object/],
    ['null', 'null', /JSON object/],
    ['a missing tool_call', '{}', /tool_call is required/],
    ['a null tool_call', '{"tool_call": null}', /tool_call must be an object/],
    ['a tool_call that is a string', '{"tool_call": "rm -rf /"}', /tool_call must be an object/],
    ['a tool_call without type', '{"tool_call": {"path": "x"}}', /tool_call\.type/],
    ['an unknown type', '{"tool_call": {"type": "Teleport", "path": "x"}}', /unknown tool call type 'Teleport'/],
    ['a missing required field', '{"tool_call": {"type": "HttpRequest", "method": "GET"}}', /tool_call/],
    ['a wrong field type', '{"tool_call": {"type": "NetConnect", "host": "a", "port": "80"}}', /tool_call\.port/],
    ['args that are not an array', '{"tool_call": {"type": "ShellExec", "command": "ls", "args": "-la"}}', /tool_call\.args/],
    ['an unknown field in the call', '{"tool_call": {"type": "FileRead", "path": "x", "mode": "r"}}', /Unexpected property/],
    ['a session_id that is not a string', '{"tool_call": {"type": "FileRead", "path": "x"}, "session_id": 7}', /session_id/],
    ['an empty session_id', '{"tool_call": {"type": "FileRead", "path": "x"}, "session_id": ""}', /session_id/],
  ])('%s', async (_name, raw, reason) => {
    const t = await proxyApp();
    const { status, body } = await send(t, 'POST', '/api/proxy/test', { raw });
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_TOOL_CALL');
    expect(String(body.error)).toMatch(reason);
  });

  it('a body over 1 MiB stays 413 PAYLOAD_TOO_LARGE', async () => {
    const t = await proxyApp();
    const big = JSON.stringify({ tool_call: { type: 'FileRead', path: 'x'.repeat(1024 * 1024 + 16) } });
    const { status, body } = await send(t, 'POST', '/api/proxy/test', { raw: big });
    expect(status).toBe(413);
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body just under 1 MiB is scored', async () => {
    const t = await proxyApp();
    const { status } = await proxyTest(t, { type: 'FileWrite', path: 'big.txt', content_hash: 'h', content: 'a'.repeat(1024 * 1024 - 200) });
    expect(status).toBe(200);
  });
});
