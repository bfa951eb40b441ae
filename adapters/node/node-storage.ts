import { hash } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from '../../core/deps.ts';
import { createNodeDirectory, readSqlJsWasm } from '../../storage/sqljs/node-files.ts';
import { openSqljsStorage, type SqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';

/** The embedded durable store under `<config_dir>/audit/`. */
export async function openNodeStorage(configDir: string, log?: Logger): Promise<SqljsStorage> {
  return openSqljsStorage({
    directory: createNodeDirectory(join(configDir, 'audit')),
    wasmBinary: await readSqlJsWasm(),
    // One-shot native SHA-256 for the snapshot's seal: no copy of the image (Web Crypto copies it first).
    digest: (bytes) => hash('sha256', bytes, 'buffer'),
    onWarning: (message, fields) => log?.warn(message, fields),
  });
}
