/**
 * The storage interface core uses for everything it persists.
 *
 * Both implementations are SQLite underneath (sql.js on Node and Deno, the
 * Durable Object's SQL storage on Workers), so the contract is a narrow,
 * synchronous SQL surface plus one asynchronous durability barrier:
 *
 * - `run`, `all`, `get` and `transaction` act on the in-memory state at once.
 * - `flush()` resolves once every write issued before the call is durable on
 *   disk. Callers that acknowledge a decision await it first; concurrent
 *   callers share one disk sync (group commit).
 * - A write that cannot be made durable makes `flush()` reject and puts the
 *   store in `readOnly` mode: later writes throw `StorageReadOnlyError`.
 *
 * Core never learns which implementation it holds.
 */
export type SqlValue = string | number | bigint | null | Uint8Array;

export type Row = Record<string, SqlValue>;

export interface Storage {
  /** Executes one statement that writes (or DDL). Journaled for durability. */
  run(sql: string, params?: readonly SqlValue[]): void;
  /** Every row of a query. */
  all<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): T[];
  /** The first row of a query, or undefined. */
  get<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): T | undefined;
  /**
   * Runs `body` atomically: either every write inside it is applied (and
   * journaled as one unit) or none is. The body is synchronous.
   */
  transaction<T>(body: () => T): T;
  /** Resolves when every write issued so far is durable. Rejects on I/O failure. */
  flush(): Promise<void>;
  /** True once a durable write has failed; the store then refuses writes. */
  readonly readOnly: boolean;
  /**
   * Large values kept outside the SQL state (audit record bodies on the
   * sql.js store, so its in-memory image holds only what queries use);
   * absent where the SQL state is not held in memory.
   */
  readonly bodies?: BodyLog;
  /** What opening found beyond a clean state; absent when there is nothing to report. */
  readonly recovery?: StorageRecovery;
  /**
   * Writes the state as it is now where a store keeps a journal to replay
   * at start (so a large one-time rewrite, such as a migration, is not
   * replayed at every start); absent elsewhere.
   */
  compact?(): Promise<void>;
  /**
   * Commits the write units applied so far to the database itself, where a
   * store lets them share one longer transaction (sql.js: what SQLite keeps
   * to undo them is released); for a long run of large units. Absent where
   * each unit commits on its own.
   */
  settle?(): void;
  /** Flushes and releases resources. */
  close(): Promise<void>;
}

/**
 * An append-only file of opaque byte strings beside the SQL state, read by
 * offset. An append made inside a write unit is durable with that unit: the
 * store writes and syncs the appended bytes before the journal entries of
 * the same round, so a durable row never refers to bytes that are not.
 */
export interface BodyLog {
  /** Queues `bytes` for the next durable round; returns the offset they will have. */
  append(bytes: Uint8Array): number;
  /** `length` bytes at `offset` (appended earlier, durable or not); throws past the end. */
  read(offset: number, length: number): Uint8Array;
  /** Bytes appended so far, durable or not. */
  readonly size: number;
  /**
   * Before any append: cuts off everything from `length` on (bytes a crash
   * left that no durable row refers to), keeping a copy aside; returns the
   * copy's name, or undefined when there was nothing to cut.
   */
  cutFrom(length: number): Promise<string | undefined>;
}

/** What a store found when it opened. */
export interface StorageRecovery {
  /** Bytes of an incomplete final journal entry (a write a crash cut) discarded at open, kept aside in `keptAs`. */
  discardedBytes: number;
  keptAs?: string;
  /**
   * Damage beyond a torn final write (an entry that fails its checksum with
   * more after it, WAL frames that fail theirs): the store opened read-only
   * on what precedes it and left every byte where it was.
   */
  damage?: string;
}

/** Thrown by `run`/`transaction` after a durable write has failed. */
export class StorageReadOnlyError extends Error {
  constructor(message = 'storage is read-only after a failed durable write') {
    super(message);
    this.name = 'StorageReadOnlyError';
  }
}
