import { describe, expect, it } from 'vitest';
import { digestKit, recordingPeer } from './digest-kit.ts';

type Kit = Awaited<ReturnType<typeof digestKit>>;
type Item = Record<string, unknown> & { status: string };

const item = async (kit: Kit, id: string) => (await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as Item;

/** Files an item and brings it to `state` through the routes. */
async function itemIn(kit: Kit, state: 'pending' | 'escalated' | 'approved' | 'denied' | 'expired'): Promise<string> {
  const id = await kit.file();
  if (state === 'escalated') await kit.post(`/api/digest/${id}/escalate`);
  if (state === 'approved') await kit.post(`/api/digest/${id}/approve`);
  if (state === 'denied') await kit.post(`/api/digest/${id}/deny`);
  if (state === 'expired') kit.time.advance(301_000);
  expect((await item(kit, id)).status).toBe(state);
  return id;
}

const RESOLVING = [
  { route: 'approve', next: 'approved', action: 'approve', echo: 'approved' },
  { route: 'deny', next: 'denied', action: 'deny', echo: 'denied' },
  { route: 'learn', next: 'approved', action: 'learn', echo: 'learned' },
  { route: 'unlock-egress', next: 'approved', action: 'unlock_egress', echo: 'egress_unlocked' },
  { route: 'deny-terminate', next: 'denied', action: 'deny_and_terminate', echo: 'terminated' },
  { route: 'allow-always', next: 'approved', action: 'allow_always', echo: 'allowed_always' },
] as const;

describe('digest state table: resolving actions', () => {
  for (const row of RESOLVING) {
    for (const from of ['pending', 'escalated'] as const) {
      it(`${row.route} on a ${from} item stores ${row.next} with review_action ${row.action} and echoes ${row.echo}`, async () => {
        const kit = await digestKit();
        const id = await itemIn(kit, from);
        kit.time.advance(5_000);
        const res = await kit.post(`/api/digest/${id}/${row.route}`, { notes: 'looked fine' });
        expect(res.status).toBe(200);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toMatchObject({ status: row.echo, id });
        if (row.route === 'unlock-egress') expect(typeof body.containment_released).toBe('boolean');
        else expect(body).not.toHaveProperty('containment_released');
        expect(await item(kit, id)).toMatchObject({
          status: row.next, review_action: row.action, reviewer_notes: 'looked fine',
          reviewed_at: '2025-01-01T00:00:05.000Z', reviewed_by: 'dashboard',
        });
      });
    }
    for (const from of ['approved', 'denied', 'expired'] as const) {
      it(`${row.route} on an ${from} item answers 409 ITEM_ALREADY_REVIEWED and changes nothing`, async () => {
        const kit = await digestKit();
        const id = await itemIn(kit, from);
        const before = await item(kit, id);
        const res = await kit.post(`/api/digest/${id}/${row.route}`);
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ code: 'ITEM_ALREADY_REVIEWED', current_status: from });
        expect(await item(kit, id)).toEqual(before);
      });
    }
    it(`${row.route} on an unknown id answers 404 NOT_FOUND`, async () => {
      const kit = await digestKit();
      const res = await kit.post(`/api/digest/00000000-0000-4000-8000-000000000000/${row.route}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    });
  }

  it('without a body the notes are null', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    expect((await kit.post(`/api/digest/${id}/approve`)).status).toBe(200);
    expect((await item(kit, id)).reviewer_notes).toBeNull();
  });

  it('notes that are not a string answer 400 INVALID_REQUEST', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await kit.post(`/api/digest/${id}/approve`, { notes: 42 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_REQUEST');
    expect((await item(kit, id)).status).toBe('pending');
  });

  it('review actions need the CSRF header (403 CSRF_REQUIRED)', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await kit.request(`/api/digest/${id}/approve`, { method: 'POST' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('CSRF_REQUIRED');
  });
});

describe('digest state table: escalate', () => {
  it('escalate on a pending item keeps it open with escalated_at and escalated_by', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    kit.time.advance(2_000);
    const res = await kit.post(`/api/digest/${id}/escalate`, { notes: 'ask security' });
    expect(await res.json()).toEqual({ status: 'escalated', id });
    expect(await item(kit, id)).toMatchObject({
      status: 'escalated', escalated_at: '2025-01-01T00:00:02.000Z', escalated_by: 'dashboard',
      review_action: null, reviewed_at: null, reviewer_notes: 'ask security',
    });
    const list = (await (await kit.get('/api/digest')).json()) as { items: Array<{ id: string }>; escalated_count: number };
    expect(list.items.map((i) => i.id)).toEqual([id]);
    expect(list.escalated_count).toBe(1);
  });

  it('escalate on an escalated item answers 409 ITEM_NOT_PENDING', async () => {
    const kit = await digestKit();
    const id = await itemIn(kit, 'escalated');
    const res = await kit.post(`/api/digest/${id}/escalate`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'ITEM_NOT_PENDING', current_status: 'escalated' });
  });

  for (const from of ['approved', 'denied', 'expired'] as const) {
    it(`escalate on an ${from} item answers 409 ITEM_ALREADY_REVIEWED`, async () => {
      const kit = await digestKit();
      const id = await itemIn(kit, from);
      const res = await kit.post(`/api/digest/${id}/escalate`);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('ITEM_ALREADY_REVIEWED');
    });
  }

  it('escalate on an unknown id answers 404 NOT_FOUND', async () => {
    const kit = await digestKit();
    expect((await kit.post('/api/digest/nope/escalate')).status).toBe(404);
  });
});

describe('digest state table: clear-all', () => {
  it('clear-all expires every open item with review_action clear; rows remain', async () => {
    const kit = await digestKit();
    const pending = await itemIn(kit, 'pending');
    const escalated = await itemIn(kit, 'escalated');
    const approved = await itemIn(kit, 'approved');
    const res = await kit.post('/api/digest/clear-all');
    expect(await res.json()).toEqual({ status: 'cleared', cleared: 2 });
    for (const id of [pending, escalated]) {
      expect(await item(kit, id)).toMatchObject({ status: 'expired', review_action: 'clear', outcome: 'deny' });
      expect((await item(kit, id)).reviewed_at).not.toBeNull();
    }
    expect((await item(kit, approved)).status).toBe('approved');
    expect(((await (await kit.get('/api/digest')).json()) as { total: number }).total).toBe(0);
  });

  it('clear-all with nothing open answers cleared 0', async () => {
    const kit = await digestKit();
    expect(await (await kit.post('/api/digest/clear-all')).json()).toEqual({ status: 'cleared', cleared: 0 });
  });

  it('clear-all needs the CSRF header', async () => {
    const kit = await digestKit();
    expect((await kit.request('/api/digest/clear-all', { method: 'POST' })).status).toBe(403);
  });
});

describe('what the actions change', () => {
  it('deny-terminate sends terminate and review to the session over /ws/supervisor', async () => {
    const kit = await digestKit();
    const sup = recordingPeer();
    kit.app.services.hub.addSupervisor('session-1', sup.peer);
    const id = await kit.file();
    await kit.post(`/api/digest/${id}/deny-terminate`, { notes: 'exfiltration attempt' });
    expect(sup.ofType('terminate')).toEqual([
      expect.objectContaining({ data: { session_id: 'session-1', digest_id: id, reason: 'exfiltration attempt' } }),
    ]);
    expect(sup.ofType('review')[0]!.data).toMatchObject({ digest_id: id, status: 'denied', review_action: 'deny_and_terminate', outcome: 'deny' });
  });

  it('unlock-egress releases a contained session in the scoring engine and answers containment_released true', async () => {
    const kit = await digestKit();
    const { engine } = kit.app.services;
    engine.evaluate({ type: 'FileRead', path: '/home/dev/.ssh/id_rsa' }, { sessionId: 'contained-1', record: true });
    expect(engine.isContained('contained-1')).toBe(true);
    const id = await kit.file({ sessionId: 'contained-1' });
    const body = await (await kit.post(`/api/digest/${id}/unlock-egress`)).json();
    expect(body).toEqual({ status: 'egress_unlocked', id, containment_released: true });
    expect(engine.isContained('contained-1')).toBe(false);
  });

  it('unlock-egress for a session that is not contained reports containment_released false', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    expect(await (await kit.post(`/api/digest/${id}/unlock-egress`)).json()).toMatchObject({ containment_released: false });
  });

  it('every change goes to /ws/live as digest_reviewed', async () => {
    const kit = await digestKit();
    const live = recordingPeer();
    kit.app.services.hub.addLive(live.peer);
    const a = await kit.file();
    const b = await kit.file();
    await kit.post(`/api/digest/${a}/escalate`);
    await kit.post(`/api/digest/${a}/approve`);
    await kit.post('/api/digest/clear-all');
    expect(live.ofType('digest_reviewed').map((e) => [e.data.digest_id, e.data.status, e.data.review_action])).toEqual([
      [a, 'escalated', null],
      [a, 'approved', 'approve'],
      [b, 'expired', 'clear'],
    ]);
  });

  it('a review is durable before it is acknowledged: a failed flush answers 5xx and announces nothing', async () => {
    const kit = await digestKit();
    const sup = recordingPeer();
    kit.app.services.hub.addSupervisor('session-1', sup.peer);
    const id = await kit.file();
    kit.storage.failWrites();
    const res = await kit.post(`/api/digest/${id}/approve`);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(sup.ofType('review')).toEqual([]);
    // the store is now read-only: later writes answer 503 AUDIT_READ_ONLY
    const again = await kit.post(`/api/digest/${id}/deny`);
    expect(again.status).toBe(503);
  });
});

describe('digest state table: the 409 of a second reviewer', () => {
  it('an already reviewed item says how, by whom and when it was reviewed', async () => {
    const kit = await digestKit();
    const id = await itemIn(kit, 'approved');
    const res = await kit.post(`/api/digest/${id}/deny`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'ITEM_ALREADY_REVIEWED',
      current_status: 'approved',
      review_action: 'approve',
      reviewed_by: 'dashboard',
      reviewed_at: expect.any(String),
    });
  });
});
