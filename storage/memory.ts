/**
 * A `Storage` on sql.js with no persistence, for core tests: writes apply at
 * once and `flush()` resolves immediately. `failWrites()` simulates a failed
 * durable write (the next `flush()` rejects and the store turns read-only).
 */
import type { Storage } from './types.ts';
import { loadSqlJs } from './sqljs/load-sqljs.ts';
import { createSqlJsEngine } from './sqljs/sqljs-engine.ts';

/** The in-memory store with its test handle. */
export interface MemoryStorage extends Storage {
  /** Makes the next flush fail as a disk error would. */
  failWrites(error?: Error): void;
}

/** Opens an empty in-memory store. */
export async function createMemoryStorage(options: { wasmBinary?: Uint8Array } = {}): Promise<MemoryStorage> {
  const SQL = await loadSqlJs(options.wasmBinary);
  let readOnly = false;
  let closed = false;
  let unflushed = false;
  let injected: Error | null = null;
  const engine = createSqlJsEngine(new SQL.Database(), {
    isReadOnly: () => readOnly || closed,
    onCommit() {
      unflushed = true;
    },
  });
  return {
    run: engine.run,
    all: engine.all,
    get: engine.get,
    transaction: engine.transaction,
    settle: engine.settle,
    async flush() {
      if (injected && (unflushed || readOnly)) {
        readOnly = true;
        throw injected;
      }
      unflushed = false;
    },
    get readOnly() {
      return readOnly;
    },
    failWrites(error = new Error('injected write failure')) {
      injected = error;
    },
    async close() {
      closed = true;
      engine.close();
    },
  };
}
