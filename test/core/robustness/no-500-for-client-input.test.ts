import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';

const ODD_IDS = ['x', '..', '%2e%2e%2fetc', '%00', 'a'.repeat(600), '%E2%80%AE', 'CON', '-1', '1e309', '{id}'];
const ODD_BODIES: Array<string | undefined> = [
  undefined,
  '',
  'null',
  '[]',
  '"text"',
  '12',
  '{',
  '{"tool_call":null}',
  '{"tool_call":{"type":"ShellExec","command":["x"],"args":"y"}}',
  '{"label":{"a":1},"value":[1],"generate":"yes","notes":7,"action":null,"nonce":{},"code":5,"scope":"x","filters":{},"proxy":[],"name":"../x","rules":"r"}',
  JSON.stringify({ deep: JSON.parse('['.repeat(500) + ']'.repeat(500)) }),
  '\u0000\uffff',
];
const ODD_QUERIES = ['', '?limit=-5&offset=abc', '?limit=1e400&offset=1.5', '?window=%00&format=xml&include_cold=maybe&from_date=2026-13-45', '?session_id=..&include=%FF', '?timeout_ms=-1', '?limit=100&limit=2'];

describe('nothing a client sends gets a 500', () => {
  it('every route, with odd ids, bodies and queries, answers below 500', async () => {
    const t = await createTestApp({
      files: { 'config.toml': '[server.rate_limit]\ngeneral = 1000000\nwrite = 1000000\nproxy_test = 1000000\n' },
    });
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    let limited = 0;
    let sent = 0;
    const headers = {
      'content-type': 'application/json',
      'x-svc-csrf': t.dashboardToken ?? '',
      authorization: `Bearer ${t.daemonToken}`,
    };
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (template === '/api/server/shutdown') continue;
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        const ids = template.includes('{') ? ODD_IDS : ['-'];
        for (const id of ids) {
          const path = template.replace(/\{[^}]+\}/g, id);
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : ODD_BODIES;
          const queries = method === 'GET' ? ODD_QUERIES : [''];
          for (const body of bodies) {
            for (const query of queries) {
              const response = await t.request(`${path}${query}`, { method, headers, body });
              await response.arrayBuffer();
              sent++;
              if (response.status === 429) limited++;
              if (response.status >= 500 && response.status !== 503) failures.push(`${method} ${path}${query} ${String(body).slice(0, 40)} -> ${response.status}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(limited).toBe(0);
    expect(sent).toBeGreaterThan(1000);
  }, 120_000);
});
