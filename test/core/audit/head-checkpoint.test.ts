import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../storage/memory.ts';
import { HEAD_CHECKPOINT_FILE } from '../../../core/audit/head-checkpoint.ts';
import { appendMany, codeOf, harness } from './helpers.ts';

const timers = { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
const headOf = async (files: { read(path: string): Promise<Uint8Array | null> }) => {
  const bytes = await files.read(HEAD_CHECKPOINT_FILE);
  return bytes ? JSON.parse(new TextDecoder().decode(bytes)) as { sequence: number; hash: string } : null;
};

describe('the head checkpoint kept outside the audit store', () => {
  it('follows the durable head off the decision path and is written at close', async () => {
    const h = await harness({ timers });
    await appendMany(h.log, 5);
    await h.log.close();
    const head = await headOf(h.files);
    expect(head).toEqual({ sequence: 5, hash: h.storage.get<{ hash: string }>('SELECT lower(hex(hash)) AS hash FROM audit_records WHERE sequence = 5')!.hash });
  });

  it('a store shorter than the checkpoint starts quarantined: 500 AUDIT_CHAIN_BROKEN naming the first missing sequence', async () => {
    const h = await harness({ timers });
    await appendMany(h.log, 12);
    await h.log.close();
    // Cut the tail and move the anchor with it, as a store rolled back to an older state would be.
    h.storage.run('DELETE FROM audit_records WHERE sequence > 9');
    const nine = h.storage.get<{ hash: string }>('SELECT lower(hex(hash)) AS hash FROM audit_records WHERE sequence = 9')!;
    h.storage.run('UPDATE audit_anchor SET sequence = 9, hash = ? WHERE id = 1', [nine.hash]);
    const reopened = await h.reopen();
    expect(reopened.healthFlags()).toEqual({ audit_quarantined: true });
    expect(() => reopened.list({ limit: 20, offset: 0, include: 'full' })).toThrow('audit records from 10 are missing');
    expect(codeOf(() => reopened.verify())).toBe('AUDIT_CHAIN_BROKEN');
    // The checkpoint stays frozen while quarantined: the evidence survives more appends and restarts.
    await appendMany(reopened, 3);
    await reopened.close();
    expect((await headOf(h.files))?.sequence).toBe(12);
    expect((await h.reopen()).healthFlags()).toEqual({ audit_quarantined: true });
  });

  it('a store that lost everything (tables gone) answers 503 AUDIT_CHAIN_UNANCHORED, and gets no fresh anchor', async () => {
    const h = await harness({ timers });
    await appendMany(h.log, 3);
    await h.log.close();
    const reopened = await h.reopen({ storage: await createMemoryStorage() });
    expect(codeOf(() => reopened.verify())).toBe('AUDIT_CHAIN_UNANCHORED');
    expect(reopened.healthFlags()).toEqual({ audit_quarantined: true });
  });

  it('a rewritten head (same length, another hash) is AUDIT_CHAIN_BROKEN', async () => {
    const h = await harness({ timers });
    await appendMany(h.log, 4);
    await h.log.close();
    await h.files.writeAtomic(HEAD_CHECKPOINT_FILE, JSON.stringify({ sequence: 4, hash: 'a'.repeat(64) }));
    const reopened = await h.reopen();
    expect(() => reopened.verify()).toThrow('audit record 4 does not match the head checkpoint');
  });

  it('a checkpoint that lags the store (after a crash) is fine and catches up', async () => {
    const h = await harness({ timers });
    await appendMany(h.log, 2);
    await h.log.close();
    await appendMany(h.log, 3);
    const reopened = await h.reopen();
    expect(reopened.healthFlags()).toEqual({});
    await reopened.close();
    expect((await headOf(h.files))?.sequence).toBe(5);
  });
});
