import type { FileStore } from '../../core/deps.ts';
import type { SqlStorageLike } from '../../storage/durable-object.ts';
import { assertRelativePath } from '../shared/relative-path.ts';

/**
 * The config-dir files that live on disk: the harness seeds them at every
 * start (the disk wins over the DO copy) and every write core makes to them
 * goes through to the disk first.
 */
export function isSeededPath(path: string): boolean {
  return ['config.toml', 'team-config.toml', 'license.json', 'dashboard.token', 'daemon.token', 'sync-state.json', 'audit.head', 'audit.key'].includes(path)
    || /^(filters\/[^/]+\.toml|policies\/[^/]+\.json|sync\/[^/]+\.json|provider-keys\/[^/]+\.json)$/.test(path);
}

/** Writes through to the real config dir (the harness), for seeded paths. */
export interface DiskMirror {
  write(path: string, data: Uint8Array, mode: number): Promise<void>;
  remove(path: string): Promise<void>;
}

/**
 * The Worker's config dir: a table in the Durable Object's SQLite storage.
 * Writes are atomic because each is one statement on the DO's storage.
 */
export function createDoFileStore(
  sql: SqlStorageLike,
  now: () => number,
  mirror: DiskMirror | null = null,
): FileStore & { seed(files: Record<string, Uint8Array>): void } {
  sql.exec('CREATE TABLE IF NOT EXISTS svc_files (path TEXT PRIMARY KEY, data BLOB NOT NULL, mode INTEGER NOT NULL, mtime INTEGER NOT NULL)');
  const row = (path: string) => sql.exec('SELECT data, mtime FROM svc_files WHERE path = ?', assertRelativePath(path)).toArray()[0];
  const write = (path: string, data: Uint8Array | string, mode: number) => {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    sql.exec('INSERT OR REPLACE INTO svc_files (path, data, mode, mtime) VALUES (?, ?, ?, ?)', assertRelativePath(path), bytes.slice().buffer, mode, now());
  };
  return {
    /** Replaces every seeded path with what the disk holds now (absent on disk: removed). */
    seed(files) {
      for (const { path } of sql.exec('SELECT path FROM svc_files').toArray()) if (isSeededPath(String(path))) sql.exec('DELETE FROM svc_files WHERE path = ?', String(path));
      for (const [path, bytes] of Object.entries(files)) if (isSeededPath(path)) write(path, bytes, path.endsWith('.token') || path === 'audit.key' ? 0o600 : 0o644);
    },
    async read(path) {
      const found = row(path);
      return found ? new Uint8Array(found.data as ArrayBuffer) : null;
    },
    async writeAtomic(path, data, options) {
      const mode = options?.mode ?? 0o644;
      // The disk first: if it refuses, the DO copy keeps the previous state too.
      if (mirror && isSeededPath(assertRelativePath(path))) {
        await mirror.write(path, typeof data === 'string' ? new TextEncoder().encode(data) : data, mode);
      }
      write(path, data, mode);
    },
    async remove(path) {
      const existed = row(path) !== undefined;
      if (mirror && isSeededPath(assertRelativePath(path))) await mirror.remove(path);
      sql.exec('DELETE FROM svc_files WHERE path = ?', assertRelativePath(path));
      return existed;
    },
    async list(dir) {
      const prefix = dir === '' || dir === '.' ? '' : `${assertRelativePath(dir)}/`;
      const names = new Set<string>();
      for (const { path } of sql.exec('SELECT path FROM svc_files').toArray()) {
        const text = String(path);
        if (text.startsWith(prefix)) names.add(text.slice(prefix.length).split('/')[0]!);
      }
      return [...names].sort();
    },
    async stat(path) {
      const found = row(path);
      return found ? { size: (found.data as ArrayBuffer).byteLength, mtimeMs: Number(found.mtime) } : null;
    },
  };
}
