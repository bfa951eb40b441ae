import type { FileStore } from '../../core/deps.ts';

/** A FileStore held in a Map, for in-process tests. `modes` records each write's mode. */
export function createMemoryFileStore(initial: Record<string, string> = {}) {
  const files = new Map<string, Uint8Array>();
  const modes = new Map<string, number>();
  const mtimes = new Map<string, number>();
  for (const [path, text] of Object.entries(initial)) files.set(path, new TextEncoder().encode(text));
  const store: FileStore = {
    async read(path) {
      return files.get(path) ?? null;
    },
    async writeAtomic(path, data, options) {
      files.set(path, typeof data === 'string' ? new TextEncoder().encode(data) : Uint8Array.from(data));
      modes.set(path, options?.mode ?? 0o644);
      mtimes.set(path, Date.now());
    },
    async remove(path) {
      return files.delete(path);
    },
    async list(dir) {
      const prefix = dir === '' || dir === '.' ? '' : `${dir.replace(/\/$/, '')}/`;
      const names = new Set<string>();
      for (const path of files.keys()) {
        if (path.startsWith(prefix)) names.add(path.slice(prefix.length).split('/')[0]!);
      }
      return [...names].sort();
    },
    async stat(path) {
      const data = files.get(path);
      return data ? { size: data.byteLength, mtimeMs: mtimes.get(path) ?? 0 } : null;
    },
  };
  return {
    store,
    modes,
    text: (path: string) => {
      const data = files.get(path);
      return data ? new TextDecoder().decode(data) : null;
    },
    set: (path: string, text: string) => files.set(path, new TextEncoder().encode(text)),
  };
}

/** The handle `createMemoryFileStore` returns. */
export type MemoryFileStore = ReturnType<typeof createMemoryFileStore>;
