/**
 * `StorageDirectory` on the `Deno` namespace, for the Deno host. tsc does not
 * know `Deno`, so the handful of calls used here are declared locally.
 */
import type { AppendFile, ReadAtFile, StorageDirectory } from './files.ts';
import { assertPlainName } from './files.ts';

interface DenoFsFile {
  write(bytes: Uint8Array): Promise<number>;
  syncData(): Promise<void>;
  sync(): Promise<void>;
  truncate(length?: number): Promise<void>;
  close(): void;
}

interface DenoSyncFile {
  seekSync(offset: number, whence: number): number;
  readSync(bytes: Uint8Array): number | null;
  statSync(): { size: number };
  close(): void;
}

interface DenoNamespace {
  openSync(path: string, options?: { read?: boolean }): DenoSyncFile;
  open(path: string, options?: { read?: boolean; write?: boolean; append?: boolean; create?: boolean; truncate?: boolean; mode?: number }): Promise<DenoFsFile>;
  mkdir(path: string, options?: { recursive?: boolean; mode?: number }): Promise<void>;
  readDir(path: string): AsyncIterable<{ name: string }>;
  readFile(path: string | URL): Promise<Uint8Array>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  errors: { NotFound: new (...args: never[]) => Error };
}

declare const Deno: DenoNamespace;

/** A storage directory at an absolute path, through `Deno.*`. */
export function createDenoDirectory(path: string): StorageDirectory {
  const at = (name: string): string => {
    assertPlainName(name);
    return `${path.replace(/\/+$/, '')}/${name}`;
  };
  const syncDir = async (): Promise<void> => {
    try {
      const dir = await Deno.open(path, { read: true });
      try {
        await dir.sync();
      } finally {
        dir.close();
      }
    } catch {
      // Directory fsync is best effort where the platform refuses it.
    }
  };
  const writeAll = async (file: DenoFsFile, bytes: Uint8Array): Promise<void> => {
    let offset = 0;
    while (offset < bytes.length) offset += await file.write(bytes.subarray(offset));
  };
  return {
    async ensure() {
      await Deno.mkdir(path, { recursive: true, mode: 0o700 });
    },
    async list() {
      const names: string[] = [];
      try {
        for await (const entry of Deno.readDir(path)) names.push(entry.name);
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return [];
        throw error;
      }
      return names.sort();
    },
    async read(name) {
      try {
        return await Deno.readFile(at(name));
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
    },
    async openAppend(name): Promise<AppendFile> {
      const file = await Deno.open(at(name), { append: true, create: true, mode: 0o600 });
      await syncDir();
      return {
        append: (bytes) => writeAll(file, bytes),
        sync: () => file.syncData(),
        close: async () => file.close(),
      };
    },
    async truncate(name, length) {
      const file = await Deno.open(at(name), { read: true, write: true });
      try {
        await file.truncate(length);
        await file.sync();
      } finally {
        file.close();
      }
    },
    async writeAtomic(name, bytes) {
      const temp = at(`${name}.tmp`);
      const file = await Deno.open(temp, { write: true, create: true, truncate: true, mode: 0o600 });
      try {
        for (const chunk of bytes instanceof Uint8Array ? [bytes] : bytes) await writeAll(file, chunk);
        await file.sync();
      } finally {
        file.close();
      }
      await Deno.rename(temp, at(name));
      await syncDir();
    },
    async remove(name) {
      try {
        await Deno.remove(at(name));
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      }
    },
    openReadAt(name): ReadAtFile {
      const file = Deno.openSync(at(name), { read: true });
      return {
        readAt(offset, length) {
          const bytes = new Uint8Array(length);
          file.seekSync(offset, 0);
          for (let done = 0; done < length; ) {
            const read = file.readSync(bytes.subarray(done));
            if (!read) throw new RangeError(`${name} ends before byte ${offset + length}`);
            done += read;
          }
          return bytes;
        },
        size: () => file.statSync().size,
        close: () => file.close(),
      };
    },
  };
}

/** The bytes of sql.js's WASM binary, read relative to this module. */
export function readSqlJsWasmDeno(): Promise<Uint8Array> {
  return Deno.readFile(new URL('../../node_modules/sql.js/dist/sql-wasm.wasm', import.meta.url));
}
