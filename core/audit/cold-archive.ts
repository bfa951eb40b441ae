/**
 * Cold archives: records older than `coldAfterDays` (whole UTC days) move
 * out of the hot table into `audit/cold/YYYY-MM-DD.jsonl.gz`, one gzip file
 * per day of one JSON record per line, written atomically through the host's
 * `FileStore`. Each archive gets an anchor row (first/last sequence and
 * hashes, counts). The chain continues across the boundary: the first hot
 * record links to the last archived one.
 *
 * Order of a rotation: verify what is new, write the file, then in one
 * transaction insert the anchor and delete the rows, then flush. A crash
 * before the transaction leaves an orphan file that the next rotation
 * overwrites.
 */
import type { FileStore } from '../deps.ts';
import type { Storage } from '../../storage/types.ts';
import { HttpError } from '../http-error.ts';
import type { AnyAuditRecord, AuditRow } from './audit-record.ts';
import { hashMatches, verifyRow } from './audit-record.ts';
import type { ArchiveRow } from './audit-schema.ts';
import { readArchives } from './audit-schema.ts';
import type { ChainVerifier } from './chain-verifier.ts';
import { gunzipText, gzipText } from './gzip.ts';
import { withBodies } from './audit-bodies.ts';

export const COLD_DIR = 'audit/cold';
const DAY_MS = 86_400_000;
const BATCH = 2000;

export interface ColdArchiveContext {
  storage: Storage;
  files: FileStore;
  verifier: ChainVerifier;
  coldAfterDays: number;
  now: number;
}

/** Moves every whole day older than the cut-off into archives; returns the records moved. */
export async function rotateColdRecords(ctx: ColdArchiveContext): Promise<number> {
  const { storage, verifier } = ctx;
  verifier.verifyNew();
  const cutoff = new Date(Math.floor(ctx.now / DAY_MS) * DAY_MS - ctx.coldAfterDays * DAY_MS).toISOString();
  let moved = 0;
  for (;;) {
    const first = storage.get<AuditRow>('SELECT * FROM audit_records ORDER BY sequence LIMIT 1');
    if (!first || first.timestamp >= cutoff) return moved;
    const day = first.timestamp.slice(0, 10);
    const dayEnd = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
    const limit = dayEnd < cutoff ? dayEnd : cutoff;
    const rows = takeRun(storage, first.sequence, limit);
    const last = rows[rows.length - 1]!;
    const taken = new Set(readArchives(storage).map((archive) => archive.file));
    let file = `${COLD_DIR}/${day}.jsonl.gz`;
    if (taken.has(file)) file = `${COLD_DIR}/${day}.${first.sequence}.jsonl.gz`;
    const records = rows.map((row) => verifyRow(row, verifier.hashHex) ?? verifier.fail(new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit record ${row.sequence} was altered`)));
    const bytes = await gzipText(records.map((record) => `${JSON.stringify(record)}\n`));
    await ctx.files.writeAtomic(file, bytes);
    const counts = { allow: 0, queue: 0, deny: 0, short: 0 };
    for (const row of rows) {
      if (row.kind === 'short') counts.short += 1;
      else counts[row.proxy_action as 'allow' | 'queue' | 'deny'] += 1;
    }
    const archive: ArchiveRow = {
      first_sequence: first.sequence, day, file, first_prev_hash: records[0]!.prev_hash, first_hash: records[0]!.hash,
      last_sequence: last.sequence, last_hash: last.hash, record_count: rows.length,
      allow_count: counts.allow, queue_count: counts.queue, deny_count: counts.deny, short_count: counts.short,
    };
    storage.transaction(() => {
      storage.run(
        `INSERT INTO audit_archives (first_sequence, day, file, first_prev_hash, first_hash, last_sequence, last_hash,
          record_count, allow_count, queue_count, deny_count, short_count, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
        [archive.first_sequence, day, file, archive.first_prev_hash, archive.first_hash, archive.last_sequence,
          archive.last_hash, archive.record_count, counts.allow, counts.queue, counts.deny, counts.short, new Date(ctx.now).toISOString()],
      );
      storage.run('DELETE FROM audit_records WHERE sequence >= ? AND sequence <= ?', [first.sequence, last.sequence]);
      storage.run('UPDATE audit_anchor SET full_count = full_count - ?, short_count = short_count - ? WHERE id = 1', [
        rows.length - counts.short, counts.short,
      ]);
    });
    // Before any await: a read in between must already see the new boundary.
    verifier.noteArchived(archive);
    await storage.flush();
    moved += rows.length;
  }
}

/** The leading run of rows from `sequence` with timestamps before `limit`. */
function takeRun(storage: Storage, sequence: number, limit: string): AuditRow[] {
  const rows: AuditRow[] = [];
  let after = sequence - 1;
  for (;;) {
    const batch = withBodies(storage, storage.all<AuditRow>('SELECT * FROM audit_records WHERE sequence > ? ORDER BY sequence LIMIT ?', [after, BATCH]));
    for (const row of batch) {
      if (row.timestamp >= limit) return rows;
      rows.push(row);
    }
    if (batch.length < BATCH) return rows;
    after = batch[batch.length - 1]!.sequence;
  }
}

/**
 * Reads and verifies one archive, oldest record first. A file that is
 * missing or does not match its anchor fails the chain with
 * `AUDIT_CHAIN_ANCHOR_MISMATCH`; an altered record inside with
 * `AUDIT_CHAIN_BROKEN`.
 */
export async function readArchive(files: FileStore, archive: ArchiveRow, verifier: ChainVerifier): Promise<AnyAuditRecord[]> {
  const mismatch = (why: string): never =>
    verifier.fail(new HttpError(500, 'AUDIT_CHAIN_ANCHOR_MISMATCH', `audit archive ${archive.file} ${why}`));
  const bytes = await files.read(archive.file);
  if (!bytes) return mismatch('is missing');
  let records: AnyAuditRecord[];
  try {
    records = (await gunzipText(bytes)).split('\n').filter((line) => line.length > 0).map((line) => JSON.parse(line) as AnyAuditRecord);
  } catch {
    return mismatch('is unreadable');
  }
  const first = records[0];
  const last = records[records.length - 1];
  if (!first || first.sequence !== archive.first_sequence || first.prev_hash !== archive.first_prev_hash || first.hash !== archive.first_hash) {
    mismatch('does not start where its anchor says');
  }
  if (!last || last.sequence !== archive.last_sequence || last.hash !== archive.last_hash || records.length !== archive.record_count) {
    mismatch('does not end where its anchor says');
  }
  let previous = { sequence: archive.first_sequence - 1, hash: archive.first_prev_hash };
  for (const record of records) {
    if (record.sequence !== previous.sequence + 1 || record.prev_hash !== previous.hash || !hashMatches(record, verifier.hashHex)) {
      verifier.fail(new HttpError(500, 'AUDIT_CHAIN_BROKEN', `archived audit record ${record.sequence} was altered`));
    }
    previous = record;
  }
  return records;
}

/** Archive anchors selected by `from_date` (YYYY-MM-DD; archives of that day and later), newest first. */
export function selectArchives(storage: Storage, fromDate: string | null): ArchiveRow[] {
  return readArchives(storage)
    .filter((archive) => fromDate === null || archive.day >= fromDate)
    .reverse();
}
