/**
 * The synchronous SQL half of a `Storage` on one sql.js database: `run`,
 * `all`, `get` and `transaction`, with every committed write unit handed to
 * `onCommit` (the journal) exactly once and only after it succeeded.
 *
 * Write units share SQLite transactions. Durability comes from the journal,
 * not from SQLite, so a unit only needs to be atomic and visible, which a
 * savepoint (or a single statement) inside a longer SQLite transaction gives.
 * The SQLite COMMIT, which writes every dirty page into Emscripten's file
 * system, then runs once per group (`settle`, which the store calls on a
 * timer, before an export and at close) instead of once per unit. Should
 * SQLite ever abandon the shared transaction after an error, the units since
 * its BEGIN are re-applied, so memory never loses a journaled unit.
 */
import type { BindParams, Database, Statement } from 'sql.js';
import type { Row, SqlValue, Storage } from '../types.ts';
import { StorageReadOnlyError } from '../types.ts';
import type { JournalStatement } from './journal-codec.ts';
import { bindable } from './text-binding.ts';

/** The SQL surface plus what the durable store needs underneath. */
export interface SqlJsEngine extends Pick<Storage, 'run' | 'all' | 'get' | 'transaction'> {
  /** Applies a replayed write unit without journaling it again. */
  replay(statements: readonly JournalStatement[]): void;
  /** A consistent image of the database (sql.js `export`). */
  exportImage(): Uint8Array;
  /** The underlying database (for internal bookkeeping statements; `settle` first). */
  readonly db: Database;
  /** Commits the SQLite transaction the units since the last settle share. */
  settle(): void;
  close(): void;
}

export interface SqlJsEngineHooks {
  /** Receives each committed write unit, in commit order. */
  onCommit(statements: JournalStatement[]): void;
  /** When true, writes throw `StorageReadOnlyError`. */
  isReadOnly(): boolean;
  /** A shared SQLite transaction has begun; `settle` should follow soon. */
  onOpen?(): void;
}

