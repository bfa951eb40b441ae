/**
 * The embedded default `Storage`: sql.js in memory, made durable by an
 * append-only journal of write statements (group-committed fsyncs) replayed
 * at start on top of the last snapshot. Compaction (export, atomic snapshot
 * write, then dropping the covered journal files) runs off the write path:
 * when the journal passes `maxJournalBytes`, after `idleCompactMs` without
 * writes, and at `close`.
 *
 * Files, all in one directory (the hosts use `<config_dir>/audit/`):
 * `snapshot.sqlite` (the image and its seal, snapshot-seal.ts), `journal-<first seq>.log` and `bodies.log` (the
 * `BodyLog`: large values kept out of the in-memory image, see body-log.ts).
 */
import type { Storage, StorageRecovery } from '../types.ts';
import { StorageReadOnlyError } from '../types.ts';
import type { StorageDirectory } from './files.ts';
import { journalFileName, createJournalWriter } from './journal-writer.ts';
import type { JournalWriter } from './journal-writer.ts';
import { loadSqlJs } from './load-sqljs.ts';
import { openBodyLog } from './body-log.ts';
import { SNAPSHOT_FILE, markSnapshotSequence, openSnapshot, replayJournals } from './load-state.ts';
import { createSqlJsEngine } from './sqljs-engine.ts';
import type { Digest } from './snapshot-seal.ts';
import { SEAL_BYTES, sealOf, webDigest } from './snapshot-seal.ts';

export interface SqljsStorageOptions {
  directory: StorageDirectory;
  /** sql.js's WASM bytes; without them sql.js looks next to itself (Node only). */
  wasmBinary?: Uint8Array;
  /**
   * Compact once the current journal file passes this size or the last
   * snapshot's size, whichever is larger (so compaction work stays
   * proportional to the writes, however large the database). Default 64 MiB.
   */
  maxJournalBytes?: number;
  /** Compact after this long without writes (0 disables). Default 30 s. */
  idleCompactMs?: number;
  /** Idle compaction only when the journal holds at least this much. Default 1 MiB. */
  minIdleCompactBytes?: number;
  /** SHA-256 for the snapshot's seal (snapshot-seal.ts); Web Crypto's when absent. */
  digest?: Digest;
  /** Hears about problems that do not fail a write (a failed compaction, a cut tail). */
  onWarning?(message: string, fields?: Record<string, unknown>): void;
}

/** The store, with its maintenance handle for tests and benchmarks. */
export interface SqljsStorage extends Storage {
  /** Writes a snapshot and drops the journal it covers. */
  compact(): Promise<void>;
  /** Bytes in the current journal file. */
  readonly journalBytes: number;
}

/**
 * How long a shared SQLite transaction stays open. Durability comes from the
 * journal, so the COMMIT (every dirty page copied into Emscripten's file
 * system) only has to run before an export; under load one COMMIT per this
 * period, instead of one per journal round, writes each hot page (the tails
 * of the audit table and its indexes, the anchor) once instead of once per round.
 */
const SETTLE_MS = 50;

