import { createCanaryMask } from '../../../core/scoring/canary-mask.ts';
import { describe, expect, it } from 'vitest';
import { installAudit } from '../../../core/audit/install-audit.ts';
import { buildRouter } from '../../../core/build-router.ts';
import { HttpError, errorResponse } from '../../../core/http-error.ts';
import { auditRoutes } from '../../../core/routes/audit.ts';
import { createDecisions, type DecisionParts } from '../../../core/decisions/decide.ts';
import { evaluateRoutes } from '../../../core/routes/proxy-evaluate.ts';
import type { Evaluation } from '../../../core/scoring/types.ts';
import { BASE, LOOPBACK, createTestApp } from '../../support/test-app.ts';

const SESSION = '33333333-3333-4333-8333-333333333333';

/** Denies anything with "evil" in it, queues FileWrite, allows the rest. */
const engine: DecisionParts['engine'] = {
  evaluate(call) {
    const text = JSON.stringify(call);
    const decision = text.includes('evil') ? 'deny' : call.type === 'FileWrite' ? 'queue' : 'allow';
    const score = decision === 'deny' ? 9 : decision === 'queue' ? 6 : 1;
    const evaluation: Evaluation = {
      result: {
        composite_score: score,
        action: decision === 'queue' ? 'queue(Medium)' : decision === 'deny' ? 'deny(egress)' : 'allow',
        decision_reason: decision,
        evaluation_time_ms: 0.2,
        filters_evaluated: 1,
        filter_results: [{ filter_name: 'Network Egress', matched: decision === 'deny', score, severity: 'error', message: '' }],
      },
      decision,
      priority: decision === 'queue' ? 'Medium' : null,
      severity: decision === 'deny' ? 'error' : 'notice',
      learned: false,
    };
    return evaluation;
  },
};

async function setup() {
  const t = await createTestApp();
  const services = t.app.services;
  const audit = await installAudit(services);
  const decisions = createDecisions({
    storage: t.storage, engine, audit, digest: services.digest, onboarding: services.onboarding,
    analytics: services.analytics, hub: services.hub, notifier: services.notifications, sessions: services.supervisor.calls, canaryMask: createCanaryMask(services.engine.canaries), log: t.deps.log,
  });
  const { router } = buildRouter([...auditRoutes({ audit }), ...evaluateRoutes({ decisions })], services);
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      const response = (await router.fetch(new Request(`${BASE}${path}`, init), LOOPBACK)) as Response | undefined;
      return response ?? new Response('not found', { status: 404 });
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      throw error;
    }
  }
  const read = (path: string) => send(path, { headers: { 'x-svc-csrf': t.dashboardToken! } });
  const evaluate = async (toolCall: object, extra: object = {}) =>
    send('/api/proxy/evaluate', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.daemonToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_call: toolCall, ...extra }),
    });
  return { ...t, audit, send, read, evaluate };
}

