import { describe, expect, it } from 'vitest';
import { digestKit } from './digest-kit.ts';

type Kit = Awaited<ReturnType<typeof digestKit>>;

async function nonceFor(kit: Kit, id: string): Promise<string> {
  const res = await kit.ipc(`/api/ipc/digest/${id}/review-nonce`, 'POST');
  expect(res.status).toBe(200);
  return ((await res.json()) as { nonce: string }).nonce;
}

const hook = (kit: Kit, id: string, body: unknown) =>
  kit.request(`/api/digest/${id}/webhook-review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const code = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('webhook review', () => {
  it('review-nonce needs the daemon bearer token and a known item', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    expect((await kit.request(`/api/ipc/digest/${id}/review-nonce`, { method: 'POST' })).status).toBe(401);
    expect((await kit.ipc('/api/ipc/digest/unknown/review-nonce', 'POST')).status).toBe(404);
    expect(await nonceFor(kit, id)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('nonces are stored hashed, never in the clear', async () => {
    const kit = await digestKit();
    const nonce = await nonceFor(kit, await kit.file());
    const rows = kit.storage.all<{ nonce_hash: string }>('SELECT nonce_hash FROM digest_review_nonces');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.nonce_hash).not.toBe(nonce);
    expect(rows[0]!.nonce_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  for (const [action, status] of [['approve', 'approved'], ['deny', 'denied'], ['escalate', 'escalated']] as const) {
    it(`${action} with a valid nonce answers {status: reviewed, action} and moves the item to ${status}`, async () => {
      const kit = await digestKit();
      const id = await kit.file();
      const nonce = await nonceFor(kit, id);
      const res = await hook(kit, id, { action, nonce, reviewer: 'alice', notes: 'via slack' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'reviewed', action });
      const item = (await (await kit.ipc(`/api/ipc/digest/items/${id}`)).json()) as Record<string, unknown>;
      expect(item).toMatchObject({ status, reviewer_notes: 'via slack' });
      if (action === 'escalate') expect(item.escalated_by).toBe('webhook:alice');
      else expect(item).toMatchObject({ reviewed_by: 'webhook:alice', review_action: action });
    });
  }

  it('approve of an escalated item by webhook works (escalated is open)', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    await kit.post(`/api/digest/${id}/escalate`);
    const res = await hook(kit, id, { action: 'approve', nonce: await nonceFor(kit, id), reviewer: 'bob', notes: '' });
    expect(await res.json()).toEqual({ status: 'reviewed', action: 'approve' });
  });

  it('escalate of an already escalated item is no_action', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    await kit.post(`/api/digest/${id}/escalate`);
    const res = await hook(kit, id, { action: 'escalate', nonce: await nonceFor(kit, id), reviewer: 'bob', notes: '' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'no_action' });
  });

  it.each(['learn', 'allow-always', 'clear', '', 42, undefined])('action %s answers 400 INVALID_ACTION', async (action) => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await hook(kit, id, { action, nonce: await nonceFor(kit, id), reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(400);
    expect(await code(res)).toBe('INVALID_ACTION');
  });

  it('a wrong nonce answers 403 NONCE_INVALID', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    await nonceFor(kit, id);
    const res = await hook(kit, id, { action: 'approve', nonce: 'f'.repeat(64), reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(403);
    expect(await code(res)).toBe('NONCE_INVALID');
  });

  it('a missing nonce answers 403 NONCE_INVALID', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await hook(kit, id, { action: 'approve', reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(403);
    expect(await code(res)).toBe('NONCE_INVALID');
  });

  it('a nonce of another item answers 403 NONCE_INVALID', async () => {
    const kit = await digestKit();
    const a = await kit.file();
    const b = await kit.file();
    const res = await hook(kit, b, { action: 'approve', nonce: await nonceFor(kit, a), reviewer: 'x', notes: 'y' });
    expect(res.status).toBe(403);
    expect(await code(res)).toBe('NONCE_INVALID');
  });

  it('a spent nonce answers 403 NONCE_INVALID', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const nonce = await nonceFor(kit, id);
    expect((await hook(kit, id, { action: 'escalate', nonce, reviewer: 'a', notes: 'b' })).status).toBe(200);
    const res = await hook(kit, id, { action: 'approve', nonce, reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(403);
    expect(await code(res)).toBe('NONCE_INVALID');
  });

  it('an item that cannot take the action answers 409, and the nonce is spent', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const nonce = await nonceFor(kit, id);
    await kit.post(`/api/digest/${id}/deny`);
    const res = await hook(kit, id, { action: 'approve', nonce, reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(409);
    expect(await code(res)).toBe('ITEM_ALREADY_REVIEWED');
    expect(await code(await hook(kit, id, { action: 'approve', nonce, reviewer: 'a', notes: 'b' }))).toBe('NONCE_INVALID');
  });

  it('an unknown item answers 404 NOT_FOUND', async () => {
    const kit = await digestKit();
    const res = await hook(kit, 'no-such-item', { action: 'approve', nonce: 'x', reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(404);
    expect(await code(res)).toBe('NOT_FOUND');
  });

  it('reviewer or notes that are not strings answer 400 INVALID_REQUEST', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await hook(kit, id, { action: 'approve', nonce: await nonceFor(kit, id), reviewer: 1, notes: 'b' });
    expect(res.status).toBe(400);
    expect(await code(res)).toBe('INVALID_REQUEST');
  });

  it('needs no CSRF header (the nonce is the proof)', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const res = await hook(kit, id, { action: 'deny', nonce: await nonceFor(kit, id), reviewer: 'a', notes: 'b' });
    expect(res.status).toBe(200);
  });

  it('two concurrent uses of one nonce: exactly one succeeds', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const nonce = await nonceFor(kit, id);
    const results = await Promise.all([
      hook(kit, id, { action: 'approve', nonce, reviewer: 'a', notes: '' }),
      hook(kit, id, { action: 'deny', nonce, reviewer: 'b', notes: '' }),
      hook(kit, id, { action: 'escalate', nonce, reviewer: 'c', notes: '' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 403, 403]);
  });

  it('two nonces racing on one item: one reviews, the other answers 409', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const [n1, n2] = [await nonceFor(kit, id), await nonceFor(kit, id)];
    const results = await Promise.all([
      hook(kit, id, { action: 'approve', nonce: n1, reviewer: 'a', notes: '' }),
      hook(kit, id, { action: 'deny', nonce: n2, reviewer: 'b', notes: '' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('issueNonce is exposed for notifications', async () => {
    const kit = await digestKit();
    const id = await kit.file();
    const nonce = await kit.app.services.digest.issueNonce(id);
    expect((await hook(kit, id, { action: 'approve', nonce, reviewer: 'n', notes: '' })).status).toBe(200);
  });
});
