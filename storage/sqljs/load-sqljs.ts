/**
 * Loads sql.js once per process. Hosts pass the WASM bytes (`wasmBinary`) so
 * no host-specific file lookup happens inside sql.js; without them sql.js
 * finds its WASM next to itself (works on Node).
 */
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | null = null;

/** The sql.js module, initialised on first call. */
export function loadSqlJs(wasmBinary?: Uint8Array): Promise<SqlJsStatic> {
  loading ??= initSqlJs(wasmBinary ? { wasmBinary: toArrayBuffer(wasmBinary) } : undefined).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}
