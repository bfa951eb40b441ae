/**
 * Rebuilds the database at open: the last snapshot, then every journal entry
 * after the sequence the snapshot records, in order. Only an incomplete final
 * entry of the newest journal file (bytes with no line end: a write a crash
 * cut, never acknowledged) is cut off, after a copy of it is kept aside.
 * Anything else that does not decode (an entry failing its checksum with
 * more after it, a damaged sealed file, a gap) is damage: replay stops
 * before it, nothing is cut, and the store opens read-only.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import type { StorageDirectory } from './files.ts';
import { decodeJournal } from './journal-codec.ts';
import { parseJournalFileName } from './journal-writer.ts';
import type { SqlJsEngine } from './sqljs-engine.ts';
import type { Digest } from './snapshot-seal.ts';
import { unseal } from './snapshot-seal.ts';

export const SNAPSHOT_FILE = 'snapshot.sqlite';
/**
 * Room to grow in place the database file gets at open, at least (see
 * `handedOver`). Past its room the in-memory file system copies the whole
 * file into a buffer an eighth larger (every ~9,000 records at 22 MB, a
 * stall of ~90 ms on a loaded machine, most of it faulting in the new
 * buffer's pages). Room costs no memory until written: an allocation this
 * large is mapped, zero pages the kernel backs only once touched.
 */
const GROWTH_ROOM_MIN = 32 * 1024 * 1024;
const META_TABLE = '__svc_storage_meta';

/** What the store continues from. */
export interface LoadedState {
  /** Sequence of the last applied entry (snapshot or journal). */
  lastSeq: number;
  /** The newest journal file to keep appending to, if any. */
  current: { name: string; dictionary: Map<string, number>; size: number } | null;
  /** Journal files whose entries are all in the snapshot. */
  obsolete: string[];
  /** Bytes cut off a torn final entry (0 when clean), and the file they were kept in. */
  discardedBytes: number;
  keptAs?: string;
  /** Damage beyond a torn final entry (replay stopped before it); undefined when none. */
  damage?: string;
}

/**
 * Opens the snapshot (or an empty database); `bytes` is the snapshot's size.
 * A snapshot that does not hash to its seal (or, unsealed, fails SQLite's
 * quick check) is left as it is on disk and an empty database is opened in
 * its place, with `damage` saying why.
 */
