import { describe, expect, it } from 'vitest';
import { gunzipText, gzipText } from '../../../core/audit/gzip.ts';
import { appendMany, codeOf, harness, T0 } from './helpers.ts';

const DAY = 86_400_000;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** 3 records on each of 5 days, the last 40 days ago is day 0. */
async function seeded() {
  const h = await harness({ coldAfterDays: 30 });
  for (let day = 0; day < 5; day++) {
    h.clock.set(T0 - (40 - day * 5) * DAY);
    await appendMany(h.log, 3);
  }
  h.clock.set(T0);
  await appendMany(h.log, 2);
  return h;
}

describe('cold archives', () => {
  it('rotates whole old days into audit/cold/YYYY-MM-DD.jsonl.gz and keeps the chain across the boundary', async () => {
    const { log, files, reopen } = await seeded();
    expect(await log.rotateCold()).toBe(6);
    expect(await files.list('audit/cold')).toEqual(['2025-01-29.jsonl.gz', '2025-02-03.jsonl.gz']);
    const lines = (await gunzipText((await files.read('audit/cold/2025-01-29.jsonl.gz'))!)).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { sequence: number }).sequence)).toEqual([1, 2, 3]);
    const page = log.list({ limit: 100, offset: 0, include: 'full' });
    expect(page.total).toBe(11);
    expect(page.records.at(-1)!.sequence).toBe(7);
    const restarted = await reopen();
    expect(restarted.chainState().status).toBe('ok');
    expect(await restarted.rotateCold()).toBe(0);
    expect(restarted.summary('all')).toMatchObject({ total: 17 });
  });

  it('export with include_cold merges archives newest first; from_date selects archive files only', async () => {
    const { log } = await seeded();
    await log.rotateCold();
    const hotOnly = JSON.parse(await readAll(log.export({ format: 'json', limit: 1000, includeCold: false, fromDate: null }))) as { count: number };
    expect(hotOnly.count).toBe(11);
    const all = JSON.parse(await readAll(log.export({ format: 'json', limit: 1000, includeCold: true, fromDate: null }))) as { records: Array<{ sequence: number }>; count: number };
    expect(all.count).toBe(17);
    expect(all.records.map((r) => r.sequence)).toEqual(Array.from({ length: 17 }, (_, i) => 17 - i));
    const recent = JSON.parse(await readAll(log.export({ format: 'json', limit: 1000, includeCold: true, fromDate: '2025-02-01' }))) as { count: number; records: Array<{ sequence: number }> };
    expect(recent.count).toBe(14);
    expect(recent.records.at(-1)!.sequence).toBe(4);
  });

  it('a mismatched archive boundary gives 500 AUDIT_CHAIN_ANCHOR_MISMATCH', async () => {
    const { log, storage, reopen } = await seeded();
    await log.rotateCold();
    storage.run("UPDATE audit_archives SET last_hash = ? WHERE day = '2025-02-03'", ['f'.repeat(64)]);
    const restarted = await reopen();
    expect(restarted.chainState().status).toBe('anchor_mismatch');
    expect(codeOf(() => restarted.list({ limit: 1, offset: 0, include: 'full' }))).toBe('AUDIT_CHAIN_ANCHOR_MISMATCH');
    expect(restarted.healthFlags()).toEqual({ audit_quarantined: true });
  });

  it('an archive file that no longer matches its anchor gives AUDIT_CHAIN_ANCHOR_MISMATCH when read', async () => {
    const { log, files } = await seeded();
    await log.rotateCold();
    const path = 'audit/cold/2025-01-29.jsonl.gz';
    const lines = (await gunzipText((await files.read(path))!)).trim().split('\n');
    await files.writeAtomic(path, await gzipText([`${lines.slice(1).join('\n')}\n`]));
    await expect(readAll(log.export({ format: 'json', limit: 1000, includeCold: true, fromDate: null }))).rejects.toMatchObject({
      code: 'AUDIT_CHAIN_ANCHOR_MISMATCH',
    });
    expect(codeOf(() => log.verify())).toBe('AUDIT_CHAIN_ANCHOR_MISMATCH');
  });

  it('a record altered inside an archive gives AUDIT_CHAIN_BROKEN when read', async () => {
    const { log, files } = await seeded();
    await log.rotateCold();
    const path = 'audit/cold/2025-01-29.jsonl.gz';
    const text = await gunzipText((await files.read(path))!);
    await files.writeAtomic(path, await gzipText([text.replace('"composite_score":1.5', '"composite_score":0.5')]));
    await expect(readAll(log.export({ format: 'json', limit: 1000, includeCold: true, fromDate: null }))).rejects.toMatchObject({
      code: 'AUDIT_CHAIN_BROKEN',
    });
  });

  it('a missing archive file gives AUDIT_CHAIN_ANCHOR_MISMATCH when read', async () => {
    const { log, files } = await seeded();
    await log.rotateCold();
    await files.remove('audit/cold/2025-02-03.jsonl.gz');
    await expect(readAll(log.export({ format: 'json', limit: 1000, includeCold: true, fromDate: null }))).rejects.toMatchObject({
      code: 'AUDIT_CHAIN_ANCHOR_MISMATCH',
    });
  });

  it('rotating everything leaves the anchor on the last archive and appends continue the chain', async () => {
    const { log, clock, reopen } = await seeded();
    clock.set(T0 + 60 * DAY);
    expect(await log.rotateCold()).toBe(17);
    expect(log.list({ limit: 5, offset: 0, include: 'full' }).total).toBe(0);
    const record = await log.append({ tool_call: { type: 'FileRead', path: '/x' }, composite_score: 0, proxy_action: 'allow', filter_results: [], evaluation_time_ms: 0 });
    expect(record.sequence).toBe(18);
    expect((await reopen()).chainState().status).toBe('ok');
  });

  it('reads during a rotation (while its flush is pending) stay valid', async () => {
    const { storage, files, clock } = await seeded();
    const slow = Object.create(storage) as typeof storage;
    slow.flush = async () => {
      await new Promise((done) => setTimeout(done, 20));
      await storage.flush();
    };
    const { createAuditLog } = await import('../../../core/audit/audit-log.ts');
    const { random, redact } = await import('./helpers.ts');
    const live = await createAuditLog({ storage: slow, clock, random, files, redact, sweepSize: 64 });
    const rotation = live.rotateCold();
    for (let i = 0; i < 20; i++) {
      expect(codeOf(() => live.list({ limit: 5, offset: 0, include: 'full' }))).toBeNull();
      await new Promise((done) => setTimeout(done, 2));
    }
    expect(await rotation).toBe(6);
    expect(live.chainState().status).toBe('ok');
  });
});
