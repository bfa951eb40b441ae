/**
 * `bodies.log`: the sql.js store's `BodyLog`. Appends are queued in memory
 * (readable at once) and written by the journal writer's next round, beside
 * that round's journal entries; the round is durable once both are synced,
 * and a journaled row whose bytes a crash lost is discarded at start (its
 * round names the log's end it needs: journal-writer.ts). Reads of durable bytes go to the
 * file (`readAt`); the file is never rewritten, and compaction leaves it be,
 * so the snapshot image holds only the SQL state.
 */
import type { BodyLog } from '../types.ts';
import type { AppendFile, ReadAtFile, StorageDirectory } from './files.ts';

export const BODY_LOG_FILE = 'bodies.log';

/** The log plus what the store drives: the write step of a journal round, and close. */
export interface BodyLogFile extends BodyLog {
  /** Writes and syncs everything queued so far. */
  writeQueued(): Promise<void>;
  close(): Promise<void>;
}

/** Opens (creating) `bodies.log`, or null where the directory cannot read at an offset. */
export async function openBodyLog(directory: StorageDirectory): Promise<BodyLogFile | null> {
  if (!directory.openReadAt) return null;
  let file: AppendFile = await directory.openAppend(BODY_LOG_FILE);
  let reader: ReadAtFile = directory.openReadAt(BODY_LOG_FILE);
  /** Bytes on disk (written and synced). */
  let durable = reader.size();
  /** Appended bytes not yet durable, by offset (in flight or queued). */
  const held = new Map<number, Uint8Array>();
  let queued: Array<{ offset: number; bytes: Uint8Array }> = [];
  let size = durable;

  return {
    append(bytes) {
      const offset = size;
      held.set(offset, bytes);
      queued.push({ offset, bytes });
      size += bytes.length;
      return offset;
    },
    read(offset, length) {
      const kept = held.get(offset);
      if (kept && kept.length === length) return kept;
      if (offset + length > durable) throw new RangeError(`${BODY_LOG_FILE} holds no bytes ${offset}..${offset + length}`);
      return reader.readAt(offset, length);
    },
    get size() {
      return size;
    },
    async writeQueued() {
      if (queued.length === 0) return;
      const batch = queued;
      queued = [];
      const total = batch.reduce((sum, entry) => sum + entry.bytes.length, 0);
      const bytes = new Uint8Array(total);
      let at = 0;
      for (const entry of batch) {
        bytes.set(entry.bytes, at);
        at += entry.bytes.length;
      }
      await file.append(bytes);
      await file.sync();
      durable = batch[0]!.offset + total;
      for (const entry of batch) held.delete(entry.offset);
    },
    async cutFrom(length) {
      if (size !== durable || length >= durable) return undefined;
      const rest = reader.readAt(length, durable - length);
      const keptAs = `torn-${BODY_LOG_FILE}-at-${length}.bin`;
      await directory.writeAtomic(keptAs, rest);
      await file.close();
      reader.close();
      await directory.truncate(BODY_LOG_FILE, length);
      file = await directory.openAppend(BODY_LOG_FILE);
      reader = directory.openReadAt!(BODY_LOG_FILE);
      durable = size = length;
      return keptAs;
    },
    async close() {
      await file.close();
      reader.close();
    },
  };
}
