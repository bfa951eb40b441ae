import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDirectory } from '../../storage/sqljs/node-files.ts';
import { openSqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import { LONG_TEXT, bindable, castPlaceholders } from '../../storage/sqljs/text-binding.ts';
import { tempDir } from './helpers.ts';

let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await dir.cleanup();
});

const long = (seed: string) => seed.repeat(Math.ceil(LONG_TEXT / seed.length) + 3);

describe('long text parameters bound as UTF-8 bytes', () => {
  it('rewrites only the placeholders of long strings, never one inside a literal, identifier or comment', () => {
    const sql = `INSERT INTO "t?" (a, b, c) VALUES (?, '?', ?) -- ?\n /* ? */ ON CONFLICT DO UPDATE SET c = ?`;
    expect(castPlaceholders(sql, 0b010, 3)).toBe(
      `INSERT INTO "t?" (a, b, c) VALUES (?, '?', CAST(? AS TEXT)) -- ?\n /* ? */ ON CONFLICT DO UPDATE SET c = ?`,
    );
    expect(castPlaceholders('SELECT ?1, ?', 1, 2)).toBeNull();
    expect(castPlaceholders('SELECT :name, ?', 2, 1)).toBeNull();
    expect(castPlaceholders('SELECT ?', 1, 2)).toBeNull();
    const short = bindable('SELECT ?, ?', ['short', 7]);
    expect(short).toEqual({ sql: 'SELECT ?, ?', params: ['short', 7] });
    const bound = bindable('SELECT ?, ?', [7, long('x')]);
    expect(bound.sql).toBe('SELECT ?, CAST(? AS TEXT)');
    expect(bound.params[1]).toBeInstanceOf(Uint8Array);
  });

  it('stores exactly the string, as text, whatever its characters, and reads, compares and replays it as one', async () => {
    const values = [long('plain ascii '), long('é€😀 mixed '), long('quote \' and "double" and \\ back '), long('line\nbreak\ttab ')];
    const store = await openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0 });
    store.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT, n INTEGER)');
    store.transaction(() => {
      for (const [i, v] of values.entries()) store.run('INSERT INTO t (id, v, n) VALUES (?, ?, ?)', [i + 1, v, v.length]);
    });
    await store.flush();
    for (const [i, v] of values.entries()) {
      expect(store.get('SELECT v, typeof(v) AS type, length(v) AS chars FROM t WHERE id = ?', [i + 1])).toEqual({
        v, type: 'text', chars: [...v].length,
      });
      // A long string in a query binds the same way and matches the stored text.
      expect(store.get('SELECT id FROM t WHERE v = ?', [v])).toEqual({ id: i + 1 });
    }
    // Replayed from the journal after a crash (no close): the same strings.
    const reopened = await openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0 });
    expect(reopened.all('SELECT v FROM t ORDER BY id').map((row) => row.v)).toEqual(values);
    await reopened.close();
  });
});
