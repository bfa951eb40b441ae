/**
 * Signed audit checkpoints (contracts.md "Audit checkpoints"): the checkpoint
 * verifies with nothing but node:crypto and the README's steps, and the
 * consistency route proves a saved checkpoint is still part of the chain,
 * also once its record moved to a cold archive.
 */
import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';

type Json = Record<string, any>;
const DAY = 24 * 60 * 60 * 1000;

/** README "Verifying a checkpoint", steps 1-3, with node:crypto only. */
function verifyCheckpoint(checkpoint: Json): boolean {
  const raw = Buffer.from(checkpoint.public_key, 'base64');
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  const message = Buffer.from(`svc-audit-checkpoint:v1:${checkpoint.sequence}:${checkpoint.hash}:${checkpoint.at}`, 'utf8');
  return verify(null, message, key, Buffer.from(checkpoint.signature, 'base64'));
}

async function setup(now: () => number = () => Date.now(), fileStore?: Awaited<ReturnType<typeof createTestApp>>['files']) {
  const t = await createTestApp({ now, fileStore });
  const get = async (path: string) => {
    const res = await t.request(path, { headers: { 'x-svc-csrf': t.dashboardToken! } });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const evaluate = async (path: string) => {
    const res = await t.request('/api/proxy/evaluate', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.daemonToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_call: { type: 'FileRead', path } }),
    });
    expect(res.status).toBe(200);
  };
  return { ...t, get, evaluate };
}

describe('audit checkpoints', () => {
  it('an empty log is checkpointed as sequence 0 with the genesis prev hash, signed verifiably', async () => {
    const t = await setup();
    const { status, body } = await t.get('/api/audit/checkpoint');
    expect(status).toBe(200);
    expect(body).toMatchObject({ sequence: 0, hash: '0'.repeat(64) });
    expect(Buffer.from(body.public_key, 'base64')).toHaveLength(32);
    expect(new Date(body.at).toISOString()).toBe(body.at);
    expect(verifyCheckpoint(body)).toBe(true);
    expect(verifyCheckpoint({ ...body, sequence: 1 })).toBe(false);
    await t.app.close();
  });

  it('a checkpoint of the head verifies with node:crypto and the README steps, and a changed field does not', async () => {
    const t = await setup();
    await t.evaluate('/tmp/a.txt');
    await t.evaluate('/tmp/b.txt');
    const { body } = await t.get('/api/audit/checkpoint');
    const list = await t.get('/api/audit?limit=1');
    expect(body.sequence).toBe(list.body.records[0].sequence);
    expect(body.hash).toBe(list.body.records[0].hash);
    expect(verifyCheckpoint(body)).toBe(true);
    expect(verifyCheckpoint({ ...body, hash: 'f'.repeat(64) })).toBe(false);
    await t.app.close();
  });

  it('the audit key is kept in audit.key and stays the same across a restart', async () => {
    const first = await setup();
    const key = (await first.get('/api/audit/checkpoint')).body.public_key;
    const stored = first.files.text('audit.key');
    await first.app.close();
    const second = await setup(() => Date.now(), first.files);
    expect((await second.get('/api/audit/checkpoint')).body.public_key).toBe(key);
    expect(second.files.text('audit.key')).toBe(stored);
    await second.app.close();
  });

  it('consistency holds for a saved checkpoint, also after its record moved to a cold archive, and 409s for another hash or a sequence past the head', async () => {
    let clock = Date.now();
    const t = await setup(() => clock);
    await t.evaluate('/tmp/a.txt');
    await t.evaluate('/tmp/b.txt');
    const saved = (await t.get('/api/audit/checkpoint')).body;
    await t.evaluate('/tmp/c.txt');
    const head = (await t.get('/api/audit/checkpoint')).body;
    const ok = await t.get(`/api/audit/consistency?from=${saved.sequence}&from_hash=${saved.hash}`);
    expect(ok).toEqual({ status: 200, body: { consistent: true, from: saved.sequence, to: head.sequence, to_hash: head.hash } });
    expect((await t.get(`/api/audit/consistency?from=0&from_hash=${'0'.repeat(64)}`)).status).toBe(200);

    const wrong = await t.get(`/api/audit/consistency?from=${saved.sequence}&from_hash=${'a'.repeat(64)}`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('CHECKPOINT_MISMATCH');
    expect((await t.get(`/api/audit/consistency?from=${head.sequence + 1}&from_hash=${head.hash}`)).body.code).toBe('CHECKPOINT_MISMATCH');

    clock += 40 * DAY;
    await t.evaluate('/tmp/d.txt');
    expect(await t.app.services.audit.rotateCold()).toBeGreaterThanOrEqual(3);
    const archived = await t.get(`/api/audit/consistency?from=${saved.sequence}&from_hash=${saved.hash}`);
    expect(archived.status).toBe(200);
    expect(archived.body.to).toBe(head.sequence + 1);
    expect((await t.get(`/api/audit/consistency?from=${saved.sequence}&from_hash=${'b'.repeat(64)}`)).status).toBe(409);
    await t.app.close();
  });

  it('a missing or repeated parameter, or a from that is not an integer, is 400 INVALID_QUERY', async () => {
    const t = await setup();
    const hash = '0'.repeat(64);
    for (const query of ['', `from_hash=${hash}`, 'from=0', 'from=0&from_hash=', `from=-1&from_hash=${hash}`, `from=1.5&from_hash=${hash}`, `from=0&from=0&from_hash=${hash}`]) {
      const { status, body } = await t.get(`/api/audit/consistency?${query}`);
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: 'INVALID_QUERY' });
    }
    await t.app.close();
  });

  it('from_hash is hex in either case; a from_hash that is no hash is a hash the chain does not hold: 409 CHECKPOINT_MISMATCH', async () => {
    const t = await setup();
    expect((await t.get(`/api/audit/consistency?from=0&from_hash=${'0'.repeat(64)}`)).status).toBe(200);
    await t.evaluate('/tmp/a.txt');
    const saved = (await t.get('/api/audit/checkpoint')).body;
    expect((await t.get(`/api/audit/consistency?from=${saved.sequence}&from_hash=${saved.hash.toUpperCase()}`)).status).toBe(200);
    for (const hash of ['XYZ', 'A'.repeat(64), `${saved.hash}0`, saved.hash.slice(1)]) {
      const { status, body } = await t.get(`/api/audit/consistency?from=${saved.sequence}&from_hash=${hash}`);
      expect({ hash, status, code: body.code }).toEqual({ hash, status: 409, code: 'CHECKPOINT_MISMATCH' });
    }
    await t.app.close();
  });
});
