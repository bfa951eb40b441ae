/**
 * Verifies the hash chain: the whole of it once at start (`verifyAll`; on a
 * store with a body log through one pass over its bytes, stream-verify.ts), then
 * on every read only what is new since the last verified checkpoint
 * (`verifyNew`), plus a cheap re-check of the head against the anchor and a
 * small rolling sweep that re-verifies `sweepSize` already-verified records
 * per read, so a record altered after it was verified is found eventually
 * without any read costing more as the log grows.
 *
 * A failure is final for the life of the process (nothing repairs): every
 * later read throws the same error and `state()` reports it for health.
 */
import type { Storage } from '../../storage/types.ts';
import type { ChainWorker } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { AuditRow, HashHex } from './audit-record.ts';
import { GENESIS_HASH, HASH_HEX, intactLink } from './audit-record.ts';
import { sha256Hex } from './sha256.ts';
import type { ArchiveRow } from './audit-schema.ts';
import { readAnchor, readArchives } from './audit-schema.ts';
import { withBodies } from './audit-bodies.ts';
import { streamVerify } from './stream-verify.ts';

export type ChainStatus = 'unverified' | 'ok' | 'broken' | 'anchor_mismatch' | 'unanchored';

/** What health and the routes see of the chain. */
export interface ChainState {
  status: ChainStatus;
  /** Last verified sequence (the checkpoint). */
  verified_sequence: number;
  message?: string;
}

export interface ChainVerifier {
  /** Verifies archives' anchors, every hot record and the anchor. Records failures in `state`. */
  verifyAll(): Promise<void>;
  /** Throws the chain's error if it fails; otherwise verifies what is new. */
  verifyNew(): void;
  /** Records a new archive (after rotation moved its records out of the hot table). */
  noteArchived(archive: ArchiveRow): void;
  /** Records a failure found elsewhere (e.g. while reading an archive). */
  fail(error: HttpError): never;
  state(): ChainState;
  /** The hash the chain is checked with (the host's native one when it has one). */
  readonly hashHex: HashHex;
}

const BATCH = 2000;