/** Opens (or creates) the store in `options.directory`. */
export async function openSqljsStorage(options: SqljsStorageOptions): Promise<SqljsStorage> {
  const { directory } = options;
  const maxJournalBytes = options.maxJournalBytes ?? 64 * 1024 * 1024;
  const idleCompactMs = options.idleCompactMs ?? 30_000;
  const minIdleCompactBytes = options.minIdleCompactBytes ?? 1024 * 1024;
  const warn = options.onWarning ?? (() => undefined);
  await directory.ensure();
  const bodies = await openBodyLog(directory);
  const SQL = await loadSqlJs(options.wasmBinary);
  const digest = options.digest ?? webDigest;
  const opened = await openSnapshot(SQL, directory, digest);
  const db = opened.db;
  let snapshotBytes = opened.bytes;

  let readOnly = false;
  let damaged = false;
  let closed = false;
  let writer: JournalWriter | null = null;
  let compacting: Promise<void> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let settleTimer: ReturnType<typeof setTimeout> | null = null;

  const engine = createSqlJsEngine(db, {
    // A damaged store still applies writes in memory (start-up creates tables) but journals none.
    isReadOnly: () => (readOnly && !damaged) || closed,
    onCommit(statements) {
      if (damaged) return;
      writer!.append(statements);
      armIdleTimer();
    },
    onOpen() {
      // Units share one SQLite commit until this timer (or an export, or close).
      if (settleTimer !== null) return;
      settleTimer = setTimeout(settleNow, SETTLE_MS);
      (settleTimer as { unref?: () => void }).unref?.();
    },
  });
  function settleNow(): void {
    if (settleTimer !== null) clearTimeout(settleTimer);
    settleTimer = null;
    try {
      engine.settle();
    } catch (error) {
      // The units stay applied in the open transaction (and journaled); the next settle retries.
      warn('sqlite commit failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }
  const loaded = opened.damage ? { lastSeq: 0, current: null, obsolete: [], discardedBytes: 0, damage: opened.damage } : await replayJournals(engine, directory, bodies?.size);
  if (loaded.discardedBytes > 0) warn('incomplete final journal entry discarded', { bytes: loaded.discardedBytes, kept_as: loaded.keptAs });
  const recovery: StorageRecovery | undefined = loaded.discardedBytes > 0 || loaded.damage
    ? { discardedBytes: loaded.discardedBytes, keptAs: loaded.keptAs, damage: loaded.damage }
    : undefined;
  if (loaded.damage) {
    // Every byte stays where it is: no journal round, no compaction, no write.
    readOnly = true;
    damaged = true;
    warn('storage damaged; opened read-only on what precedes the damage', { damage: loaded.damage });
  }
  for (const name of loaded.obsolete) await directory.remove(name);
  const journalNames = loaded.damage ? (await directory.list()).filter((name) => name.startsWith('journal-')) : [];
  const currentName = loaded.current?.name ?? journalNames[journalNames.length - 1] ?? journalFileName(loaded.lastSeq + 1);
  writer = createJournalWriter(
    directory,
    {
      file: await directory.openAppend(currentName),
      fileName: currentName,
      dictionary: loaded.current?.dictionary ?? new Map(),
      size: loaded.current?.size ?? 0,
      lastSeq: loaded.lastSeq,
    },
    {
      onFailure(error) {
        readOnly = true;
        warn('durable write failed; storage is read-only', { error: error.message });
      },
      bodies: bodies ? { end: () => bodies.size, write: () => bodies.writeQueued() } : undefined,
      onSynced() {
        if (writer!.size >= Math.max(maxJournalBytes, snapshotBytes)) void compact().catch(() => undefined);
      },
    },
  );
  const journal = writer;

  /** Compacts once no write came for `idleCompactMs` (re-armed lazily: one timer, not one per write). */
  let lastWriteAt = 0;
  function armIdleTimer(): void {
    if (idleCompactMs <= 0) return;
    lastWriteAt = Date.now();
    if (idleTimer !== null) return;
    const fire = (): void => {
      const quietFor = Date.now() - lastWriteAt;
      if (quietFor < idleCompactMs) {
        idleTimer = setTimeout(fire, idleCompactMs - quietFor);
        (idleTimer as { unref?: () => void }).unref?.();
        return;
      }
      idleTimer = null;
      if (journal.size >= minIdleCompactBytes) void compact().catch(() => undefined);
    };
    idleTimer = setTimeout(fire, idleCompactMs);
    (idleTimer as { unref?: () => void }).unref?.();
  }

  function compact(): Promise<void> {
    compacting ??= runCompaction().finally(() => {
      compacting = null;
    });
    return compacting;
  }

  async function runCompaction(): Promise<void> {
    if (readOnly) return;
    let seq = 0;
    let image: Uint8Array | null = null;
    await journal.exclusive(async () => {
      seq = journal.lastSeq;
      markSnapshotSequence(db, seq);
      image = engine.exportImage();
      await journal.rotate(seq + 1);
    });
    try {
      const written = image!;
      image = null;
      await directory.writeAtomic(SNAPSHOT_FILE, [written, await sealOf(written, digest)]);
      snapshotBytes = written.length + SEAL_BYTES;
      const names = await directory.list();
      for (const name of names) {
        if (name !== journal.currentFileName && name.startsWith('journal-')) await directory.remove(name);
      }
    } catch (error) {
      // The journal still holds every entry; only the compaction is lost.
      warn('compaction failed', { error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  return {
    run: engine.run,
    all: engine.all,
    get: engine.get,
    transaction: engine.transaction,
    flush: () => (damaged ? Promise.reject(new StorageReadOnlyError('storage is damaged; nothing more is written')) : journal.flush()),
    get readOnly() {
      return readOnly;
    },
    recovery,
    ...(bodies ? { bodies } : {}),
    get journalBytes() {
      return journal.size;
    },
    compact,
    settle: settleNow,
    async close() {
      if (closed) return;
      if (idleTimer !== null) clearTimeout(idleTimer);
      if (settleTimer !== null) clearTimeout(settleTimer);
      settleTimer = null;
      try {
        await journal.flush();
        if (compacting) await compacting.catch(() => undefined);
        if (!readOnly && journal.size > 0) await compact().catch(() => undefined);
      } finally {
        closed = true;
        await journal.close().catch(() => undefined);
        await bodies?.close().catch(() => undefined);
        engine.close();
      }
    },
  };
}
