/**
 * Rebuilds the database at open: the last snapshot, then every journal entry
 * after the sequence the snapshot records, in order. A torn or corrupt tail
 * of the newest journal file was never acknowledged: it is cut off. Damage
 * anywhere else (a gap, a bad entry in a sealed file) refuses to open.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import type { StorageDirectory } from './files.ts';
import { decodeJournal } from './journal-codec.ts';
import { parseJournalFileName } from './journal-writer.ts';
import { StorageCorruptError } from './storage-corrupt-error.ts';
import type { SqlJsEngine } from './sqljs-engine.ts';

export const SNAPSHOT_FILE = 'snapshot.sqlite';
const META_TABLE = '__svc_storage_meta';

/** What the store continues from. */
export interface LoadedState {
  /** Sequence of the last applied entry (snapshot or journal). */
  lastSeq: number;
  /** The newest journal file to keep appending to, if any. */
  current: { name: string; dictionary: Map<string, number>; size: number } | null;
  /** Journal files whose entries are all in the snapshot. */
  obsolete: string[];
  /** Bytes cut off a torn tail (0 when clean). */
  discardedBytes: number;
}

/** Opens the snapshot (or an empty database); `bytes` is the snapshot's size. */
export async function openSnapshot(SQL: SqlJsStatic, directory: StorageDirectory): Promise<{ db: Database; bytes: number }> {
  const image = await directory.read(SNAPSHOT_FILE);
  try {
    return { db: image ? new SQL.Database(image) : new SQL.Database(), bytes: image?.length ?? 0 };
  } catch (error) {
    throw new StorageCorruptError(`snapshot unreadable: ${String(error)}`);
  }
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

/** Replays the journal files onto the engine's database. */
export async function replayJournals(engine: SqlJsEngine, directory: StorageDirectory): Promise<LoadedState> {
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
  const obsolete: string[] = [];
  for (const [index, journal] of journals.entries()) {
    const isNewest = index === journals.length - 1;
    const bytes = (await directory.read(journal.name)) ?? new Uint8Array();
    const decoded = decodeJournal(bytes);
    if (decoded.torn) {
      if (!isNewest) throw new StorageCorruptError(`sealed journal ${journal.name} is damaged at byte ${decoded.validLength}`);
      discardedBytes = bytes.length - decoded.validLength;
      await directory.truncate(journal.name, decoded.validLength);
    }
    let applied = false;
    for (const entry of decoded.entries) {
      if (entry.seq <= snapshotSeq) continue;
      if (entry.seq !== lastSeq + 1) {
        throw new StorageCorruptError(`journal ${journal.name} jumps from ${lastSeq} to ${entry.seq}`);
      }
      engine.replay(entry.statements);
      lastSeq = entry.seq;
      applied = true;
    }
    if (isNewest) current = { name: journal.name, dictionary: decoded.dictionary, size: decoded.validLength };
    else if (!applied) obsolete.push(journal.name);
  }
  return { lastSeq, current, obsolete, discardedBytes };
}