const MAX_CACHED_STATEMENTS = 256;
/** A schema statement that changes nothing when its object exists (a plain name: quoted ones are left to SQLite). */
const CREATE_IF_NOT_EXISTS = /^CREATE\s+(?:UNIQUE\s+)?(TABLE|INDEX)\s+IF\s+NOT\s+EXISTS\s+([A-Za-z_][A-Za-z0-9_]*)[\s(]/;

/** Wraps a sql.js database. */
export function createSqlJsEngine(db: Database, hooks: SqlJsEngineHooks): SqlJsEngine {
  applyPragmas(db);
  const cache = new Map<string, Statement>();
  let depth = 0;
  let pending: JournalStatement[] = [];
  /** Whether a shared SQLite transaction is open, and the units applied in it. */
  let open = false;
  let applied: JournalStatement[][] = [];

  const prepare = (sql: string): Statement => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      if (cache.size >= MAX_CACHED_STATEMENTS) {
        const [oldestSql, oldest] = cache.entries().next().value as [string, Statement];
        oldest.free();
        cache.delete(oldestSql);
      }
      cache.set(sql, statement);
    }
    return statement;
  };
  const query = (sql: string, params: readonly SqlValue[], limit: number): Row[] => {
    const bound = bindable(sql, params);
    const statement = prepare(bound.sql);
    try {
      statement.bind(bound.params as BindParams);
      const rows: Row[] = [];
      // getAsObject re-reads every column name per row; read them once per query.
      let names: string[] | null = null;
      while (rows.length < limit && statement.step()) {
        names ??= statement.getColumnNames();
        const values = statement.get();
        const row: Row = {};
        for (let i = 0; i < names.length; i++) row[names[i]!] = values[i] as SqlValue;
        rows.push(row);
      }
      return rows;
    } finally {
      statement.reset();
    }
  };
  const execute = (sql: string, params: readonly SqlValue[]): void => {
    const bound = bindable(sql, params);
    const statement = prepare(bound.sql);
    try {
      statement.run(bound.params as BindParams);
    } finally {
      statement.reset();
    }
  };
  const assertWritable = (): void => {
    if (hooks.isReadOnly()) throw new StorageReadOnlyError();
  };
  const begin = (): void => {
    if (open) return;
    execute('BEGIN', []);
    open = true;
    applied = [];
    hooks.onOpen?.();
  };
  function settle(): void {
    if (!open || depth > 0) return;
    execute('COMMIT', []);
    open = false;
    applied = [];
  }
  /**
   * After a failed unit: SQLite normally undid only that unit (statement or
   * savepoint), but some errors end the whole transaction. A BEGIN that
   * succeeds tells which; then the units applied since the old BEGIN, all
   * journaled already, are applied again.
   */
  const recover = (): void => {
    if (!open) return;
    try {
      execute('BEGIN', []);
    } catch {
      return; // still inside the shared transaction: nothing was lost
    }
    for (const unit of applied) for (const statement of unit) execute(statement.sql, statement.params);
  };

  /** True for `CREATE [UNIQUE] TABLE|INDEX IF NOT EXISTS name` when `name` exists: nothing to apply or journal. */
  const alreadyCreated = (sql: string): boolean => {
    if (sql.charCodeAt(0) !== 67 /* C */) return false;
    const match = CREATE_IF_NOT_EXISTS.exec(sql);
    if (!match) return false;
    return query('SELECT 1 AS present FROM sqlite_master WHERE type = ? AND name = ?', [match[1]!.toLowerCase(), match[2]!], 1).length > 0;
  };

  return {
    db,
    run(sql, params = []) {
      assertWritable();
      // Every start re-runs its schema's `IF NOT EXISTS` statements: journaled, each would be an entry to replay and a reason to compact at close.
      if (alreadyCreated(sql)) return;
      const statement = { sql, params: [...params] };
      if (depth > 0) {
        execute(sql, params);
        pending.push(statement);
        return;
      }
      begin();
      try {
        execute(sql, params);
      } catch (error) {
        recover();
        throw error;
      }
      applied.push([statement]);
      hooks.onCommit([statement]);
    },
    all<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): T[] {
      return query(sql, params, Infinity) as T[];
    },
    get<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): T | undefined {
      return query(sql, params, 1)[0] as T | undefined;
    },
    transaction<T>(body: () => T): T {
      if (depth > 0) return body();
      assertWritable();
      begin();
      execute('SAVEPOINT unit', []);
      depth = 1;
      pending = [];
      try {
        const result = body();
        execute('RELEASE unit', []);
        depth = 0;
        const committed = pending;
        pending = [];
        if (committed.length > 0) {
          applied.push(committed);
          hooks.onCommit(committed);
        }
        return result;
      } catch (error) {
        depth = 0;
        pending = [];
        try {
          execute('ROLLBACK TO unit', []);
          execute('RELEASE unit', []);
        } catch {
          // The savepoint is gone with the shared transaction; recover() re-applies.
        }
        recover();
        throw error;
      }
    },
    replay(statements) {
      settle();
      if (statements.length === 1) {
        execute(statements[0]!.sql, statements[0]!.params);
        return;
      }
      execute('BEGIN', []);
      try {
        for (const statement of statements) execute(statement.sql, statement.params);
        execute('COMMIT', []);
      } catch (error) {
        rollbackQuietly(db);
        throw error;
      }
    },
    settle,
    exportImage() {
      settle();
      // sql.js `export` closes and reopens the database, freeing every prepared statement.
      cache.clear();
      const image = db.export();
      applyPragmas(db);
      return image;
    },
    close() {
      settle();
      for (const statement of cache.values()) statement.free();
      cache.clear();
      db.close();
    },
  };
}

function rollbackQuietly(db: Database): void {
  try {
    db.run('ROLLBACK');
  } catch {
    // SQLite already rolled back (some errors end the transaction themselves).
  }
}

/**
 * Durability comes from our own journal, so SQLite's rollback journal can
 * live in memory: otherwise every transaction creates, writes and deletes a
 * journal file in Emscripten's in-memory file system, which dominates the
 * cost of a small write. This process is the database's only user, so it
 * holds the file lock for good (`locking_mode = EXCLUSIVE`): without it every
 * transaction re-takes the lock and stats the file system for a hot journal
 * (a path lookup in Emscripten's JS file system, a sizeable share of a
 * small insert).
 */
function applyPragmas(db: Database): void {
  db.run('PRAGMA journal_mode = MEMORY');
  db.run('PRAGMA synchronous = OFF');
  db.run('PRAGMA temp_store = MEMORY');
  db.run('PRAGMA locking_mode = EXCLUSIVE');
}
