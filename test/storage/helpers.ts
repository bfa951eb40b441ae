import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppendFile, StorageDirectory } from '../../storage/sqljs/files.ts';

/** A fresh temp dir, removed by the returned cleanup. */
export async function tempDir(): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'svc-storage-'));
  return { path, cleanup: () => rm(path, { recursive: true, force: true }) };
}

/** Wraps a directory, counting syncs and failing on demand. */
export function instrument(inner: StorageDirectory): StorageDirectory & { syncs: number; appends: number; failNextSync: boolean; failSnapshot: boolean } {
  const state = { syncs: 0, appends: 0, failNextSync: false, failSnapshot: false };
  const wrapped: StorageDirectory = {
    ...inner,
    async openAppend(name): Promise<AppendFile> {
      const file = await inner.openAppend(name);
      return {
        append: async (bytes) => {
          state.appends += 1;
          await file.append(bytes);
        },
        sync: async () => {
          state.syncs += 1;
          if (state.failNextSync) throw new Error('EIO: injected');
          await file.sync();
        },
        close: () => file.close(),
      };
    },
    async writeAtomic(name, bytes) {
      if (state.failSnapshot) throw new Error('ENOSPC: injected');
      await inner.writeAtomic(name, bytes);
    },
  };
  return Object.assign(state, wrapped) as StorageDirectory & typeof state;
}
