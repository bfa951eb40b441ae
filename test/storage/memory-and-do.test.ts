import { describe, expect, it } from 'vitest';
import type { Database } from 'sql.js';
import { createDurableObjectStorage } from '../../storage/durable-object.ts';
import type { DurableObjectStorageLike } from '../../storage/durable-object.ts';
import { createMemoryStorage } from '../../storage/memory.ts';
import { loadSqlJs } from '../../storage/sqljs/load-sqljs.ts';
import { StorageReadOnlyError } from '../../storage/types.ts';

/** A stand-in for `ctx.storage` on sql.js, refusing BEGIN/COMMIT as the DO runtime does. */
async function fakeDoStorage(): Promise<DurableObjectStorageLike & { db: Database }> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  return {
    db,
    sql: {
      exec(query, ...bindings) {
        if (/^\s*(BEGIN|COMMIT|ROLLBACK)/i.test(query)) throw new Error('use transactionSync');
        const statement = db.prepare(query);
        statement.bind(bindings.map((value) => (value instanceof ArrayBuffer ? new Uint8Array(value) : value)));
        const rows: Array<Record<string, unknown>> = [];
        while (statement.step()) {
          const row = statement.getAsObject();
          for (const [key, value] of Object.entries(row)) if (value instanceof Uint8Array) row[key] = value.slice().buffer as never;
          rows.push(row);
        }
        statement.free();
        return { toArray: () => rows };
      },
    },
    transactionSync(body) {
      db.run('SAVEPOINT t');
      try {
        const result = body();
        db.run('RELEASE t');
        return result;
      } catch (error) {
        db.run('ROLLBACK TO t');
        db.run('RELEASE t');
        throw error;
      }
    },
  };
}

describe('memory and Durable Object stores', () => {
  it('the memory store runs SQL, rolls back a failed transaction and fails a flush on demand', async () => {
    const storage = await createMemoryStorage();
    storage.run('CREATE TABLE t (v TEXT)');
    expect(() => storage.transaction(() => {
      storage.run("INSERT INTO t VALUES ('x')");
      throw new Error('no');
    })).toThrow('no');
    expect(storage.all('SELECT * FROM t')).toEqual([]);
    storage.failWrites();
    storage.run("INSERT INTO t VALUES ('y')");
    await expect(storage.flush()).rejects.toThrow();
    expect(storage.readOnly).toBe(true);
    expect(() => storage.run("INSERT INTO t VALUES ('z')")).toThrow(StorageReadOnlyError);
  });

  it('the Durable Object store maps SQL, blobs and transactionSync', async () => {
    const backing = await fakeDoStorage();
    const storage = createDurableObjectStorage(backing);
    storage.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, b BLOB)');
    storage.transaction(() => {
      storage.run('INSERT INTO t (v, b) VALUES (?, ?)', ['a', new Uint8Array([1, 2, 3])]);
      storage.transaction(() => storage.run('INSERT INTO t (v, b) VALUES (?, ?)', ['b', null]));
    });
    expect(() => storage.transaction(() => {
      storage.run("INSERT INTO t (v) VALUES ('gone')");
      throw new Error('abort');
    })).toThrow('abort');
    expect(storage.all('SELECT v, b FROM t ORDER BY id')).toEqual([{ v: 'a', b: new Uint8Array([1, 2, 3]) }, { v: 'b', b: null }]);
    expect(storage.get('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 2 });
    await storage.flush();
    expect(storage.readOnly).toBe(false);
  });

  it('a Durable Object store the harness found damaged reports it, is read-only to core and acknowledges nothing', async () => {
    const damage = 'WAL frame 9 (page 3) fails its checksum and frames written after it follow';
    const storage = createDurableObjectStorage(await fakeDoStorage(), { discardedBytes: 0, damage });
    expect(storage.recovery?.damage).toBe(damage);
    expect(storage.readOnly).toBe(true);
    storage.run('CREATE TABLE IF NOT EXISTS t (v INTEGER)'); // start-up still creates its tables
    await expect(storage.flush()).rejects.toBeInstanceOf(StorageReadOnlyError);
  });
});
