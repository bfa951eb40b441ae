/**
 * An audit store written before `audit_records` lost its `prev_hash` column
 * and kept `hash` as hex text (fixtures/audit-v1: written by the code of
 * that time, 11 full records and a short-circuit one; its bodies.log kept as
 * bodies.jsonl, the records it served then in records.json) is moved to the
 * current columns at its first start, and nothing it showed is lost.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { hash } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../core/audit/audit-log.ts';
import { auditRecordsNeedMove, moveAuditRecords } from '../../core/audit/audit-schema.ts';
import type { AnyAuditRecord } from '../../core/audit/audit-record.ts';
import { createNodeDirectory } from '../../storage/sqljs/node-files.ts';
import { openSqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import type { SqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import { createMemoryFileStore } from '../support/memory-file-store.ts';
import { codeOf, decision, random, redact, testClock } from '../core/audit/helpers.ts';
import { tempDir } from './helpers.ts';

const FIXTURE = new URL('./fixtures/audit-v1/', import.meta.url);
const nodeHash = { sha256Hex: (data: string | Uint8Array) => hash('sha256', data, 'hex') };
let dir: Awaited<ReturnType<typeof tempDir>>;
let files: ReturnType<typeof createMemoryFileStore>['store'];
let served: AnyAuditRecord[];

beforeEach(async () => {
  dir = await tempDir();
  files = createMemoryFileStore().store;
  await writeFile(join(dir.path, 'snapshot.sqlite'), gunzipSync(await readFile(new URL('snapshot.sqlite.gz', FIXTURE))));
  await writeFile(join(dir.path, 'bodies.log'), await readFile(new URL('bodies.jsonl', FIXTURE)));
  served = JSON.parse(await readFile(new URL('records.json', FIXTURE), 'utf8')) as AnyAuditRecord[];
});
afterEach(async () => {
  await dir.cleanup();
});

const openStorage = (): Promise<SqljsStorage> => openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0 });
const openLog = (storage: SqljsStorage) => createAuditLog({ storage, clock: testClock(), random, files, redact, hash: nodeHash });
const columns = (storage: SqljsStorage): string => storage.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'audit_records'")!.sql;

describe('an audit store written before prev_hash left the table and hash became bytes', () => {
  it('is moved to the current columns at its first start: every record served as before, the chain verified, the move written to the snapshot', async () => {
    const before = await openStorage();
    expect(columns(before)).toMatch(/prev_hash/);
    await before.close();
    const snapshotBefore = await stat(join(dir.path, 'snapshot.sqlite'));

    const storage = await openStorage();
    const log = await openLog(storage);
    expect(log.chainState()).toMatchObject({ status: 'ok', verified_sequence: 12 });
    expect(log.list({ limit: 100, offset: 0, include: 'all' }).records).toEqual(served);
    expect(log.get(served[5]!.id)).toEqual(served[5]);
    expect(log.listSession('11111111-1111-4111-8111-111111111111', 'full').records).toEqual(served.filter((r) => r.session_id === '11111111-1111-4111-8111-111111111111' && !('short_circuit' in r)));
    expect(columns(storage)).not.toMatch(/prev_hash/);
    expect(storage.all("SELECT typeof(hash) AS type, length(hash) AS n FROM audit_records GROUP BY 1, 2")).toEqual([{ type: 'blob', n: 32 }]);
    // Compacted at once: the next start replays nothing.
    expect(storage.journalBytes).toBe(0);
    expect((await stat(join(dir.path, 'snapshot.sqlite'))).mtimeMs).not.toBe(snapshotBefore.mtimeMs);
    expect(await readFile(join(dir.path, 'bodies.log'))).toEqual(await readFile(new URL('bodies.jsonl', FIXTURE)));

    // The chain goes on from the moved records, and a restart verifies all of it.
    const next = await log.append(decision({ tool_call: { type: 'FileRead', path: '/tmp/after-the-move' } }));
    expect(next).toMatchObject({ sequence: 13, prev_hash: served[0]!.hash });
    await log.close();
    await storage.close();
    const again = await openStorage();
    const reopened = await openLog(again);
    expect(reopened.chainState()).toMatchObject({ status: 'ok', verified_sequence: 13 });
    expect(reopened.list({ limit: 100, offset: 0, include: 'all' }).records).toEqual([next, ...served]);
    await again.close();
  });

  it('a prev_hash column altered before the move stays evident: the record is named as altered', async () => {
    const before = await openStorage();
    before.run("UPDATE audit_records SET prev_hash = replace(prev_hash, substr(prev_hash, 1, 1), 'f') WHERE sequence = 4");
    await before.close();
    const storage = await openStorage();
    const log = await openLog(storage);
    expect(codeOf(() => log.list({ limit: 100, offset: 0, include: 'full' }))).toBe('AUDIT_CHAIN_BROKEN');
    expect(log.chainState()).toMatchObject({ status: 'broken', message: 'audit record 4 was altered' });
    await storage.close();
  });

  it('a hash column altered before the move (upper case, or not hex) is named as altered, not made right by the move', async () => {
    const before = await openStorage();
    before.run('UPDATE audit_records SET hash = upper(hash) WHERE sequence = 7');
    before.run("UPDATE audit_records SET hash = 'not a hash' WHERE sequence = 9");
    await before.close();
    const storage = await openStorage();
    const log = await openLog(storage);
    // Both stay text (which matches no hash), and so do 8 and 10, whose prev_hash no longer named the hash stored before them.
    expect(storage.all("SELECT sequence FROM audit_records WHERE typeof(hash) <> 'blob' ORDER BY sequence")).toEqual([7, 8, 9, 10].map((sequence) => ({ sequence })));
    expect(() => log.get(served[12 - 9]!.id)).toThrow('audit record 7 was altered');
    expect(log.chainState()).toMatchObject({ status: 'broken' });
    await storage.close();
  });

  it('a prev_hash altered at a batch boundary, or a row whose neighbour moved in an earlier batch, is judged the same', async () => {
    const before = await openStorage();
    before.run("UPDATE audit_records SET prev_hash = replace(prev_hash, substr(prev_hash, 1, 1), 'f') WHERE sequence = 6");
    await before.close();
    const storage = await openStorage();
    // Batches of five: rows 1-5, 6-10, 11-12.
    expect(await moveAuditRecords(storage, () => storage.flush(), 5)).toBe(12);
    expect(storage.all("SELECT sequence FROM audit_records WHERE typeof(hash) <> 'blob'")).toEqual([{ sequence: 6 }]);
    const log = await openLog(storage);
    expect(() => log.list({ limit: 100, offset: 0, include: 'all' })).toThrow('audit record 6 was altered');
    await storage.close();
  });

  it('a move cut short by a crash goes on at the next start from where the journal left it', async () => {
    const storage = await openStorage();
    const crash = new Error('crash');
    await expect(moveAuditRecords(storage, async () => {
      await storage.flush();
      throw crash;
    }, 5)).rejects.toBe(crash);
    // Five rows moved and journaled; the process dies before the compaction.
    expect(storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_records')?.n).toBe(5);
    expect(storage.journalBytes).toBeGreaterThan(0);
    const replayed = await openStorage();
    expect(auditRecordsNeedMove(replayed)).toBe(true);
    const log = await openLog(replayed);
    expect(auditRecordsNeedMove(replayed)).toBe(false);
    expect(replayed.all("SELECT name FROM sqlite_master WHERE name LIKE 'audit_records%' ORDER BY name").map((row) => row.name)).toEqual([
      'audit_records', 'audit_records_id', 'audit_records_kind', 'audit_records_session', 'audit_records_time',
    ]);
    expect(log.chainState()).toMatchObject({ status: 'ok', verified_sequence: 12 });
    expect(log.list({ limit: 100, offset: 0, include: 'all' }).records).toEqual(served);
    await replayed.close();
  });
});
