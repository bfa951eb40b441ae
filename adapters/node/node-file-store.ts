import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FileStore } from '../../core/deps.ts';

/** Resolves a config-dir-relative path, refusing anything that would leave the root. */
export function resolveInside(root: string, path: string): string {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`refusing unsafe path ${JSON.stringify(path)}`);
  }
  const full = resolve(root, path);
  if (!full.startsWith(resolve(root) + sep)) throw new Error(`refusing path outside the config dir: ${path}`);
  return full;
}

/** Writes a file atomically: temp file in the same directory, fsync, rename, fsync the directory. */
export async function writeFileAtomic(full: string, data: Uint8Array | string, mode = 0o644): Promise<void> {
  await mkdir(dirname(full), { recursive: true, mode: 0o700 });
  const temp = `${full}.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temp, full);
  const dir = await open(dirname(full), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** The config dir on the local disk. */
export function createNodeFileStore(root: string): FileStore {
  return {
    async read(path) {
      try {
        return new Uint8Array(await readFile(resolveInside(root, path)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    writeAtomic: (path, data, options) => writeFileAtomic(resolveInside(root, path), data, options?.mode),
    async remove(path) {
      try {
        await rm(resolveInside(root, path));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async list(dir) {
      try {
        const full = dir === '' || dir === '.' ? root : resolveInside(root, dir);
        return (await readdir(full)).sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
    async stat(path) {
      try {
        const info = await stat(resolveInside(root, path));
        return { size: info.size, mtimeMs: info.mtimeMs };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