/** Builds a verifier over the audit tables of `storage`. */
export function createChainVerifier(
  storage: Storage,
  options: { sweepSize?: number; yieldEvery?: () => Promise<void>; hashHex?: HashHex; hashBytes?: (bytes: Uint8Array) => string; worker?: ChainWorker; windowBytes?: number } = {},
): ChainVerifier {
  const sweepSize = options.sweepSize ?? 16;
  const hashHex = options.hashHex ?? sha256Hex;
  const pause = options.yieldEvery ?? (() => Promise.resolve());
  let status: ChainStatus = 'unverified';
  let failure: HttpError | null = null;
  let checkpoint = { sequence: 0, hash: GENESIS_HASH };
  /** First hot sequence and the hash it must link to. */
  let boundary = { sequence: 1, hash: GENESIS_HASH };
  let archiveCount = 0;
  let sweepCursor = 1;

  const fail = (error: HttpError): never => {
    if (!failure) {
      failure = error;
      status = error.code === 'AUDIT_CHAIN_ANCHOR_MISMATCH' ? 'anchor_mismatch' : error.code === 'AUDIT_CHAIN_UNANCHORED' ? 'unanchored' : 'broken';
    }
    throw failure;
  };
  const broken = (message: string): never => fail(new HttpError(500, 'AUDIT_CHAIN_BROKEN', message));
  const mismatch = (message: string): never => fail(new HttpError(500, 'AUDIT_CHAIN_ANCHOR_MISMATCH', message));
  const unanchored = (): never => fail(new HttpError(503, 'AUDIT_CHAIN_UNANCHORED', 'audit chain anchor is missing'));

  /** Checks rows that must continue the chain after (prevSeq, prevHash). */
  const checkRows = (rows: AuditRow[], prevSeq: number, prevHash: string): { sequence: number; hash: string } => {
    for (const row of rows) {
      if (row.sequence !== prevSeq + 1) broken(`audit record ${prevSeq + 1} is missing`);
      const link = intactLink(row, hashHex);
      if (link === null) broken(`audit record ${row.sequence} was altered`);
      if (link !== prevHash) broken(`audit record ${row.sequence} does not link to record ${prevSeq}`);
      prevSeq = row.sequence;
      prevHash = row.hash;
    }
    return { sequence: prevSeq, hash: prevHash };
  };
  const rowsAfter = (sequence: number, limit: number): AuditRow[] =>
    withBodies(storage, storage.all<AuditRow>('SELECT * FROM audit_records WHERE sequence > ? ORDER BY sequence LIMIT ?', [sequence, limit]));
  const headRow = (): { sequence: number; hash: string } | undefined =>
    storage.get<{ sequence: number; hash: string }>(`SELECT sequence, ${HASH_HEX} FROM audit_records ORDER BY sequence DESC LIMIT 1`);

  /** The anchor must sit exactly on the head (records or, when the hot table is empty, the last archive). */
  const checkAnchor = (): void => {
    const anchor = readAnchor(storage);
    const head = headRow() ?? (archiveCount > 0 ? { sequence: boundary.sequence - 1, hash: boundary.hash } : undefined);
    if (!anchor) {
      if (head) unanchored();
      return;
    }
    const headSequence = head?.sequence ?? 0;
    if (anchor.sequence > headSequence) broken(`audit chain is truncated: anchor at ${anchor.sequence}, records end at ${headSequence}`);
    if (anchor.sequence < headSequence) broken(`audit records after the anchor (${anchor.sequence}) are not anchored`);
    if (anchor.hash !== (head?.hash ?? GENESIS_HASH)) broken(`audit head ${headSequence} does not match its anchor`);
  };

  const verifyArchives = (archives: ArchiveRow[]): void => {
    let sequence = 0;
    let hash = GENESIS_HASH;
    for (const archive of archives) {
      if (archive.first_sequence !== sequence + 1 || archive.first_prev_hash !== hash) {
        mismatch(`audit archive ${archive.file} does not continue the chain at ${sequence}`);
      }
      if (archive.last_sequence - archive.first_sequence + 1 !== archive.record_count) {
        mismatch(`audit archive ${archive.file} anchor is inconsistent`);
      }
      sequence = archive.last_sequence;
      hash = archive.last_hash;
    }
    boundary = { sequence: sequence + 1, hash };
    archiveCount = archives.length;
  };

  const verifyNewRecords = (): void => {
    for (;;) {
      const rows = rowsAfter(checkpoint.sequence, BATCH);
      if (rows.length === 0) return;
      if (checkpoint.sequence + 1 < boundary.sequence) checkpoint = { sequence: boundary.sequence - 1, hash: boundary.hash };
      checkpoint = checkRows(rows, checkpoint.sequence, checkpoint.hash);
      if (rows.length < BATCH) return;
    }
  };

  const sweep = (): void => {
    if (sweepSize <= 0 || checkpoint.sequence < boundary.sequence) return;
    if (sweepCursor < boundary.sequence || sweepCursor > checkpoint.sequence) sweepCursor = boundary.sequence;
    const previous = sweepCursor === boundary.sequence
      ? { sequence: boundary.sequence - 1, hash: boundary.hash }
      : storage.get<{ sequence: number; hash: string }>(`SELECT sequence, ${HASH_HEX} FROM audit_records WHERE sequence = ?`, [sweepCursor - 1]);
    if (!previous) return broken(`audit record ${sweepCursor - 1} is missing`);
    const rows = withBodies(storage, storage.all<AuditRow>(
      'SELECT * FROM audit_records WHERE sequence >= ? AND sequence <= ? ORDER BY sequence LIMIT ?',
      [sweepCursor, checkpoint.sequence, sweepSize],
    ));
    const reached = checkRows(rows, previous.sequence, previous.hash);
    const expected = Math.min(checkpoint.sequence, sweepCursor + sweepSize - 1);
    if (reached.sequence !== expected) broken(`audit record ${reached.sequence + 1} is missing`);
    sweepCursor = reached.sequence + 1;
  };

  return {
    async verifyAll() {
      try {
        verifyArchives(readArchives(storage));
        const first = withBodies(storage, storage.all<AuditRow>('SELECT * FROM audit_records ORDER BY sequence LIMIT 1'))[0];
        // A first row that does not verify is named by the check below; here only where the chain starts matters.
        if (first && (first.sequence !== boundary.sequence || (intactLink(first, hashHex) ?? boundary.hash) !== boundary.hash)) {
          if (archiveCount > 0) mismatch(`first hot audit record ${first.sequence} does not continue the last archive`);
          broken(`audit records before ${first.sequence} are missing`);
        }
        if (!readAnchor(storage) && (first || archiveCount > 0)) unanchored();
        checkpoint = { sequence: boundary.sequence - 1, hash: boundary.hash };
        if (storage.bodies && options.hashBytes) checkpoint = await streamVerify(storage, storage.bodies, checkpoint, { hashBytes: options.hashBytes, pause, worker: options.worker, windowBytes: options.windowBytes });
        for (;;) {
          const rows = rowsAfter(checkpoint.sequence, BATCH);
          checkpoint = checkRows(rows, checkpoint.sequence, checkpoint.hash);
          if (rows.length < BATCH) break;
          await pause();
        }
        checkAnchor();
        if (!failure) status = 'ok';
        sweepCursor = boundary.sequence;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
      } finally {
        options.worker?.release?.();
      }
    },
    verifyNew() {
      if (failure) throw failure;
      if (status === 'unverified') throw new HttpError(503, 'AUDIT_CHAIN_UNVERIFIED', 'audit chain verification has not finished');
      verifyNewRecords();
      checkAnchor();
      sweep();
    },
    noteArchived(archive) {
      archiveCount += 1;
      boundary = { sequence: archive.last_sequence + 1, hash: archive.last_hash };
      if (checkpoint.sequence < archive.last_sequence) checkpoint = { sequence: archive.last_sequence, hash: archive.last_hash };
    },
    fail,
    hashHex,
    state() {
      const state: ChainState = { status, verified_sequence: checkpoint.sequence };
      if (failure) state.message = failure.message;
      return state;
    },
  };
}
