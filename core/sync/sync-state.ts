import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FileStore } from '../deps.ts';

/** Written by `svc sync pull` after a bundle is on disk: `{last_synced, source}`. */
export const SYNC_STATE_FILE = 'sync-state.json';

const SyncStateSchema = Type.Object(
  { last_synced: Type.String(), source: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** When the last pull finished (RFC 3339), or null before the first one (or when the marker is unreadable). */
export async function readLastSynced(files: FileStore): Promise<string | null> {
  try {
    const bytes = await files.read(SYNC_STATE_FILE);
    if (bytes === null) return null;
    const state: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return Value.Check(SyncStateSchema, state) ? state.last_synced : null;
  } catch {
    return null;
  }
}

/** Records a finished pull. `source` is the URL without credentials or query. */
export async function writeSyncState(files: FileStore, lastSynced: string, source: string): Promise<void> {
  await files.writeAtomic(SYNC_STATE_FILE, `${JSON.stringify({ last_synced: lastSynced, source }, null, 2)}\n`);
}
