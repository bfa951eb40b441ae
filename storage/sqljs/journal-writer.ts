/**
 * Appends committed write units to the current journal file with group
 * commit: `append` only queues (synchronously, in commit order); `flush`
 * waits for a round that writes everything queued so far and fsyncs once,
 * so any number of concurrent callers share one disk sync.
 *
 * A round has two steps: the body log's write and sync (`beforeWrite`),
 * then the journal's. Rounds overlap by one step: the next round's bodies
 * are written while this round's journal entries are, so the disk syncs
 * of the two files are not added up per round. A round's journal entries
 * are still written only after its own bodies are synced and after the
 * previous round's entries, so a durable entry never names bytes that are
 * not. `exclusive` (compaction, close) waits for every round in flight and
 * starts no new one until it is done, which lets compaction switch files
 * between two rounds (`rotate`).
 */
import type { SqlValue } from '../types.ts';
import type { AppendFile, StorageDirectory } from './files.ts';
import type { JournalEntry, JournalStatement } from './journal-codec.ts';
import { encodeEntries } from './journal-codec.ts';

/** `journal-<first sequence, 16 digits>.log` */
export function journalFileName(startSeq: number): string {
  return `journal-${String(startSeq).padStart(16, '0')}.log`;
}

/** The first sequence a journal file name declares, or null for other names. */
export function parseJournalFileName(name: string): number | null {
  const match = /^journal-([0-9]{16})\.log$/.exec(name);
  return match ? Number(match[1]) : null;
}

export interface JournalWriterState {
  file: AppendFile;
  fileName: string;
  /** SQL dictionary already defined in the file. */
  dictionary: Map<string, number>;
  /** Bytes already in the file. */
  size: number;
  /** Sequence of the last entry on disk. */
  lastSeq: number;
}

/** The writer's surface for the store. */
export interface JournalWriter {
  /** Queues a committed write unit; returns its sequence. */
  append(statements: JournalStatement[]): number;
  /** Resolves once every unit appended before the call is on disk. */
  flush(): Promise<void>;
  /** Runs `body` with no other journal I/O in flight. */
  exclusive<T>(body: () => Promise<T>): Promise<T>;
  /** Inside `exclusive`: writes what is queued to the old file, then continues in a new one. */
  rotate(startSeq: number): Promise<void>;
  readonly lastSeq: number;
  readonly currentFileName: string;
  /** Bytes in the current file. */
  readonly size: number;
  /** Syncs what is queued and closes the file. */
  close(): Promise<void>;
}

