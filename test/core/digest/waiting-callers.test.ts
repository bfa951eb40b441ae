import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../storage/memory.ts';
import { digestKit, manualTime, recordingPeer } from './digest-kit.ts';

type WaitBody = { resolved: boolean; item: { status: string; review_action: string | null; outcome: string | null; expires_at: string | null } };

const flushMicrotasks = () => new Promise((resolve) => setImmediate(resolve));

describe('waiting callers', () => {
  it('GET /api/ipc/digest/items/{id} gives the forensics of one item and needs the bearer token', async () => {
    const kit = await digestKit();
    const id = await kit.file({ supervised: { tool: 'claude', pid: 7, project_name: 'p' } });
    expect((await kit.request(`/api/ipc/digest/items/${id}`)).status).toBe(401);
    const res = await kit.ipc(`/api/ipc/digest/items/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id, audit_id: expect.stringMatching(/^[0-9a-f-]{36}$/), priority: 'Medium', source: 'cli', plugin_id: 'supervisor:claude',
      supervised: { tool: 'claude', pid: 7, project_name: 'p' }, outcome: null,
      expires_at: '2025-01-01T00:05:00.000Z', self_resolution: null, reviewed_by: null,
    });
    expect((await kit.ipc('/api/ipc/digest/items/missing')).status).toBe(404);
  });

  it('the long-poll answers as soon as the item is reviewed', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const waiting = kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=60000`);
    await flushMicrotasks();
    await kit.post(`/api/digest/${id}/approve`);
    const body = (await (await waiting).json()) as WaitBody;
    expect(body.resolved).toBe(true);
    expect(body.item).toMatchObject({ status: 'approved', review_action: 'approve', outcome: 'allow' });
  });

  it('the long-poll answers the current state when its timeout passes', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const waiting = kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=1000`);
    await flushMicrotasks();
    kit.time.advance(1_000);
    const body = (await (await waiting).json()) as WaitBody;
    expect(body).toMatchObject({ resolved: false, item: { status: 'pending', outcome: null } });
  });

  it('the long-poll of an already resolved item answers at once', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    await kit.post(`/api/digest/${id}/deny`);
    const body = (await (await kit.ipc(`/api/ipc/digest/items/${id}/wait`)).json()) as WaitBody;
    expect(body).toMatchObject({ resolved: true, item: { status: 'denied', outcome: 'deny' } });
  });

  it('escalation does not end the wait; the later approval does', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    let done = false;
    const waiting = kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=60000`).then((r) => ((done = true), r));
    await flushMicrotasks();
    await kit.post(`/api/digest/${id}/escalate`);
    await flushMicrotasks();
    expect(done).toBe(false);
    await kit.post(`/api/digest/${id}/approve`);
    expect(((await (await waiting).json()) as WaitBody).item.status).toBe('approved');
  });

  it.each(['abc', '-5', '1.5'])('timeout_ms=%s answers 400 INVALID_QUERY', async (value) => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=${value}`);
    expect(res.status).toBe(400);
  });

  it('a timeout_ms above 60000 is clamped to 60 s', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const waiting = kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=999999`);
    await flushMicrotasks();
    kit.time.advance(60_000);
    expect(((await (await waiting).json()) as WaitBody).resolved).toBe(false);
  });

  it('a resolution sends review to /ws/supervisor/{session_id}', async () => {
    const kit = await digestKit();
    const sup = recordingPeer();
    const other = recordingPeer();
    kit.app.services.hub.addSupervisor('session-1', sup.peer);
    kit.app.services.hub.addSupervisor('session-2', other.peer);
    const id = await kit.file();
    await kit.post(`/api/digest/${id}/approve`, { notes: 'ok' });
    expect(sup.ofType('review')).toEqual([
      expect.objectContaining({ type: 'review', data: expect.objectContaining({ digest_id: id, status: 'approved', review_action: 'approve', reviewer_notes: 'ok', outcome: 'allow' }) }),
    ]);
    expect(other.sent).toEqual([]);
  });
});

describe('review timeout (auto-deny)', () => {
  it('an item no one reviews expires after proxy.review_timeout_seconds; waiters and the session learn it', async () => {
    const kit = await digestKit({ files: { 'config.toml': '[proxy]\nreview_timeout_seconds = 10\n' } });
    const sup = recordingPeer();
    const live = recordingPeer();
    kit.app.services.hub.addSupervisor('session-1', sup.peer);
    kit.app.services.hub.addLive(live.peer);
    const id = await kit.file();
    const waiting = kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=60000`);
    await flushMicrotasks();
    kit.time.advance(9_999);
    await flushMicrotasks();
    expect(((await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status).toBe('pending');
    kit.time.advance(1);
    const body = (await (await waiting).json()) as WaitBody;
    expect(body).toMatchObject({ resolved: true, item: { status: 'expired', review_action: null, outcome: 'deny' } });
    expect(sup.ofType('review')[0]!.data).toMatchObject({ digest_id: id, status: 'expired', review_action: null, outcome: 'deny' });
    expect(live.ofType('digest_reviewed')[0]!.data).toMatchObject({ digest_id: id, status: 'expired' });
    const item = (await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as Record<string, unknown>;
    expect(item).toMatchObject({ reviewed_by: 'timeout', reviewed_at: '2025-01-01T00:00:10.000Z' });
  });

  it('the default timeout is 300 s', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    kit.time.advance(299_000);
    await flushMicrotasks();
    expect(((await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status).toBe('pending');
    kit.time.advance(1_000);
    await flushMicrotasks();
    expect(((await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status).toBe('expired');
  });

  it('a reviewed item is not expired later', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    await kit.post(`/api/digest/${id}/approve`);
    kit.time.advance(600_000);
    expect(((await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status).toBe('approved');
  });

  it('after a restart, timers are re-armed from created_at (and past deadlines fire at once)', async () => {
    const storage = await createMemoryStorage();
    const time = manualTime();
    const first = await digestKit({ storage, time });
    const old = await first.file();
    time.advance(200_000);
    const recent = await first.file();
    first.app.services.digest.close();
    time.advance(150_000); // 350 s after `old`, 150 s after `recent`; nothing armed while "down"
    const second = await digestKit({ storage, time });
    const status = async (id: string) => ((await (await second.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status;
    time.advance(0);
    await flushMicrotasks();
    expect(await status(old)).toBe('expired');
    expect(await status(recent)).toBe('pending');
    time.advance(150_000);
    await flushMicrotasks();
    expect(await status(recent)).toBe('expired');
  });

  it('closing the app releases waiters and timers', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const waiting = kit.ipc(`/api/ipc/digest/items/${id}/wait?timeout_ms=60000`);
    await flushMicrotasks();
    kit.app.services.digest.close();
    expect(((await (await waiting).json()) as WaitBody).resolved).toBe(false);
    kit.time.advance(600_000);
    await flushMicrotasks();
    expect(((await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as { status: string }).status).toBe('pending');
  });
});
