/**
 * A canary in any client string, not only in the call's own fields (issue 16
 * point 4): in `session_id`, `plugin_id`, `source`, `task_context` (values and
 * keys), the supervised facts, the binaries' names and paths and MCP
 * arguments, in every encoding a recipient can undo, the call is found (scored
 * 9.5) and nothing stored or sent keeps the value or a recoverable encoding of
 * it: audit records and exports, digest items, analytics, /ws/live events,
 * webhook notifications, sessions, inventory, listener rewrites and every
 * stored row. A session registered with a canary in its fields is kept masked.
 */
import { describe, expect, it } from 'vitest';
import type { WsPeer } from '../../../core/realtime/ws-contract.ts';
import { createCanaryRegistry } from '../../../core/scoring/canary-registry.ts';
import { createLicenceMinter } from '../../conformance/pro-licence.ts';
import { ENCODINGS } from '../../support/canary-encodings.ts';
import { HIGH_LIMITS, proxyApp, send, snapshotStorage, type Json, type TestApp } from './helpers.ts';

const VALUE = 'Mk4-decoy_Rt8w2Lq9VzcaNary';
const SHA = 'ab'.repeat(32);
/** Canary calls queue (9.5 < 9.9), so they reach the digest and the notifications too. */
const CONFIG = [
  HIGH_LIMITS, '[proxy]', 'auto_allow_threshold = 0.1', 'auto_deny_threshold = 9.9', '',
  '[[notifications.channels]]', 'id = "ops"', 'type = "webhook"', 'url = "http://127.0.0.1:9/hook"', 'secret = "s"', '',
].join('\n');

/** The detector every stored or sent text must pass: the daemon's own folding, so every recoverable encoding counts. */
const detector = createCanaryRegistry({ randomBytes: (n) => new Uint8Array(n).fill(7) });
detector.add('probe', VALUE);
const carries = (text: string) => detector.scan([text]).length > 0;

const BENIGN = { type: 'FileRead', path: 'src/index.ts' };
/** Every place of an evaluate body a client string goes, with the limit its schema sets. */
const FIELDS: Array<{ name: string; max: number; body(payload: string, session: string): Json }> = [
  { name: 'session_id', max: 256, body: (p) => ({ tool_call: BENIGN, session_id: p }) },
  { name: 'plugin_id', max: 256, body: (p) => ({ tool_call: BENIGN, plugin_id: p }) },
  { name: 'source', max: 256, body: (p) => ({ tool_call: BENIGN, source: p }) },
  { name: 'task_context value', max: Infinity, body: (p) => ({ tool_call: BENIGN, task_context: { steps: [{ note: p }] } }) },
  { name: 'task_context key', max: Infinity, body: (p) => ({ tool_call: BENIGN, task_context: { [p]: 1 } }) },
  { name: 'supervised.tool', max: 128, body: (p) => ({ tool_call: BENIGN, supervised: { tool: p, pid: 42 } }) },
  { name: 'supervised.project_name', max: 256, body: (p) => ({ tool_call: BENIGN, supervised: { tool: 'claude', pid: 42, project_name: p } }) },
  { name: 'binaries name', max: 256, body: (p, s) => ({ tool_call: { type: 'ShellExec', command: 'ls', args: [] }, session_id: s, binaries: [{ name: p, path: '/usr/bin/ls', sha256: SHA }] }) },
  { name: 'binaries path', max: 4096, body: (p, s) => ({ tool_call: { type: 'ShellExec', command: 'ls', args: [] }, session_id: s, binaries: [{ name: 'ls', path: `/opt/${p}/ls`, sha256: SHA }] }) },
  { name: 'MCP path argument', max: Infinity, body: (p) => ({ tool_call: { type: 'McpToolCall', server: 'fs', tool: 'read_file', arguments: { path: p } } }) },
  { name: 'MCP nested argument', max: Infinity, body: (p) => ({ tool_call: { type: 'McpToolCall', server: 'fs', tool: 'list', arguments: { options: { globs: ['*.ts', p] } } } }) },
];

async function json(t: TestApp, path: string, headers: Record<string, string>): Promise<{ status: number; text: string; body: Json }> {
  const response = await t.request(path, { headers });
  const text = await response.text();
  return { status: response.status, text, body: response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Json) : {} };
}

