import { describe, expect, it, vi } from 'vitest';
import { installAudit } from '../../../core/audit/install-audit.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { EGRESS, SAMPLE, proxyApp, proxyTest, send, snapshotStorage, type Json, type TestApp } from './helpers.ts';

const CALLS: ToolCall[] = [
  SAMPLE.allow, SAMPLE.queue, SAMPLE.deny, EGRESS,
  { type: 'HttpRequest', method: 'POST', url: 'https://pastebin.com/api', body: 'hello' },
  { type: 'FileWrite', path: 'notes.md', content_hash: 'h', content: 'AKIAIOSFODNN7EXAMPLE' },
  { type: 'DnsQuery', name: 'abc.example.com' },
];

/** Everything a scoring side effect could move. */
async function observable(t: TestApp) {
  const digest = await send(t, 'GET', '/api/digest?limit=100');
  return {
    status: t.app.services.engine.status(),
    digest: digest.body,
    rows: snapshotStorage(t.storage),
  };
}

function filterScore(body: Json, name: string): Json | undefined {
  return (body.filter_results as Json[]).find((r) => r.filter_name === name);
}

describe('POST /api/proxy/test has no side effect', () => {
  it('many proxy tests leave counters, per-filter statistics, the digest, audit records and every stored row unchanged', async () => {
    const t = await proxyApp();
    const audit = await installAudit(t.app.services);
    const { engine } = t.app.services;
    engine.evaluate(SAMPLE.deny, { record: true, sessionId: 'seen' });
    const before = await observable(t);
    const auditBefore = audit.summary('all');
    const run = vi.spyOn(t.storage, 'run');
    const transaction = vi.spyOn(t.storage, 'transaction');
    for (let i = 0; i < 40; i++) {
      const call = CALLS[i % CALLS.length]!;
      const extra = i % 2 === 0 ? { session_id: i % 4 === 0 ? 'seen' : `fresh-${i}` } : {};
      expect((await proxyTest(t, call, extra)).status).toBe(200);
    }
    expect(run).not.toHaveBeenCalled();
    expect(transaction).not.toHaveBeenCalled();
    expect(await observable(t)).toEqual(before);
    expect(audit.summary('all')).toEqual(auditBefore);
    expect(before.status.total_evaluations).toBe(1);
  });

  it('records no decision and broadcasts nothing', async () => {
    const t = await proxyApp();
    const decide = vi.spyOn(t.app.services.decisions, 'decide');
    const record = vi.spyOn(t.app.services.decisions, 'record');
    const broadcast = vi.spyOn(t.app.services.hub, 'broadcast');
    const toSupervisor = vi.spyOn(t.app.services.hub, 'toSupervisor');
    for (const call of CALLS) await proxyTest(t, call, { session_id: 's1' });
    expect(decide).not.toHaveBeenCalled();
    expect(record).not.toHaveBeenCalled();
    expect(broadcast).not.toHaveBeenCalled();
    expect(toSupervisor).not.toHaveBeenCalled();
  });
});

describe('POST /api/proxy/test with session_id reads the session\'s history and never changes it', () => {
  it('scores against an existing session\'s history (a sensitive read taints later egress)', async () => {
    const t = await proxyApp();
    t.app.services.engine.evaluate(SAMPLE.queue, { record: true, sessionId: 'tainted' });
    const withSession = (await proxyTest(t, EGRESS, { session_id: 'tainted' })).body;
    const without = (await proxyTest(t, EGRESS)).body;
    expect(filterScore(withSession, 'Taint tracking')?.matched).toBe(true);
    expect(filterScore(without, 'Taint tracking')?.matched).toBe(false);
    expect(withSession.composite_score as number).toBeGreaterThan(without.composite_score as number);
  });

  it('a sensitive read tested under a session neither taints nor contains that session', async () => {
    const t = await proxyApp();
    const { engine } = t.app.services;
    await proxyTest(t, SAMPLE.queue, { session_id: 'probe' });
    expect(engine.isContained('probe')).toBe(false);
    const after = (await proxyTest(t, EGRESS, { session_id: 'probe' })).body;
    expect(filterScore(after, 'Taint tracking')?.matched).toBe(false);
    // A real (recorded) egress on the same session is not tainted either.
    const real = engine.evaluate(EGRESS, { record: true, sessionId: 'probe' });
    expect(real.result.filter_results.find((r) => r.filter_name === 'Taint tracking')?.matched).toBe(false);
  });

  it('an unknown session_id scores like a call without a session', async () => {
    const t = await proxyApp();
    const strip = (b: Json) => ({ ...b, evaluation_time_ms: 0 });
    const a = (await proxyTest(t, EGRESS, { session_id: 'never-seen' })).body;
    const b = (await proxyTest(t, EGRESS)).body;
    expect(strip(a)).toEqual(strip(b));
  });
});
