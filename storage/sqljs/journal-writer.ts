/**
 * Appends committed write units to the current journal file with group
 * commit: `append` only queues (synchronously, in commit order); `flush`
 * waits for a round that writes everything queued so far and fsyncs once,
 * so any number of concurrent callers share one disk sync.
 *
 * A round writes the body log (`bodies.write`: the bytes the round's rows
 * refer to) and the journal at the same time, so a decision waits for one
 * disk sync instead of two in a row (on a busy disk a sync took 10-20 ms).
 * The round is durable, and its flushes resolve, once both are. A crash
 * between the two can leave journal entries whose body bytes never reached
 * the disk: the first entry of each round carries the body log's end it
 * needs (`bodiesEnd`), and the store's start-up discards an entry, and
 * everything after it, when the body log is shorter (no caller was told it
 * was durable). One round is in flight at a time; what is queued meanwhile
 * goes in the next. `exclusive` (compaction, close) waits for the round in
 * flight and starts no new one until it is done, which lets compaction
 * switch files between two rounds (`rotate`).
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

/** The body log as a round writes it (storage/sqljs/body-log.ts). */
export interface RoundBodies {
  /** The end of every byte appended so far (written or not). */
  end(): number;
  /** Writes and syncs every byte appended so far. */
  write(): Promise<void>;
}

/**
 * Creates the writer over an open journal file. `onFailure` hears about the
 * first failed write (the store turns read-only); `onSynced` runs after each
 * round (the store checks whether to compact); `bodies`, when the store has
 * a body log, is written in each round beside the journal.
 */
export function createJournalWriter(
  directory: StorageDirectory,
  state: JournalWriterState,
  hooks: { onFailure(error: Error): void; onSynced(): void; bodies?: RoundBodies },
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
  /** The round in flight, then each exclusive section, in order. */
  let ioTail: Promise<unknown> = Promise.resolve();
  /** True while a round writes: the next starts when it is done. */
  let writing = false;
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
  /** Writes `batch` to the journal and syncs it; its first entry names the body log's end it needs. */
  const writeEntries = async (batch: JournalEntry[], bodiesEnd: number | undefined): Promise<void> => {
    const stamped = bodiesEnd === undefined ? batch : [{ ...batch[0]!, bodiesEnd }, ...batch.slice(1)];
    const bytes = encodeEntries(stamped, dictionary);
    await file.append(bytes);
    size += bytes.length;
    await file.sync();
  };
  /** Writes both files of a batch at once; resolves when both are synced. */
  const writeRound = (batch: JournalEntry[]): Promise<void> => {
    const bodiesEnd = hooks.bodies?.end();
    return Promise.all([hooks.bodies?.write(), writeEntries(batch, bodiesEnd)]).then(() => undefined);
  };
  /** Writes and syncs every queued unit to the current file (inside an exclusive section). */
  const drain = async (): Promise<void> => {
    if (failure) throw failure;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      await writeRound(batch);
    } catch (error) {
      fail(error);
    }
    durableSeq = batch[batch.length - 1]!.seq;
    settle();
  };
  /** Starts a round with everything queued, after any exclusive section queued before it. */
  const startRound = (): void => {
    if (writing) return; // the round in flight starts the next when it ends
    roundScheduled = false;
    if (failure || held > 0) return; // an exclusive section's end schedules again
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    writing = true;
    const round = enqueue(async () => {
      try {
        if (failure) throw failure; // an earlier round failed: nothing more is written
        await writeRound(batch);
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
    void round.finally(() => {
      writing = false;
      if (roundScheduled) startRound();
    });
  };
  /** A round for what is queued: at once, or when the round in flight is done. */
  const schedule = (): void => {
    if (roundScheduled) return;
    roundScheduled = true;
    if (!writing) queueMicrotask(startRound);
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
