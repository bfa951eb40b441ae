/**
 * `Storage` over a Durable Object's SQL storage (`ctx.storage.sql`), for the
 * Workers host: `createDurableObjectStorage(ctx.storage)`.
 *
 * Durability is the runtime's: a DO's writes are committed before its output
 * is released, so `flush()` only waits for `sync()` where the runtime offers
 * it. `BEGIN`/`COMMIT` are not allowed on DO SQL; `transaction` uses
 * `transactionSync`. Blobs cross as ArrayBuffer and come back as Uint8Array.
 */
import type { Row, SqlValue, Storage, StorageRecovery } from './types.ts';
import { StorageReadOnlyError } from './types.ts';

type DoValue = string | number | null | ArrayBuffer;

/** The part of Cloudflare's `SqlStorageCursor` used here. */
export interface SqlCursorLike {
  toArray(): Array<Record<string, unknown>>;
}

/** The part of Cloudflare's `SqlStorage` used here. */
export interface SqlStorageLike {
  exec(query: string, ...bindings: DoValue[]): SqlCursorLike;
}

/** The part of Cloudflare's `DurableObjectStorage` used here. */
export interface DurableObjectStorageLike {
  sql: SqlStorageLike;
  transactionSync<T>(body: () => T): T;
  sync?(): Promise<void>;
}

/**
 * Wraps a Durable Object's storage. `recovery` is what the host found on disk
 * before the runtime opened the store (adapters/workers/store-check.ts): with
 * `damage`, the store is read-only as far as core knows (writes still apply,
 * since start-up creates tables, but no flush succeeds, so nothing is
 * acknowledged), as the sql.js store does on damage.
 */
export function createDurableObjectStorage(storage: DurableObjectStorageLike, recovery?: StorageRecovery): Storage {
  const damaged = recovery?.damage !== undefined;
  let readOnly = damaged;
  let closed = false;
  let depth = 0;
  const query = (sql: string, params: readonly SqlValue[]): Row[] =>
    storage.sql.exec(sql, ...params.map(toDoValue)).toArray().map(fromDoRow);
  const assertWritable = (): void => {
    if ((readOnly && !damaged) || closed) throw new StorageReadOnlyError();
  };
  return {
    run(sql, params = []) {
      assertWritable();
      storage.sql.exec(sql, ...params.map(toDoValue)).toArray();
    },
    all<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): T[] {
      return query(sql, params) as T[];
    },
    get<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): T | undefined {
      return query(sql, params)[0] as T | undefined;
    },
    transaction<T>(body: () => T): T {
      if (depth > 0) return body();
      assertWritable();
      depth = 1;
      try {
        return storage.transactionSync(body);
      } finally {
        depth = 0;
      }
    },
    async flush() {
      if (damaged) throw new StorageReadOnlyError('storage is damaged; nothing more is written');
      if (readOnly) throw new StorageReadOnlyError();
      try {
        await storage.sync?.();
      } catch (error) {
        readOnly = true;
        throw error;
      }
    },
    get readOnly() {
      return readOnly;
    },
    recovery,
    async close() {
      if (closed) return;
      await this.flush().catch(() => undefined);
      closed = true;
    },
  };
}

function toDoValue(value: SqlValue): DoValue {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (value instanceof Uint8Array) return value.slice().buffer;
  return value;
}

function fromDoRow(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof ArrayBuffer) out[key] = new Uint8Array(value);
    else if (typeof value === 'string' || typeof value === 'number' || value === null) out[key] = value;
    else if (typeof value === 'bigint') out[key] = value;
    else out[key] = value === undefined ? null : String(value);
  }
  return out;
}
