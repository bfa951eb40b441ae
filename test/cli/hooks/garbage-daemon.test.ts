/**
 * Fail closed when the daemon answers garbage: the real `svc hook` and the
 * decision path of `svc mcp` against a fake daemon (a plain HTTP server that
 * answers health as a daemon and then evaluations that are not decisions).
 * A call is let through only on an answer of the documented shape.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedEvaluation, checkedWait } from '../../../cli/hook/hook-daemon.ts';
import { svc } from '../run-svc.ts';
import { fixture } from './fixtures.ts';

let server: Server;
let url = '';
let configDir = '';
/** What the fake daemon answers to the next evaluation. */
let evaluation: unknown = null;

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'svc-garbage-'));
  await writeFile(join(configDir, 'daemon.token'), 'fake-daemon-token\n', { mode: 0o600 });
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/health')) return void res.end(JSON.stringify({ status: 'healthy', instance_id: 'fake', version: '0.4.0', protocol_version: 1 }));
      if (req.url?.startsWith('/api/proxy/evaluate')) return void res.end(JSON.stringify(evaluation));
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'no route', code: 'NOT_FOUND' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const GARBAGE: unknown[] = [
  { action: 'banana', decision_reason: 'x', filter_results: [] },
  { action: 'ALLOW', decision_reason: 'x', filter_results: [] },
  { action: 'allow' },
  { action: 'queue(High)', decision_reason: 'x', filter_results: [] },
  {},
  [1],
  'allow',
];

describe('a daemon that answers garbage', () => {
  it('svc hook refuses the call (fail closed) for an evaluation that is not a decision, and lets through only a documented allow', async () => {
    const input = JSON.stringify(fixture('claude-code', 'read-allow').input);
    for (const answer of GARBAGE) {
      evaluation = answer;
      const result = await svc(['--url', url, 'hook', 'claude-code'], { configDir, input });
      expect([JSON.stringify(answer), result.code]).toEqual([JSON.stringify(answer), 2]);
      expect(JSON.parse(result.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    }
    evaluation = { action: 'allow', decision_reason: 'Score 0.4 is below the allow threshold 3.0', filter_results: [] };
    const allowed = await svc(['--url', url, 'hook', 'claude-code'], { configDir, input });
    expect([allowed.code, allowed.stdout]).toEqual([0, '']);
  });

  it('the shared decision path (hook and MCP proxy) accepts only allow, queue(<priority>) with a digest item and deny(<reason>), and a wait answer of the documented shape', () => {
    for (const answer of GARBAGE) expect(() => checkedEvaluation(answer), JSON.stringify(answer)).toThrow();
    const base = { decision_reason: 'r', filter_results: [{ filter_name: 'f', matched: true, score: 1, message: 'm', severity: 'notice' }] };
    for (const action of ['allow', 'queue(Low)', 'queue(Critical)', 'deny(Touches an SSH key [ssh])']) {
      expect(checkedEvaluation({ ...base, action, digest_id: 'd1' }).action).toBe(action);
    }
    for (const wait of [{}, { resolved: true, item: { status: 'banana', outcome: 'allow', reviewer_notes: null } }, { resolved: 'yes', item: { status: 'approved', outcome: 'allow', reviewer_notes: null } }, { resolved: true, item: { status: 'approved', outcome: 'ALLOW', reviewer_notes: null } }]) {
      expect(() => checkedWait(wait)).toThrow();
    }
    expect(checkedWait({ resolved: true, item: { status: 'approved', outcome: 'allow', reviewer_notes: null, id: 'd1' } }).item.outcome).toBe('allow');
  });
});
