import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { DigestItemSchema, DigestListSchema } from '../../../core/schemas/digest.ts';
import type { FilterResult } from '../../../core/scoring/types.ts';
import { createMemoryStorage } from '../../../storage/memory.ts';
import { scoredDecision } from '../../support/scored-decision.ts';
import { digestKit, recordingPeer } from './digest-kit.ts';

const SPEC_FIELDS = [
  'id', 'created_at', 'session_id', 'tool_call_type', 'arguments_summary', 'decision_reason', 'composite_score',
  'severity', 'filter_breakdown', 'task_context', 'plugin_id', 'status', 'reviewed_at', 'review_action',
  'reviewer_notes', 'informational_only', 'escalated_at', 'escalated_by',
];

describe('digest filing', () => {
  it('a queue decision files a pending item with every spec field and returns digest_id', async () => {
    const kit = await digestKit();
    const id = await kit.file({ taskContext: { task: 'fix the build' } });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await (await kit.get('/api/digest')).json()) as { items: Record<string, unknown>[] };
    const item = body.items[0]!;
    expect(Object.keys(item).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(Value.Check(DigestItemSchema, item)).toBe(true);
    expect(item).toMatchObject({
      id, session_id: 'session-1', tool_call_type: 'ShellExec', composite_score: 5.5, severity: 'warning',
      status: 'pending', reviewed_at: null, review_action: null, reviewer_notes: null, informational_only: false,
      escalated_at: null, escalated_by: null, plugin_id: 'cli', task_context: { task: 'fix the build' },
      decision_reason: 'Score 5.5 is in the escalation zone', created_at: '2025-01-01T00:00:00.000Z',
    });
    expect(item.filter_breakdown).toEqual([{ filter_name: 'egress', matched: true, score: 5.5, severity: 'warning', message: 'egress' }]);
  });

  it('allow and deny decisions file nothing', async () => {
    const kit = await digestKit();
    for (const decision of ['allow', 'deny'] as const) {
      const { input, evaluation } = scoredDecision({ decision, priority: null });
      expect((await kit.app.services.decisions.record(input, evaluation)).digestId).toBeNull();
    }
    expect(((await (await kit.get('/api/digest')).json()) as { total: number }).total).toBe(0);
  });

  it('a supervised call gets plugin_id supervisor:<tool_name>', async () => {
    const kit = await digestKit();
    await kit.file({ supervised: { tool: 'claude', pid: 42, project_name: 'demo' } });
    const body = (await (await kit.get('/api/digest')).json()) as { items: Array<{ plugin_id: string }> };
    expect(body.items[0]!.plugin_id).toBe('supervisor:claude');
  });

  it('a self-resolved queue decision is filed informational_only and still pending, without a timeout', async () => {
    const kit = await digestKit();
    const id = await kit.file({ selfResolved: 'allowed' });
    const item = (await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as Record<string, unknown>;
    expect(item).toMatchObject({ informational_only: true, status: 'pending', self_resolution: 'allowed', expires_at: null });
    kit.time.advance(600_000);
    expect(((await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status).toBe('pending');
  });

  it('digest_queued goes to /ws/live with the item once it is durable', async () => {
    const kit = await digestKit();
    const live = recordingPeer();
    kit.app.services.hub.addLive(live.peer);
    const id = await kit.file();
    const [event] = live.ofType('digest_queued');
    expect(event).toBeDefined();
    expect(event!.data).toMatchObject({ id, status: 'pending' });
    expect(typeof event!.at).toBe('string');
  });

  it('the item, its digest_queued event and the decision carry the filter results the audit record holds, serialised once', async () => {
    const kit = await digestKit();
    const live = recordingPeer();
    kit.app.services.hub.addLive(live.peer);
    const results = [
      { filter_name: 'egress', matched: true, score: 5.5, severity: 'warning', message: 'egress to "x"' },
      { filter_name: 'quiet', matched: false, score: 0, severity: 'notice', message: 'No rule matched' },
    ] as const satisfies ReadonlyArray<FilterResult>;
    const { input, evaluation } = scoredDecision({ filterResults: [...results] });
    const decision = await kit.app.services.decisions.record(input, evaluation);
    const record = kit.app.services.audit.get(decision.auditId) as { filter_results: unknown[] };
    expect(record.filter_results).toEqual(results);
    expect(JSON.parse(decision.filterResultsJson!)).toEqual(results);
    const item = (await (await kit.ipc(`/api/ipc/digest/items/${decision.digestId}`)).json()) as { filter_breakdown: unknown };
    expect(item.filter_breakdown).toEqual(results);
    const [event] = live.ofType('digest_queued');
    expect(event!.data).toMatchObject({ id: decision.digestId, filter_breakdown: results, status: 'pending' });
    expect(Object.keys(event!.data as object).sort()).toEqual([...SPEC_FIELDS].sort());
  });

  it("a queued call's item refers to its audit record's filter results instead of repeating them", async () => {
    const kit = await digestKit();
    const results = [{ filter_name: 'egress', matched: true, score: 5.5, severity: 'warning', message: 'egress' }] as const satisfies ReadonlyArray<FilterResult>;
    const { input, evaluation } = scoredDecision({ filterResults: [...results] });
    const decision = await kit.app.services.decisions.record(input, evaluation);
    const sequence = (kit.app.services.audit.get(decision.auditId) as { sequence: number }).sequence;
    const row = kit.storage.get<{ filter_breakdown: string }>('SELECT filter_breakdown FROM digest_items WHERE id = ?', [decision.digestId]);
    expect(row!.filter_breakdown).toBe(`audit:${sequence}`);
    const listed = (await (await kit.get('/api/digest')).json()) as { items: Array<{ filter_breakdown: unknown }> };
    expect(listed.items.map((item) => item.filter_breakdown)).toEqual([results]);
    const item = (await (await kit.ipc(`/api/ipc/digest/items/${decision.digestId}`)).json()) as { filter_breakdown: unknown };
    expect(item.filter_breakdown).toEqual(results);
  });

  it('an item that holds its filter breakdown itself (filed before items referred to the audit record) reads it from its row', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const own = [{ filter_name: 'old', matched: true, score: 6, severity: 'warning', message: 'kept in the row' }];
    kit.storage.run('UPDATE digest_items SET filter_breakdown = ? WHERE id = ?', [JSON.stringify(own), id]);
    const item = (await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { filter_breakdown: unknown };
    expect(item.filter_breakdown).toEqual(own);
  });

  it("an item whose audit record went to a cold archive still shows that record's filter results", async () => {
    const kit = await digestKit();
    const results = [{ filter_name: 'egress', matched: true, score: 5.5, severity: 'warning', message: 'egress' }] as const satisfies ReadonlyArray<FilterResult>;
    const { input, evaluation } = scoredDecision({ filterResults: [...results], selfResolved: 'allowed' });
    const decision = await kit.app.services.decisions.record(input, evaluation);
    kit.time.advance(40 * 86_400_000);
    expect(await kit.app.services.audit.rotateCold()).toBeGreaterThan(0);
    expect(kit.app.services.audit.get(decision.auditId)).toBeUndefined();
    const item = (await (await kit.ipc(`/api/ipc/digest/items/${decision.digestId}`)).json()) as { filter_breakdown: unknown };
    expect(item.filter_breakdown).toEqual(results);
  });

  it('items survive a restart (they live in storage)', async () => {
    const storage = await createMemoryStorage();
    const first = await digestKit({ storage });
    const id = await first.file();
    first.app.services.digest.close();
    const second = await digestKit({ storage });
    const body = (await (await second.get('/api/digest')).json()) as { items: Array<{ id: string }> };
    expect(body.items.map((i) => i.id)).toEqual([id]);
  });
});

describe('GET /api/digest', () => {
  it('lists open items highest composite_score first with counts, informational rows included', async () => {
    const kit = await digestKit();
    const low = await kit.file({ compositeScore: 4 });
    const high = await kit.file({ compositeScore: 7.5 });
    const info = await kit.file({ compositeScore: 6, selfResolved: 'denied' });
    const closed = await kit.file({ compositeScore: 7.9 });
    await kit.post(`/api/digest/${closed}/approve`);
    await kit.post(`/api/digest/${low}/escalate`);
    const res = await kit.get('/api/digest');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Array<{ id: string }>; total: number; pending_count: number; escalated_count: number; limit: number; offset: number };
    expect(Value.Check(DigestListSchema, body)).toBe(true);
    expect(body.items.map((i) => i.id)).toEqual([high, info, low]);
    expect(body).toMatchObject({ total: 3, pending_count: 2, escalated_count: 1, limit: 20, offset: 0 });
  });

  it('pages with limit and offset; total counts every open item', async () => {
    const kit = await digestKit();
    for (let i = 0; i < 5; i++) await kit.file({ compositeScore: 4 + i / 10 });
    const body = (await (await kit.get('/api/digest?limit=2&offset=1')).json()) as { items: Array<{ composite_score: number }>; total: number; limit: number; offset: number };
    expect(body.items.map((i) => i.composite_score)).toEqual([4.3, 4.2]);
    expect(body).toMatchObject({ total: 5, limit: 2, offset: 1 });
  });

  it('a limit over 100 is clamped to 100', async () => {
    const kit = await digestKit();
    const body = (await (await kit.get('/api/digest?limit=500')).json()) as { limit: number };
    expect(body.limit).toBe(100);
  });

  it.each(['limit=0', 'limit=abc', 'offset=-1', 'limit=1.5', 'limit=1&limit=2'])('%s answers 400 INVALID_QUERY', async (q) => {
    const kit = await digestKit();
    const res = await kit.get(`/api/digest?${q}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_QUERY');
  });

  it('needs the dashboard token (401 DASHBOARD_AUTH_REQUIRED)', async () => {
    const kit = await digestKit();
    const res = await kit.request('/api/digest');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('DASHBOARD_AUTH_REQUIRED');
  });

  it('reports the digest subsystem on /api/health', async () => {
    const kit = await digestKit();
    await kit.file();
    const body = (await (await kit.request('/api/health')).json()) as { subsystems: Record<string, { status: string; message?: string }> };
    expect(body.subsystems.digest).toMatchObject({ status: 'ok', message: '1 pending, 0 escalated' });
  });
});

describe('proxy_evaluation', () => {
  it('every decision goes to /ws/live as proxy_evaluation, with digest_id when queued', async () => {
    const kit = await digestKit();
    const live = recordingPeer();
    kit.app.services.hub.addLive(live.peer);
    const allowed = scoredDecision({ decision: 'allow', priority: null });
    const first = await kit.app.services.decisions.record(allowed.input, allowed.evaluation);
    const queued = scoredDecision();
    const second = await kit.app.services.decisions.record(queued.input, queued.evaluation);
    const events = live.ofType('proxy_evaluation');
    expect(events.map((e) => [e.data.audit_id, e.data.decision, e.data.digest_id])).toEqual([
      [first.auditId, 'allow', null],
      [second.auditId, 'queue', second.digestId],
    ]);
    expect(events[1]!.data).toMatchObject({ tool_call_type: 'ShellExec', composite_score: 5.5, session_id: 'session-1' });
  });
});
