/**
 * The head checkpoint: the sequence and hash of the newest durable audit
 * record, kept in `{config_dir}/audit.head`, outside the audit store, so that
 * a store cut short (records, tables, files or WAL frames gone) is caught at
 * the next start instead of read as a healthy shorter log.
 *
 * It is written off the decision path: at most once per `everyMs`, after a
 * `storage.flush()` that covers the head it names (so it never runs ahead of
 * what is durable), and once more at close. It may lag the store after a
 * crash; it never leads it. While the chain is not healthy it is frozen, so
 * the evidence of what the log once held survives restarts.
 */
import type { FileStore, Logger, Timers } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { Storage } from '../../storage/types.ts';
import { readAnchor, readArchives } from './audit-schema.ts';
import { HASH_HEX } from './audit-record.ts';

export const HEAD_CHECKPOINT_FILE = 'audit.head';

export interface Head {
  sequence: number;
  hash: string;
}

/** What the file held at start: a head, nothing, or something unreadable. */
export type StoredHead = { kind: 'head'; head: Head } | { kind: 'absent' } | { kind: 'unreadable' };

/** Reads the checkpoint file. */
export async function readHeadCheckpoint(files: FileStore): Promise<StoredHead> {
  const bytes = await files.read(HEAD_CHECKPOINT_FILE);
  if (bytes === null) return { kind: 'absent' };
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Partial<Head>;
    if (Number.isSafeInteger(value.sequence) && value.sequence! >= 0 && typeof value.hash === 'string' && /^[0-9a-f]{64}$/.test(value.hash)) {
      return { kind: 'head', head: { sequence: value.sequence!, hash: value.hash } };
    }
  } catch {
    // falls through
  }
  return { kind: 'unreadable' };
}

export interface HeadKeeper {
  /** A head just committed (not yet durable). Cheap: remembers it and arms one timer. */
  note(head: Head): void;
  /** Writes the last noted head once durable; for close. */
  close(): Promise<void>;
}

/** Keeps the checkpoint file up to date with the durable head. */
export function createHeadKeeper(options: {
  files: FileStore;
  storage: Storage;
  timers: Timers;
  /** False while the chain is not healthy: the checkpoint then stays where it was. */
  healthy: () => boolean;
  log?: Logger;
  written?: Head | null;
  everyMs?: number;
}): HeadKeeper {
  const { files, storage, timers } = options;
  const everyMs = options.everyMs ?? 250;
  let written = options.written ?? null;
  let latest: Head | null = null;
  let timer: unknown = null;
  let running: Promise<void> | null = null;

  const writeLatest = async (): Promise<void> => {
    const head = latest;
    if (!options.healthy() || head === null || (written && written.sequence === head.sequence && written.hash === head.hash)) return;
    await storage.flush();
    if (!options.healthy()) return;
    await files.writeAtomic(HEAD_CHECKPOINT_FILE, `${JSON.stringify({ sequence: head.sequence, hash: head.hash })}\n`, { mode: 0o600 });
    written = head;
  };
  const run = (): Promise<void> => {
    running ??= writeLatest()
      .catch((error: unknown) => options.log?.warn('audit head checkpoint not written', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const fire = (): void => {
    timer = null;
    void run().then(() => {
      if (latest && written && latest.sequence !== written.sequence && timer === null) timer = timers.setTimeout(fire, everyMs);
    });
  };
  return {
    note(head) {
      latest = head;
      if (timer === null) timer = timers.setTimeout(fire, everyMs);
    },
    async close() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      if (running) await running;
      await run();
    },
  };
}

/**
 * Why the store does not hold the chain the checkpoint names, or null when
 * it does (the store may be ahead: the checkpoint lags after a crash).
 */
export function compareWithStore(stored: StoredHead, storage: Storage): HttpError | null {
  if (stored.kind === 'absent') return null;
  if (stored.kind === 'unreadable') return new HttpError(500, 'AUDIT_CHAIN_BROKEN', `the audit head checkpoint (${HEAD_CHECKPOINT_FILE}) is unreadable`);
  const { sequence, hash } = stored.head;
  if (sequence === 0) return null;
  if (!readAnchor(storage)) return new HttpError(503, 'AUDIT_CHAIN_UNANCHORED', `audit chain anchor is missing (the head checkpoint is at ${sequence})`);
  const tail = storage.get<{ sequence: number }>('SELECT sequence FROM audit_records ORDER BY sequence DESC LIMIT 1')?.sequence ?? 0;
  const archives = readArchives(storage);
  const storeHead = Math.max(tail, archives[archives.length - 1]?.last_sequence ?? 0);
  if (sequence > storeHead) {
    return new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit records from ${storeHead + 1} are missing: the head checkpoint outside the store is at ${sequence}`);
  }
  const row = storage.get<{ hash: string }>(`SELECT ${HASH_HEX} FROM audit_records WHERE sequence = ?`, [sequence]);
  const archived = archives.find((archive) => archive.first_sequence <= sequence && sequence <= archive.last_sequence);
  const found = row?.hash ?? (archived && archived.last_sequence === sequence ? archived.last_hash : undefined);
  if (found === undefined && !archived) return new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit record ${sequence} is missing`);
  if (found !== undefined && found !== hash) return new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit record ${sequence} does not match the head checkpoint`);
  return null;
}