describe('audit routes over HTTP', () => {
  it('evaluate answers with audit_id once durable, and the record is served by list, get and session', async () => {
    const { evaluate, read } = await setup();
    const res = await evaluate({ type: 'HttpRequest', method: 'GET', url: 'https://example.com/?token=abcd1234efgh' }, { session_id: SESSION, supervised: { tool: 'claude', pid: 7, project_name: 'p' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { audit_id: string; composite_score: number; action: string };
    expect(body).toMatchObject({ composite_score: 1, action: 'allow' });
    const list = (await (await read('/api/audit')).json()) as { records: Array<Record<string, unknown>>; total: number; limit: number; offset: number; include: string };
    expect(list).toMatchObject({ total: 1, limit: 20, offset: 0, include: 'full' });
    expect(list.records[0]).toMatchObject({ id: body.audit_id, plugin_id: 'supervisor:claude', supervised_pid: 7, project_name: 'p', proxy_action: 'allow' });
    expect(String(list.records[0]!.arguments_summary)).not.toContain('abcd1234efgh');
    expect(await (await read(`/api/audit/${body.audit_id}`)).json()).toEqual(list.records[0]);
    const session = (await (await read(`/api/audit?session_id=${SESSION}`)).json()) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(['records', 'total']);
    expect((await read('/api/audit/unknown-id')).status).toBe(404);
  });

  it('an audit read asked while the start-up check of the whole chain runs is answered once the check is done', async () => {
    const { audit, app, dashboardToken, evaluate } = await setup();
    await evaluate({ type: 'HttpRequest', method: 'GET', url: 'https://example.com/' });
    let finish!: () => void;
    const checking = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { router } = buildRouter(auditRoutes({ audit: { ...audit, ready: checking } }), app.services);
    let answered = false;
    const pending = Promise.resolve(router.fetch(new Request(`${BASE}/api/audit`, { headers: { 'x-svc-csrf': dashboardToken! } }), LOOPBACK)).then((response: Response | undefined) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    finish();
    const response = await pending;
    expect(response?.status).toBe(200);
    expect(((await response!.json()) as { total: number }).total).toBe(1);
  });

  it('audit routes need the dashboard token (401) and validate their queries (400)', async () => {
    const { send, read } = await setup();
    const res = await send('/api/audit');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('DASHBOARD_AUTH_REQUIRED');
    expect((await read('/api/audit?session_id=nope')).status).toBe(400);
    expect((await read('/api/audit?limit=abc')).status).toBe(400);
    expect((await read('/api/audit/export?format=xml')).status).toBe(400);
    expect((await read('/api/audit/export?from_date=2025-02-30')).status).toBe(400);
    expect(((await (await read('/api/audit?limit=1000')).json()) as { limit: number }).limit).toBe(100);
  });

  it('summary falls back to 7d; exfil-stats and a streamed CSV export', async () => {
    const { evaluate, read } = await setup();
    await evaluate({ type: 'HttpRequest', method: 'POST', url: 'https://evil.example.net/up' });
    await evaluate({ type: 'FileWrite', path: '/home/a/.bashrc', content_hash: 'x' });
    expect(await (await read('/api/audit/summary?window=fortnight')).json()).toMatchObject({ window: '7d', total: 2, deny: 1, queue: 1, allow: 0 });
    expect(await (await read('/api/audit/exfil-stats')).json()).toEqual({
      total_blocked: 1, total_queued: 0, total_redacted: 0, by_protocol: { https: 1 }, top_blocked_destinations: [{ domain: 'evil.example.net', count: 1 }],
    });
    const csv = await read('/api/audit/export?format=csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(3);
    const exported = (await (await read('/api/audit/export')).json()) as { records: unknown[]; count: number };
    expect(exported.count).toBe(2);
  });

  it('a tampered chain answers 500 AUDIT_CHAIN_BROKEN on every audit route and health shows audit_quarantined', async () => {
    const { evaluate, read, storage, request } = await setup();
    await evaluate({ type: 'FileRead', path: '/tmp/a' });
    await evaluate({ type: 'FileRead', path: '/tmp/b' });
    storage.run("UPDATE audit_records SET body = replace(body, '/tmp/a', '/tmp/z') WHERE sequence = 1");
    for (const path of ['/api/audit', '/api/audit/summary', '/api/audit/export', '/api/audit/exfil-stats', '/api/audit/some-id']) {
      const res = await read(path);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { code: string }).code).toBe('AUDIT_CHAIN_BROKEN');
    }
    const health = (await (await request('/api/health')).json()) as Record<string, unknown>;
    expect(health.audit_quarantined).toBe(true);
    expect((health.subsystems as Record<string, { status: string }>).audit!.status).toBe('error');
  });

  it('a missing anchor answers 503 AUDIT_CHAIN_UNANCHORED', async () => {
    const { evaluate, read, storage } = await setup();
    await evaluate({ type: 'FileRead', path: '/tmp/a' });
    storage.run('DELETE FROM audit_anchor');
    const res = await read('/api/audit/summary');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('AUDIT_CHAIN_UNANCHORED');
  });

  it('a failed durable write is never acknowledged: 503 AUDIT_READ_ONLY, health shows audit_read_only', async () => {
    const { evaluate, storage, request } = await setup();
    storage.failWrites();
    const first = await evaluate({ type: 'FileRead', path: '/tmp/a' });
    expect(first.status).toBe(503);
    expect(((await first.json()) as { code: string }).code).toBe('AUDIT_READ_ONLY');
    expect((await evaluate({ type: 'FileRead', path: '/tmp/b' })).status).toBe(503);
    const health = (await (await request('/api/health')).json()) as Record<string, unknown>;
    expect(health.audit_read_only).toBe(true);
  });
});