describe('a canary in any client string is found, and never stored or sent in a form that gives it away', () => {
  it('every field, every encoding: scored 9.5; audit, exports, digest, analytics, live events, notifications, sessions, inventory and stored rows hold no recoverable form', async () => {
    const minter = await createLicenceMinter();
    const hooks: string[] = [];
    const t = await proxyApp({
      files: { 'config.toml': CONFIG, 'license.json': await minter.mint() },
      env: minter.env,
      deps: {
        fetch: (async (_url: unknown, init?: RequestInit) => {
          hooks.push(String(init?.body ?? ''));
          return new Response('ok');
        }) as typeof fetch,
      },
    });
    const live: string[] = [];
    const peer: WsPeer = { send: (text) => void live.push(text), close: () => {}, bufferedAmount: () => 0 };
    t.app.services.hub.addLive(peer);
    const dashboard = { 'x-svc-csrf': t.dashboardToken! };
    const daemon = { authorization: `Bearer ${t.daemonToken}` };
    expect((await send(t, 'POST', '/api/canaries', { body: { label: 'decoy', value: VALUE } })).status).toBe(201);

    // A session registered with canaries in its own fields, then a clean one the binaries cases run in.
    const payloads = ENCODINGS.map(([name, encode]) => [name, encode(VALUE)] as const);
    for (const [name, payload] of payloads) {
      const registered = await send(t, 'POST', '/api/supervisor/sessions', {
        body: { tool_name: 'claude', root_pid: 4242, command: `claude --resume ${payload}`.slice(0, 4096), project_name: payload.slice(0, 256), cwd: `/work/${payload}`.slice(0, 4096) },
      });
      expect(registered.status, name).toBe(201);
      expect(carries(registered.text), name).toBe(false);
      expect((await send(t, 'DELETE', `/api/supervisor/sessions/${registered.body.id as string}`)).status).toBe(200);
    }
    const session = (await send(t, 'POST', '/api/supervisor/sessions', { body: { tool_name: 'claude', root_pid: 4242 } })).body.id as string;

    const sent: Array<{ what: string; payload: string; auditId: string; digestId: string }> = [];
    for (const field of FIELDS) {
      for (const [name, payload] of payloads) {
        if (payload.length > field.max) continue;
        const response = await t.request('/api/proxy/evaluate', {
          method: 'POST',
          headers: { ...daemon, 'content-type': 'application/json' },
          body: JSON.stringify(field.body(payload, session)),
        });
        const text = await response.text();
        const what = `${field.name}, ${name}`;
        expect(response.status, what).toBe(200);
        const answer = JSON.parse(text) as Json;
        expect(answer.composite_score, what).toBe(9.5);
        expect(carries(text), what).toBe(false);
        sent.push({ what, payload, auditId: answer.audit_id as string, digestId: answer.digest_id as string });
      }
    }
    expect(sent.length).toBeGreaterThan(FIELDS.length * ENCODINGS.length * 0.9);

    // Everything served about those calls, and everything stored.
    const texts: Array<[string, string]> = [];
    for (let offset = 0; ; offset += 100) {
      const page = await json(t, `/api/audit?limit=100&offset=${offset}`, dashboard);
      expect(page.status).toBe(200);
      texts.push([`audit page ${offset}`, page.text]);
      if ((page.body.records as unknown[]).length < 100) break;
    }
    for (let offset = 0; ; offset += 100) {
      const page = await json(t, `/api/digest?limit=100&offset=${offset}`, dashboard);
      expect(page.status).toBe(200);
      texts.push([`digest page ${offset}`, page.text]);
      if ((page.body.items as unknown[]).length < 100) break;
    }
    for (const { what, auditId, digestId } of sent) {
      texts.push([`audit record (${what})`, (await json(t, `/api/audit/${auditId}`, dashboard)).text]);
      texts.push([`digest item (${what})`, (await json(t, `/api/ipc/digest/items/${digestId}`, daemon)).text]);
    }
    for (const path of [
      '/api/audit/export?format=json&limit=10000', '/api/audit/export?format=csv&limit=10000', '/api/audit/summary', '/api/audit/exfil-stats',
      '/api/analytics/v2/free', '/api/analytics/v2/pro', '/api/supervisor/sessions?state=all', `/api/inventory/${session}`,
      `/api/sessions/${session}/listener-rewrites`,
    ]) {
      const answer = await json(t, path, dashboard);
      expect(answer.status, path).toBe(200);
      texts.push([path, answer.text]);
    }
    await t.app.services.notifications.idle();
    expect(live.length).toBeGreaterThan(sent.length);
    expect(hooks.length).toBeGreaterThan(0);
    texts.push(...live.map((text, i) => [`live event ${i}`, text] as [string, string]));
    texts.push(...hooks.map((text, i) => [`notification ${i}`, text] as [string, string]));
    const stored = JSON.parse(snapshotStorage(t.storage)) as Array<[string, unknown[]]>;
    for (const [table, rows] of stored) rows.forEach((row, i) => texts.push([`stored ${table} row ${i}`, JSON.stringify(row)]));

    const leaks = texts.filter(([, text]) => carries(text) || sent.some(({ payload }) => text.includes(payload.slice(0, 24)))).map(([where]) => where);
    expect(leaks).toEqual([]);
    expect(texts.join('\n')).toContain('[REDACTED]');
  }, 120_000);
});