interface Waiter {
  target: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Creates the writer over an open journal file. `onFailure` hears about the
 * first failed write (the store turns read-only); `onSynced` runs after each
 * round (the store checks whether to compact); `beforeWrite` (the body
 * log's write and sync) once a round took what is queued, before the
 * journal bytes are written.
 */
export function createJournalWriter(
  directory: StorageDirectory,
  state: JournalWriterState,
  hooks: { onFailure(error: Error): void; onSynced(): void; beforeWrite?(): Promise<void> },
): JournalWriter {
  let { file, fileName, dictionary, size } = state;
  let lastSeq = state.lastSeq;
  let durableSeq = state.lastSeq;
  let queue: JournalEntry[] = [];
  let waiters: Waiter[] = [];
  let failure: Error | null = null;
  /** The promise of the newest flush and the sequence it waits for. */
  let latestFlush: { target: number; done: Promise<void> } | null = null;
  let roundScheduled = false;
  /** The journal step of every round in flight, then each exclusive section, in order. */
  let ioTail: Promise<unknown> = Promise.resolve();
  /** The body step of the newest round, while it runs: the next round starts when it is done. */
  let bodiesStep: Promise<void> | null = null;
  /** Exclusive sections waiting or running: no round starts meanwhile. */
  let held = 0;

  const enqueue = <T>(body: () => Promise<T>): Promise<T> => {
    const run = ioTail.then(body);
    ioTail = run.catch(() => undefined);
    return run;
  };
  const exclusive = <T>(body: () => Promise<T>): Promise<T> => {
    held += 1;
    return enqueue(body).finally(() => {
      held -= 1;
      if (held === 0 && queue.length > 0 && waiters.length > 0) schedule();
    });
  };
  const settle = (): void => {
    const still: Waiter[] = [];
    for (const waiter of waiters) {
      if (failure) waiter.reject(failure);
      else if (waiter.target <= durableSeq) waiter.resolve();
      else still.push(waiter);
    }
    waiters = still;
  };
  const fail = (error: unknown): never => {
    const wrapped = error instanceof Error ? error : new Error(String(error));
    if (!failure) {
      failure = wrapped;
      hooks.onFailure(wrapped);
    }
    settle();
    throw wrapped;
  };
  /** Writes and fsyncs every queued unit to the current file. */
  const drain = async (): Promise<void> => {
    if (failure) throw failure;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      await hooks.beforeWrite?.();
      const bytes = encodeEntries(batch, dictionary);
      await file.append(bytes);
      size += bytes.length;
      await file.sync();
    } catch (error) {
      fail(error);
    }
    durableSeq = batch[batch.length - 1]!.seq;
    settle();
  };
  /** Starts a round with everything queued: its body step now, its journal step after the previous round's. */
  const startRound = (): void => {
    if (bodiesStep !== null) return; // still scheduled: the body step's end starts it
    roundScheduled = false;
    if (failure || held > 0) return; // an exclusive section's end schedules again
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const bodiesSynced = hooks.beforeWrite?.() ?? Promise.resolve();
    const step = bodiesSynced.then(
      () => {
        if (bodiesStep === step) bodiesStep = null;
        if (roundScheduled) startRound();
      },
      (error: unknown) => {
        if (bodiesStep === step) bodiesStep = null;
        try {
          fail(error);
        } catch {
          // recorded: every waiter is rejected
        }
      },
    );
    bodiesStep = step;
    void enqueue(async () => {
      try {
        await bodiesSynced;
        if (failure) throw failure; // an earlier round failed: nothing more is written
        const bytes = encodeEntries(batch, dictionary);
        await file.append(bytes);
        size += bytes.length;
        await file.sync();
      } catch (error) {
        try {
          fail(error);
        } catch {
          return;
        }
      }
      durableSeq = batch[batch.length - 1]!.seq;
      settle();
      hooks.onSynced();
    });
  };
  /** A round for what is queued: at once, or when the round whose bodies are being written is past that step. */
  const schedule = (): void => {
    if (roundScheduled) return;
    roundScheduled = true;
    if (bodiesStep === null) queueMicrotask(startRound);
  };

  return {
    append(statements) {
      if (failure) throw failure;
      lastSeq += 1;
      queue.push({ seq: lastSeq, statements: statements.map((s) => ({ sql: s.sql, params: s.params as SqlValue[] })) });
      return lastSeq;
    },
    flush() {
      if (failure) return Promise.reject(failure);
      if (durableSeq >= lastSeq) return Promise.resolve();
      // Callers with nothing appended in between wait for the same sequence: they share one promise.
      if (latestFlush?.target !== lastSeq) {
        const target = lastSeq;
        latestFlush = { target, done: new Promise<void>((resolve, reject) => waiters.push({ target, resolve, reject })) };
      }
      schedule();
      return latestFlush.done;
    },
    exclusive,
    async rotate(startSeq) {
      await drain();
      try {
        await file.close();
        fileName = journalFileName(startSeq);
        file = await directory.openAppend(fileName);
        dictionary = new Map();
        size = 0;
      } catch (error) {
        fail(error);
      }
    },
    get lastSeq() {
      return lastSeq;
    },
    get currentFileName() {
      return fileName;
    },
    get size() {
      return size;
    },
    close() {
      return exclusive(async () => {
        try {
          await drain();
        } finally {
          await file.close();
        }
      });
    },
  };
}