export async function openSnapshot(SQL: SqlJsStatic, directory: StorageDirectory, digest: Digest): Promise<{ db: Database; bytes: number; damage?: string }> {
  const file = await directory.read(SNAPSHOT_FILE, { room: (size) => Math.max(GROWTH_ROOM_MIN, size / 8) });
  if (!file) return { db: emptyDatabase(SQL), bytes: 0 };
  const bytes = file.length;
  const damaged = (reason: string) => ({ db: new SQL.Database(), bytes, damage: `snapshot ${SNAPSHOT_FILE} is damaged: ${reason}` });
  const unsealed = await unseal(file, digest);
  if (unsealed.kind === 'damaged') return damaged(unsealed.reason);
  let db: Database | null = null;
  try {
    db = new SQL.Database(handedOver(unsealed.image));
    if (unsealed.kind === 'legacy') {
      const verdict = db.exec('PRAGMA quick_check')[0]?.values[0]?.[0];
      if (verdict !== 'ok') throw new Error(String(verdict));
    }
    return { db, bytes };
  } catch (error) {
    db?.close();
    return damaged(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A new, empty database with `GROWTH_ROOM_MIN` of room (see `handedOver`):
 * `new SQL.Database()` starts from an empty file that grows by copies
 * (doubling, then an eighth at a time past 1 MB).
 */
function emptyDatabase(SQL: SqlJsStatic): Database {
  const scratch = new SQL.Database();
  let image: Uint8Array;
  try {
    image = scratch.export();
  } finally {
    scratch.close();
  }
  if (image.length === 0) return new SQL.Database();
  const roomy = new Uint8Array(image.length + GROWTH_ROOM_MIN);
  roomy.set(image);
  return new SQL.Database(handedOver(roomy.subarray(0, image.length)));
}

/**
 * The image, for sql.js to keep as its database file without a copy. sql.js
 * writes the bytes it is given into a new file of Emscripten's in-memory file
 * system, whose first write keeps `bytes.slice(...)`: a copy of hundreds of
 * MB (~1 s per GB) while the file's buffer is still held. This view answers
 * that `slice` of the whole with a view of the same bytes, so the buffer read
 * from disk becomes the database file (it is this store's alone from here
 * on). Any other `slice` copies as usual.
 *
 * The view it answers runs on to the end of the buffer: the file system
 * takes a file's buffer length as its room, and the bytes after the image
 * (the seal, and the room the read left, `GROWTH_ROOM_MIN` or an eighth)
 * let the database grow in place. Without room the first page added after
 * start (a new table, an append) made the file system copy the whole image
 * into a buffer an eighth larger: ~0.4 s and a second image in memory with
 * 1M records.
 */
function handedOver(image: Uint8Array): Uint8Array {
  const view = new Uint8Array(image.buffer, image.byteOffset, image.byteLength);
  const roomy = new Uint8Array(image.buffer, image.byteOffset, image.buffer.byteLength - image.byteOffset);
  Object.defineProperty(view, 'slice', {
    value(start?: number, end?: number): Uint8Array {
      const whole = (start ?? 0) === 0 && (end ?? view.length) === view.length;
      return whole ? roomy : Uint8Array.prototype.slice.call(view, start, end);
    },
  });
  return view;
}

/** Records the sequence an exported image contains (not journaled). */
export function markSnapshotSequence(db: Database, seq: number): void {
  db.run(`CREATE TABLE IF NOT EXISTS ${META_TABLE} (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
  db.run(`INSERT OR REPLACE INTO ${META_TABLE} (key, value) VALUES ('journal_seq', ?)`, [seq]);
}

function snapshotSequence(db: Database): number {
  try {
    const result = db.exec(`SELECT value FROM ${META_TABLE} WHERE key = 'journal_seq'`);
    const value = result[0]?.values[0]?.[0];
    return typeof value === 'number' ? value : 0;
  } catch {
    return 0;
  }
}

/**
 * Replays the journal files onto the engine's database. `bodiesEnd`, the
 * body log's size on disk, ends the newest file before the first entry that
 * needs more of it (its round was cut by a crash before the body log's
 * write was durable: nobody was told it was), like a torn final entry.
 */
export async function replayJournals(engine: SqlJsEngine, directory: StorageDirectory, bodiesEnd?: number): Promise<LoadedState> {
  const names = await directory.list();
  for (const name of names) if (name.endsWith('.tmp')) await directory.remove(name);
  const journals = names
    .map((name) => ({ name, start: parseJournalFileName(name) }))
    .filter((file): file is { name: string; start: number } => file.start !== null)
    .sort((a, b) => a.start - b.start);
  const snapshotSeq = snapshotSequence(engine.db);
  let lastSeq = snapshotSeq;
  let current: LoadedState['current'] = null;
  let discardedBytes = 0;
  let keptAs: string | undefined;
  const obsolete: string[] = [];
  for (const [index, journal] of journals.entries()) {
    const isNewest = index === journals.length - 1;
    const bytes = (await directory.read(journal.name)) ?? new Uint8Array();
    const decoded = decodeJournal(bytes, bodiesEnd);
    let damage: string | undefined;
    if (decoded.torn) {
      const rest = bytes.subarray(decoded.validLength);
      if (isNewest && (decoded.unbacked || !rest.includes(0x0a))) {
        keptAs = `torn-${journal.name}-at-${decoded.validLength}.bin`;
        await directory.writeAtomic(keptAs, rest);
        discardedBytes = rest.length;
        await directory.truncate(journal.name, decoded.validLength);
      } else {
        damage = `journal ${journal.name} is damaged at byte ${decoded.validLength}`;
      }
    }
    let applied = false;
    for (const entry of decoded.entries) {
      if (entry.seq <= snapshotSeq) continue;
      if (entry.seq !== lastSeq + 1) return { lastSeq, current: null, obsolete: [], discardedBytes, keptAs, damage: `journal ${journal.name} jumps from ${lastSeq} to ${entry.seq}` };
      engine.replay(entry.statements);
      lastSeq = entry.seq;
      applied = true;
    }
    if (damage) return { lastSeq, current: null, obsolete: [], discardedBytes, keptAs, damage };
    if (isNewest) current = { name: journal.name, dictionary: decoded.dictionary, size: decoded.validLength };
    else if (!applied) obsolete.push(journal.name);
  }
  return { lastSeq, current, obsolete, discardedBytes, keptAs };
}
