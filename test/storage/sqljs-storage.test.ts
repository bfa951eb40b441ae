import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDirectory } from '../../storage/sqljs/node-files.ts';
import { openSqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import type { SqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import { StorageReadOnlyError } from '../../storage/types.ts';
import { instrument, tempDir } from './helpers.ts';

let dir: { path: string; cleanup: () => Promise<void> };
const open = (options: Partial<Parameters<typeof openSqljsStorage>[0]> = {}): Promise<SqljsStorage> =>
  openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0, ...options });
const count = (storage: SqljsStorage): number => Number(storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM t')?.n);

beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await dir.cleanup();
});

describe('sql.js storage durability', () => {
  it('replays every flushed write after a crash (no close, no snapshot)', async () => {
    const first = await open();
    first.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (let i = 0; i < 50; i++) first.run('INSERT INTO t (v) VALUES (?)', [`v${i}`]);
    first.transaction(() => {
      first.run('INSERT INTO t (v) VALUES (?)', ['tx1']);
      first.run('INSERT INTO t (v) VALUES (?)', ['tx2']);
    });
    await first.flush();
    expect(await readdir(dir.path)).not.toContain('snapshot.sqlite');
    const second = await open();
    expect(count(second)).toBe(52);
    expect(second.get('SELECT v FROM t WHERE id = 52')).toEqual({ v: 'tx2' });
    await second.close();
  });

  it('journals nothing for a rolled-back transaction', async () => {
    const first = await open();
    first.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    expect(() =>
      first.transaction(() => {
        first.run('INSERT INTO t (v) VALUES (?)', ['gone']);
        throw new Error('abort');
      }),
    ).toThrow('abort');
    await first.flush();
    expect(count(first)).toBe(0);
    expect(count(await open())).toBe(0);
  });

  it('journals nothing for CREATE ... IF NOT EXISTS of a table or index that exists, and still creates missing ones', async () => {
    const schema = (storage: SqljsStorage): void => {
      storage.run('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)');
      storage.transaction(() => {
        storage.run('CREATE UNIQUE INDEX IF NOT EXISTS t_v ON t (v)');
        storage.run('CREATE INDEX IF NOT EXISTS t_id_v ON t (id, v)');
      });
    };
    const first = await open();
    schema(first);
    first.run('INSERT INTO t (v) VALUES (?)', ['a']);
    await first.close();
    const second = await open();
    expect(second.journalBytes).toBe(0);
    schema(second);
    await second.flush();
    expect(second.journalBytes).toBe(0);
    // A missing index is created (and journaled) as before.
    second.run('DROP INDEX t_id_v');
    schema(second);
    await second.flush();
    const names = (s: SqljsStorage) => s.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 't_%' ORDER BY name").map((row) => row.name);
    expect(names(second)).toEqual(['t_id_v', 't_v']);
    const third = await open();
    expect(names(third)).toEqual(['t_id_v', 't_v']);
    expect(() => third.run('INSERT INTO t (v) VALUES (?)', ['a'])).toThrow(/UNIQUE/);
    expect(count(third)).toBe(1);
  });

  it('discards only an incomplete final entry, keeps its bytes aside, reports it, and keeps appending after it', async () => {
    const first = await open();
    first.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    first.run('INSERT INTO t (v) VALUES (?)', ['kept']);
    await first.flush();
    const journal = (await readdir(dir.path)).find((name) => name.startsWith('journal-'))!;
    await appendFile(join(dir.path, journal), '120 0badc0de {"n":3,"s":[[1,["half');
    const warnings: string[] = [];
    const second = await open({ onWarning: (message) => warnings.push(message) });
    expect(count(second)).toBe(1);
    expect(warnings).toContain('incomplete final journal entry discarded');
    expect(second.recovery).toMatchObject({ discardedBytes: 34, damage: undefined });
    expect(await readFile(join(dir.path, second.recovery!.keptAs!), 'utf8')).toBe('120 0badc0de {"n":3,"s":[[1,["half');
    second.run('INSERT INTO t (v) VALUES (?)', ['after']);
    await second.flush();
    const third = await open();
    expect(third.all('SELECT v FROM t ORDER BY id')).toEqual([{ v: 'kept' }, { v: 'after' }]);
  });

  it("a crash's last round whose journal entries reached the disk and its body log bytes did not: its entries are discarded and kept aside, and the store keeps appending", async () => {
    const first = await open();
    const bodies = first.bodies!;
    first.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const row = (text: string) => {
      const at = bodies.append(new TextEncoder().encode(text));
      first.run('INSERT INTO t (v) VALUES (?)', [`@${at}`]);
    };
    row('body one');
    await first.flush();
    const backed = (await stat(join(dir.path, 'bodies.log'))).size;
    row('body two');
    row('body three');
    await first.flush();
    // The second round's body log write never reached the disk; its journal write did.
    await writeFile(join(dir.path, 'bodies.log'), (await readFile(join(dir.path, 'bodies.log'))).subarray(0, backed));
    const warnings: string[] = [];
    const second = await open({ onWarning: (message) => warnings.push(message) });
    expect(second.all('SELECT v FROM t ORDER BY id')).toEqual([{ v: '@0' }]);
    expect(second.readOnly).toBe(false);
    expect(second.recovery?.damage).toBeUndefined();
    expect(second.recovery?.discardedBytes).toBeGreaterThan(0);
    expect(await readFile(join(dir.path, second.recovery!.keptAs!), 'utf8')).toContain('@8');
    second.run('INSERT INTO t (v) VALUES (?)', ['after']);
    await second.flush();
    const third = await open();
    expect(third.all('SELECT v FROM t ORDER BY id')).toEqual([{ v: '@0' }, { v: 'after' }]);
    await third.close();
  });

  it('a round short of its body log bytes with another round after it is damage: nothing is cut', async () => {
    const first = await open();
    const bodies = first.bodies!;
    first.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (const text of ['one', 'two', 'three']) {
      bodies.append(new TextEncoder().encode(text));
      first.run('INSERT INTO t (v) VALUES (?)', [text]);
      await first.flush();
    }
    const journal = (await readdir(dir.path)).find((name) => name.startsWith('journal-'))!;
    const before = await readFile(join(dir.path, journal));
    await writeFile(join(dir.path, 'bodies.log'), new TextEncoder().encode('one'));
    const second = await open();
    expect(second.readOnly).toBe(true);
    expect(second.recovery?.damage).toContain(journal);
    expect(await readFile(join(dir.path, journal))).toEqual(before);
  });

  it('shares one fsync among many concurrent flush callers (group commit)', async () => {
    const directory = instrument(createNodeDirectory(dir.path));
    const storage = await open({ directory });
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    await storage.flush();
    const before = directory.syncs;
    const writers = Array.from({ length: 200 }, async (_, i) => {
      storage.run('INSERT INTO t (v) VALUES (?)', [`v${i}`]);
      await storage.flush();
    });
    await Promise.all(writers);
    expect(directory.syncs - before).toBeLessThanOrEqual(3);
    expect(count(await open())).toBe(200);
  });

  it('compacts into a snapshot, drops the covered journal, and reopens to the same state', async () => {
    const storage = await open();
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (let i = 0; i < 100; i++) storage.run('INSERT INTO t (v) VALUES (?)', [`v${i}`]);
    await storage.flush();
    await storage.compact();
    storage.run('INSERT INTO t (v) VALUES (?)', ['after-compaction']);
    await storage.flush();
    const names = await readdir(dir.path);
    expect(names).toContain('snapshot.sqlite');
    expect(names.filter((name) => name.startsWith('journal-'))).toHaveLength(1);
    const reopened = await open();
    expect(count(reopened)).toBe(101);
  });

  it('does not re-apply journal entries already in the snapshot (crash before the journal is dropped)', async () => {
    const storage = await open();
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (let i = 0; i < 10; i++) storage.run('INSERT INTO t (v) VALUES (?)', [`v${i}`]);
    await storage.flush();
    const oldJournal = (await readdir(dir.path)).find((name) => name.startsWith('journal-'))!;
    const oldBytes = await readFile(join(dir.path, oldJournal));
    await storage.compact();
    await writeFile(join(dir.path, oldJournal), oldBytes);
    expect(count(await open())).toBe(10);
  });

  it('compacts by itself when the journal passes the size limit', async () => {
    const storage = await open({ maxJournalBytes: 4096 });
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (let i = 0; i < 100; i++) {
      storage.run('INSERT INTO t (v) VALUES (?)', ['x'.repeat(100)]);
      await storage.flush();
    }
    await storage.close();
    expect((await stat(join(dir.path, 'snapshot.sqlite'))).size).toBeGreaterThan(0);
    expect(count(await open())).toBe(100);
  });

  it('rejects flush and turns read-only when a durable write fails', async () => {
    const directory = instrument(createNodeDirectory(dir.path));
    const storage = await open({ directory });
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    await storage.flush();
    directory.failNextSync = true;
    storage.run('INSERT INTO t (v) VALUES (?)', ['never acknowledged']);
    await expect(storage.flush()).rejects.toThrow('EIO');
    expect(storage.readOnly).toBe(true);
    expect(() => storage.run('INSERT INTO t (v) VALUES (?)', ['refused'])).toThrow(StorageReadOnlyError);
    expect(() => storage.transaction(() => 1)).toThrow(StorageReadOnlyError);
    await expect(storage.flush()).rejects.toThrow();
  });

  it('keeps writing when only the snapshot write fails (the journal still holds everything)', async () => {
    const directory = instrument(createNodeDirectory(dir.path));
    const storage = await open({ directory });
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    storage.run('INSERT INTO t (v) VALUES (?)', ['a']);
    directory.failSnapshot = true;
    await expect(storage.compact()).rejects.toThrow('ENOSPC');
    expect(storage.readOnly).toBe(false);
    storage.run('INSERT INTO t (v) VALUES (?)', ['b']);
    await storage.flush();
    expect(count(await open())).toBe(2);
  });

  it('a damaged sealed journal file: opens read-only on what precedes it and leaves every byte', async () => {
    const storage = await open();
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    storage.run('INSERT INTO t (v) VALUES (?)', ['a']);
    await storage.flush();
    const sealed = (await readdir(dir.path)).find((name) => name.startsWith('journal-'))!;
    const bytes = await readFile(join(dir.path, sealed));
    await writeFile(join(dir.path, 'journal-9999999999999999.log'), '');
    await writeFile(join(dir.path, sealed), bytes.subarray(0, bytes.length - 3));
    const reopened = await open();
    expect(reopened.readOnly).toBe(true);
    expect(reopened.recovery?.damage).toMatch(/is damaged at byte/);
    expect(count(reopened)).toBe(0);
    await reopened.close();
    expect(await readFile(join(dir.path, sealed))).toEqual(bytes.subarray(0, bytes.length - 3));
  });

  it('an entry failing its checksum with entries after it is damage, not a torn tail: nothing is cut', async () => {
    const storage = await open();
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (let i = 0; i < 12; i++) {
      storage.run('INSERT INTO t (v) VALUES (?)', [`value-${i}`]);
      await storage.flush();
    }
    const journal = (await readdir(dir.path)).find((name) => name.startsWith('journal-'))!;
    const bytes = await readFile(join(dir.path, journal));
    const at = bytes.indexOf('value-5');
    bytes[at] = bytes[at]! ^ 0x01;
    await writeFile(join(dir.path, journal), bytes);
    const reopened = await open();
    expect(reopened.readOnly).toBe(true);
    expect(reopened.recovery?.damage).toMatch(/is damaged at byte/);
    expect(count(reopened)).toBe(5);
    await expect(reopened.flush()).rejects.toThrow(StorageReadOnlyError);
    await reopened.close();
    expect(await readFile(join(dir.path, journal))).toEqual(bytes);
  });

  /** A closed store of 200 rows with a sealed snapshot; its file's bytes. */
  async function snapshotOf200(): Promise<Buffer> {
    const storage = await open();
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    for (let i = 0; i < 200; i++) storage.run('INSERT INTO t (v) VALUES (?)', ['x'.repeat(200)]);
    await storage.close();
    return readFile(join(dir.path, 'snapshot.sqlite'));
  }

  async function expectDamagedSnapshot(bytes: Buffer, reason: RegExp): Promise<void> {
    await writeFile(join(dir.path, 'snapshot.sqlite'), bytes);
    const reopened = await open();
    expect(reopened.readOnly).toBe(true);
    expect(reopened.recovery?.damage).toMatch(/snapshot\.sqlite is damaged/);
    expect(reopened.recovery?.damage).toMatch(reason);
    await reopened.close();
    expect(await readFile(join(dir.path, 'snapshot.sqlite'))).toEqual(bytes);
  }

  it('a snapshot that does not hash to its seal opens an empty read-only store and stays on disk as it was', async () => {
    const bytes = await snapshotOf200();
    bytes.fill(0x41, 4096 + 8, 4096 + 64);
    await expectDamagedSnapshot(bytes, /does not hash to its seal/);
  });

  it('one flipped byte in a row of the snapshot, which SQLite\'s structural check would pass, is damage', async () => {
    const bytes = await snapshotOf200();
    const at = bytes.indexOf('x'.repeat(200));
    bytes[at + 100] = 0x79;
    await expectDamagedSnapshot(bytes, /does not hash to its seal/);
  });

  it('a snapshot cut short, or its seal cut off to a page boundary and its image damaged, is damage', async () => {
    const bytes = await snapshotOf200();
    await expectDamagedSnapshot(bytes.subarray(0, bytes.length - 1000), /neither whole pages nor whole pages and a seal/);
    const unsealed = Buffer.from(bytes.subarray(0, bytes.length - 40));
    unsealed.fill(0x41, 4096 + 8, 4096 + 64);
    await expectDamagedSnapshot(unsealed, /./);
  });

  it('an unsealed snapshot (written before seals) still opens, checked by SQLite, and is sealed at the next compaction', async () => {
    const bytes = await snapshotOf200();
    expect(bytes.length % 4096).toBe(40);
    await writeFile(join(dir.path, 'snapshot.sqlite'), bytes.subarray(0, bytes.length - 40));
    const reopened = await open();
    expect(reopened.readOnly).toBe(false);
    expect(count(reopened)).toBe(200);
    reopened.run('INSERT INTO t (v) VALUES (?)', ['y']);
    await reopened.close();
    expect((await readFile(join(dir.path, 'snapshot.sqlite'))).length % 4096).toBe(40);
    const again = await open();
    expect(count(again)).toBe(201);
    await again.close();
  });
});
