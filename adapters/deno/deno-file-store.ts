import type { FileStore } from '../../core/deps.ts';
import { assertRelativePath } from '../shared/relative-path.ts';

function isMissing(error: unknown): boolean {
  return error instanceof Deno.errors.NotFound;
}

function parentOf(full: string): string {
  return full.slice(0, full.lastIndexOf('/'));
}

async function syncDir(path: string): Promise<void> {
  try {
    using dir = await Deno.open(path, { read: true });
    await dir.sync();
  } catch {
    // Directory fsync is best effort where the platform refuses it.
  }
}

/** Writes atomically: temp file in the same directory, fsync, rename, fsync the directory. */
async function writeFileAtomic(full: string, data: Uint8Array | string, mode: number): Promise<void> {
  await Deno.mkdir(parentOf(full), { recursive: true, mode: 0o700 });
  const temp = `${full}.tmp-${crypto.randomUUID().slice(0, 8)}`;
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  try {
    using file = await Deno.open(temp, { write: true, createNew: true, mode });
    await Deno.chmod(temp, mode); // exact mode whatever the umask
    let offset = 0;
    while (offset < bytes.length) offset += await file.write(bytes.subarray(offset));
    await file.sync();
  } catch (error) {
    await Deno.remove(temp).catch(() => undefined);
    throw error;
  }
  await Deno.rename(temp, full);
  await syncDir(parentOf(full));
}

/** The config dir on the local disk, through `Deno.*`. */
export function createDenoFileStore(root: string): FileStore {
  const base = root.replace(/\/+$/, '');
  const at = (path: string) => `${base}/${assertRelativePath(path)}`;
  const orNull = async <T>(body: () => Promise<T>): Promise<T | null> => {
    try {
      return await body();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    read: (path) => orNull(() => Deno.readFile(at(path))),
    writeAtomic: (path, data, options) => writeFileAtomic(at(path), data, options?.mode ?? 0o644),
    async remove(path) {
      return (await orNull(() => Deno.remove(at(path)).then(() => true))) ?? false;
    },
    async list(dir) {
      const full = dir === '' || dir === '.' ? base : at(dir);
      const names = await orNull(async () => (await Array.fromAsync(Deno.readDir(full))).map((entry) => entry.name));
      return (names ?? []).sort();
    },
    async stat(path) {
      const info = await orNull(() => Deno.stat(at(path)));
      return info ? { size: info.size, mtimeMs: info.mtime?.getTime() ?? 0 } : null;
    },
  };
}
