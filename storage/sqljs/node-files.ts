/**
 * `StorageDirectory` on `node:fs`: asynchronous I/O on the thread pool so an
 * fsync never blocks the event loop.
 */
import { closeSync, constants, fstatSync, openSync, promises as fs, readSync, write } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AppendFile, ReadAtFile, StorageDirectory } from './files.ts';
import { assertPlainName } from './files.ts';

/**
 * A file's bytes in a buffer of their own, read with as few reads as the
 * kernel allows: `fs.readFile` reads 512 KiB at a time, each read a round
 * trip through the thread pool (a 450 MB snapshot took ~900 of them, seconds
 * on a busy machine).
 */
async function readWhole(path: string, room?: (size: number) => number): Promise<Uint8Array> {
  const handle = await fs.open(path, 'r');
  try {
    // As readFile: the bytes the file holds when it is opened.
    const size = (await handle.stat()).size;
    // The room after them is zeroed pages the kernel maps only once they are written.
    const bytes = new Uint8Array(size + Math.max(0, Math.floor(room?.(size) ?? 0)));
    let length = 0;
    while (length < size) {
      const { bytesRead } = await handle.read(bytes, length, size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return length === bytes.length ? bytes : bytes.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/**
 * Append files are opened with O_DSYNC where the platform has it: each write
 * returns once its bytes are as durable as an fdatasync makes them, so a
 * group commit's append is one trip through the thread pool instead of two
 * (write, then fdatasync), and `sync` has nothing left to do.
 */
const DSYNC_APPEND = constants.O_DSYNC === undefined ? null : constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC;

/**
 * Writes `bytes` from `offset` at the file's end (it is opened to append);
 * resolves with how many were written. The callback form of `fs.write`: the
 * promise form (FileHandle.write) costs the main thread ~35 µs more per call
 * here (a group commit makes two per round).
 */
function writeSome(fd: number, bytes: Uint8Array, offset: number): Promise<number> {
  return new Promise((resolve, reject) => {
    write(fd, bytes, offset, bytes.length - offset, null, (error, written) => (error ? reject(error) : resolve(written)));
  });
}

/** A storage directory at an absolute path. */
export function createNodeDirectory(path: string): StorageDirectory {
  const at = (name: string): string => {
    assertPlainName(name);
    return join(path, name);
  };
  const syncDir = async (): Promise<void> => {
    const handle = await fs.open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return {
    async ensure() {
      await fs.mkdir(path, { recursive: true, mode: 0o700 });
    },
    async list() {
      try {
        return (await fs.readdir(path)).sort();
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
    },
    async read(name, options) {
      try {
        return await readWhole(at(name), options?.room);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async openAppend(name): Promise<AppendFile> {
      const handle = await fs.open(at(name), DSYNC_APPEND ?? 'a', 0o600);
      await syncDir();
      return {
        async append(bytes) {
          let offset = 0;
          while (offset < bytes.length) offset += await writeSome(handle.fd, bytes, offset);
        },
        sync: DSYNC_APPEND === null ? () => handle.datasync() : () => Promise.resolve(),
        close: () => handle.close(),
      };
    },
    async truncate(name, length) {
      const handle = await fs.open(at(name), 'r+');
      try {
        await handle.truncate(length);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async writeAtomic(name, bytes) {
      const temp = at(`${name}.tmp`);
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        // Each writeFile continues where the last one ended.
        for (const chunk of bytes instanceof Uint8Array ? [bytes] : bytes) await handle.writeFile(chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, at(name));
      await syncDir();
    },
    async remove(name) {
      try {
        await fs.unlink(at(name));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    openReadAt(name): ReadAtFile {
      const fd = openSync(at(name), 'r');
      return {
        readAt(offset, length) {
          const bytes = Buffer.allocUnsafe(length);
          for (let done = 0; done < length; ) {
            const read = readSync(fd, bytes, done, length - done, offset + done);
            if (read === 0) throw new RangeError(`${name} ends before byte ${offset + length}`);
            done += read;
          }
          return bytes;
        },
        size: () => fstatSync(fd).size,
        close: () => closeSync(fd),
      };
    },
  };
}

/** The bytes of sql.js's WASM binary from node_modules. */
export async function readSqlJsWasm(): Promise<Uint8Array> {
  const path = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  return new Uint8Array(await fs.readFile(path));
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
