/**
 * The quarantine digest over real sockets: listing, every review action and
 * its wrong-state answer, webhook review with single-use nonces, waiting
 * callers, live events, restart survival and the review timeout. Queued items
 * are made through `POST /api/proxy/evaluate` (daemon bearer), so the rules
 * that need one run once that route is served.
 */
import { describe, expect, it } from 'vitest';
import type { ConformanceContext } from './context.ts';
import { SHARED_CONFIG } from './context.ts';
import { QUEUED_CALL, SENSITIVE_READ, digestClient, type DigestClient } from './digest-client.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

const ACTIONS = ['approve', 'deny', 'learn', 'escalate', 'unlock-egress', 'deny-terminate', 'allow-always'];
let sessions = 0;
const newSession = (tag: string) => `digest-${tag}-${Date.now()}-${++sessions}`;

/** Lazily binds one client to the shared instance. */
function sharedClient(ctx: ConformanceContext) {
  let client: DigestClient | null = null;
  return async () => (client ??= await digestClient(ctx.baseUrl, ctx.configDir));
}

/** Everything: the route rules and the end-to-end flows. */
export function digestSuite(ctx: ConformanceContext): void {
  digestRouteSuite(ctx);
  digestFlowSuite(ctx);
}

/** The digest routes' rules that need no queued item (auth, paging, 404, 400). */
export function digestRouteSuite(ctx: ConformanceContext): void {
  const c = sharedClient(ctx);
  describe('digest: routes without a queued item', () => {
    it('GET /api/digest needs the dashboard token and answers the page shape', async () => {
      const d = await c();
      const refused = await d.get('/api/digest', false);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('DASHBOARD_AUTH_REQUIRED');
      const { status, body } = await d.get('/api/digest');
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['escalated_count', 'items', 'limit', 'offset', 'pending_count', 'total']);
      expect(body.total).toBe(body.pending_count + body.escalated_count);
      expect(body).toMatchObject({ limit: 20, offset: 0 });
    });

    it('a limit over 100 is clamped; a bad limit is 400 INVALID_QUERY', async () => {
      const d = await c();
      expect((await d.get('/api/digest?limit=1000')).body.limit).toBe(100);
      const bad = await d.get('/api/digest?limit=zero');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_QUERY');
    });

    it('every review action on an unknown id answers 404 NOT_FOUND', async () => {
      const d = await c();
      for (const action of ACTIONS) {
        const res = await d.post(`/api/digest/00000000-0000-4000-8000-000000000000/${action}`, { notes: 'x' });
        expect(res.status, action).toBe(404);
        expect(res.body.code, action).toBe('NOT_FOUND');
      }
    });

    it('review actions need the CSRF header (403 CSRF_REQUIRED)', async () => {
      const d = await c();
      for (const path of ['/api/digest/clear-all', '/api/digest/x/approve']) {
        const res = await d.post(path, undefined, false);
        expect(res.status, path).toBe(403);
        expect(res.body.code).toBe('CSRF_REQUIRED');
      }
    });

    it('webhook-review refuses an action other than approve, deny, escalate with 400 INVALID_ACTION', async () => {
      const d = await c();
      const res = await d.bare('/api/digest/anything/webhook-review', { action: 'learn', nonce: 'n', reviewer: 'r', notes: '' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_ACTION');
    });

    it('the digest IPC routes need the daemon bearer token and answer 404 for an unknown item', async () => {
      const d = await c();
      expect((await d.bare('/api/ipc/digest/nope/review-nonce')).status).toBe(401);
      expect((await d.ipcPost('/api/ipc/digest/nope/review-nonce')).status).toBe(404);
      expect((await d.ipcGet('/api/ipc/digest/items/nope')).status).toBe(404);
    });
  });
}

/**
 * Queued calls end to end (items made through POST /api/proxy/evaluate):
 * every action and its effect, webhook review, waiting callers, live events,
 * restart survival and the review timeout.
 */
export function digestFlowSuite(ctx: ConformanceContext): void {
  const c = sharedClient(ctx);
  describe('digest: queued calls end to end', () => {
    it('a queue decision files a pending item with every spec field, announced as digest_queued on /ws/live', async () => {
      const d = await c();
      const live = await d.listen('/ws/live');
      try {
        const session = newSession('file');
        const id = await d.queue(session, QUEUED_CALL, { task_context: { task: 'setup' } });
        const event = await live.next((e) => e.type === 'digest_queued' && e.data.id === id);
        expect(typeof event.at).toBe('string');
        const item = (await d.ipcGet(`/api/ipc/digest/items/${id}`)).body;
        expect(item).toMatchObject({ id, session_id: session, tool_call_type: 'FileWrite', status: 'pending', informational_only: false, review_action: null });
        for (const field of ['created_at', 'arguments_summary', 'decision_reason', 'severity', 'plugin_id']) expect(typeof item[field], field).toBe('string');
        expect(typeof item.composite_score).toBe('number');
        expect(Array.isArray(item.filter_breakdown)).toBe(true);
        const list = (await d.get('/api/digest?limit=100')).body;
        expect(list.items.map((i: { id: string }) => i.id)).toContain(id);
        const scores = list.items.map((i: { composite_score: number }) => i.composite_score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      } finally {
        live.close();
      }
    });

    it('every decision goes to /ws/live as proxy_evaluation {type, data, at}, queued ones with their digest_id', async () => {
      const d = await c();
      const live = await d.listen('/ws/live');
      try {
        const session = newSession('evaluation');
        const id = await d.queue(session);
        const event = await live.next((e) => e.type === 'proxy_evaluation' && e.data.digest_id === id);
        expect(typeof event.at).toBe('string');
        expect(event.data).toMatchObject({ digest_id: id });
      } finally {
        live.close();
      }
    });

    it('approve wakes the long-poll and sends review to /ws/supervisor/{session_id}', async () => {
      const d = await c();
      const session = newSession('approve');
      const sup = await d.listen(`/ws/supervisor/${session}`);
      try {
        const id = await d.queue(session);
        const waiting = d.ipcGet(`/api/ipc/digest/items/${id}/wait?timeout_ms=20000`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await d.post(`/api/digest/${id}/approve`, { notes: 'ok' })).body).toEqual({ status: 'approved', id });
        const waited = await waiting;
        expect(waited.body).toMatchObject({ resolved: true, item: { status: 'approved', review_action: 'approve', reviewer_notes: 'ok', outcome: 'allow' } });
        const review = await sup.next((e) => e.type === 'review');
        expect(review.data).toMatchObject({ digest_id: id, status: 'approved', review_action: 'approve' });
      } finally {
        sup.close();
      }
    });

    it('escalate keeps the item open; a second escalate is 409 ITEM_NOT_PENDING; after deny, approve is 409 ITEM_ALREADY_REVIEWED', async () => {
      const d = await c();
      const id = await d.queue(newSession('states'));
      expect((await d.post(`/api/digest/${id}/escalate`)).body).toEqual({ status: 'escalated', id });
      const item = (await d.ipcGet(`/api/ipc/digest/items/${id}`)).body;
      expect(item).toMatchObject({ status: 'escalated', escalated_by: 'dashboard' });
      expect(typeof item.escalated_at).toBe('string');
      const again = await d.post(`/api/digest/${id}/escalate`);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ITEM_NOT_PENDING');
      expect((await d.post(`/api/digest/${id}/deny`)).body).toEqual({ status: 'denied', id });
      for (const action of ACTIONS) {
        const res = await d.post(`/api/digest/${id}/${action}`);
        expect(res.status, action).toBe(409);
        expect(res.body.code, action).toBe('ITEM_ALREADY_REVIEWED');
      }
    });

    it('learn echoes learned, stores approved, and the same call is allowed from then on', async () => {
      const d = await c();
      const call = { type: 'FileWrite', path: `/home/dev/.zshrc-${Date.now()}`, content_hash: 'abc' };
      const id = await d.queue(newSession('learn'), call);
      expect((await d.post(`/api/digest/${id}/learn`)).body).toEqual({ status: 'learned', id });
      expect((await d.ipcGet(`/api/ipc/digest/items/${id}`)).body).toMatchObject({ status: 'approved', review_action: 'learn' });
      const again = await d.evaluate(call, { session_id: newSession('learn2') });
      expect(again.action).toBe('allow');
      expect(again.digest_id).toBeUndefined();
    });

    it('allow-always allows the same target with other arguments', async () => {
      const d = await c();
      const path = `/home/dev/.profile-${Date.now()}`;
      const id = await d.queue(newSession('always'), { type: 'FileWrite', path, content_hash: 'one' });
      expect((await d.post(`/api/digest/${id}/allow-always`)).body).toEqual({ status: 'allowed_always', id });
      const again = await d.evaluate({ type: 'FileWrite', path, content_hash: 'two' }, { session_id: newSession('always2') });
      expect(again.action).toBe('allow');
    });

    it('deny-terminate sends terminate over /ws/supervisor/{session_id}', async () => {
      const d = await c();
      const session = newSession('terminate');
      const sup = await d.listen(`/ws/supervisor/${session}`);
      try {
        const id = await d.queue(session);
        expect((await d.post(`/api/digest/${id}/deny-terminate`, { notes: 'stop' })).body).toEqual({ status: 'terminated', id });
        const event = await sup.next((e) => e.type === 'terminate');
        expect(event.data).toEqual({ session_id: session, digest_id: id, reason: 'stop' });
        expect((await d.ipcGet(`/api/ipc/digest/items/${id}`)).body).toMatchObject({ status: 'denied', review_action: 'deny_and_terminate' });
      } finally {
        sup.close();
      }
    });

    it('unlock-egress approves and releases the session containment', async () => {
      const d = await c();
      const session = newSession('unlock');
      const id = await d.queue(session, SENSITIVE_READ);
      const res = await d.post(`/api/digest/${id}/unlock-egress`);
      expect(res.body).toEqual({ status: 'egress_unlocked', id, containment_released: true });
      expect((await d.ipcGet(`/api/ipc/digest/items/${id}`)).body).toMatchObject({ status: 'approved', review_action: 'unlock_egress' });
    });

    it('a self-resolved queue decision is filed informational_only and still pending', async () => {
      const d = await c();
      const id = await d.queue(newSession('info'), QUEUED_CALL, { self_resolved: 'allowed' });
      expect((await d.ipcGet(`/api/ipc/digest/items/${id}`)).body).toMatchObject({ status: 'pending', informational_only: true });
    });

    it('webhook review: a nonce works once; two concurrent uses, exactly one succeeds', async () => {
      const d = await c();
      const id = await d.queue(newSession('webhook'));
      const { nonce } = (await d.ipcPost(`/api/ipc/digest/${id}/review-nonce`)).body as { nonce: string };
      expect(nonce).toMatch(/^[0-9a-f]{64}$/);
      const body = (action: string) => ({ action, nonce, reviewer: 'alice', notes: 'from chat' });
      const results = await Promise.all([
        d.bare(`/api/digest/${id}/webhook-review`, body('approve')),
        d.bare(`/api/digest/${id}/webhook-review`, body('deny')),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
      expect(results.find((r) => r.status === 200)!.body.status).toBe('reviewed');
      expect(results.find((r) => r.status === 403)!.body.code).toBe('NONCE_INVALID');
      const second = await d.ipcPost(`/api/ipc/digest/${id}/review-nonce`);
      const late = await d.bare(`/api/digest/${id}/webhook-review`, { ...body('approve'), nonce: second.body.nonce });
      expect(late.status).toBe(409);
    });

    it('clear-all expires every open item with review_action clear', async () => {
      const d = await c();
      const live = await d.listen('/ws/live');
      try {
        const id = await d.queue(newSession('clear'));
        const res = await d.post('/api/digest/clear-all');
        expect(res.body.status).toBe('cleared');
        expect(res.body.cleared).toBeGreaterThanOrEqual(1);
        expect((await d.ipcGet(`/api/ipc/digest/items/${id}`)).body).toMatchObject({ status: 'expired', review_action: 'clear' });
        expect((await d.get('/api/digest')).body.total).toBe(0);
        await live.next((e) => e.type === 'digest_reviewed' && e.data.digest_id === id && e.data.review_action === 'clear');
      } finally {
        live.close();
      }
    });
  });

  describe('digest: restart and review timeout', () => {
    it('items survive a restart, and an unreviewed item is auto-denied (expired) after review_timeout_seconds', async () => {
      const config = `${SHARED_CONFIG}[proxy]\nreview_timeout_seconds = 3\n`;
      const first = await ctx.launch({ files: { 'config.toml': config } });
      let id: string;
      try {
        id = await (await digestClient(first.baseUrl, first.configDir)).queue(newSession('restart'));
      } finally {
        await first.stop();
      }
      const second = await ctx.launch({ configDir: first.configDir });
      try {
        const d = await digestClient(second.baseUrl, second.configDir);
        const waited = await d.ipcGet(`/api/ipc/digest/items/${id}/wait?timeout_ms=15000`);
        expect(waited.body).toMatchObject({ resolved: true, item: { id, status: 'expired', review_action: null, outcome: 'deny' } });
      } finally {
        await second.stop();
      }
    }, HOST_STARTS_MS);
  });
}
