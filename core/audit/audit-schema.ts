/**
 * Tables of the audit log:
 * - `audit_records`: the hot chain, one row per record (`hash` as 32 bytes;
 *   the link to the record before is in the body; see `migrateAuditRecords`
 *   for tables written with a hex `hash` and a `prev_hash` column);
 * - `audit_anchor`: one row holding the head (sequence + hash) and the hot
 *   counters, updated in the same transaction as every insert, so a cut tail
 *   (anchor ahead of the records) and a missing anchor are both visible;
 * - `audit_archives`: one row per cold archive file, with the first and last
 *   sequence and hashes it must contain (its anchor).
 */
import type { Storage } from '../../storage/types.ts';
import { GENESIS_HASH } from './audit-record.ts';

const DDL = [
  `CREATE TABLE IF NOT EXISTS audit_records (
    sequence INTEGER PRIMARY KEY, id TEXT NOT NULL, kind TEXT NOT NULL, timestamp TEXT NOT NULL,
    session_id TEXT, proxy_action TEXT NOT NULL, hash BLOB NOT NULL, body TEXT NOT NULL)`,
  'CREATE UNIQUE INDEX IF NOT EXISTS audit_records_id ON audit_records (id)',
  'CREATE INDEX IF NOT EXISTS audit_records_kind ON audit_records (kind, sequence)',
  'CREATE INDEX IF NOT EXISTS audit_records_session ON audit_records (session_id, sequence)',
  'CREATE INDEX IF NOT EXISTS audit_records_time ON audit_records (timestamp, kind, proxy_action)',
  `CREATE TABLE IF NOT EXISTS audit_anchor (
    id INTEGER PRIMARY KEY CHECK (id = 1), sequence INTEGER NOT NULL, hash TEXT NOT NULL,
    full_count INTEGER NOT NULL, short_count INTEGER NOT NULL, updated_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS audit_archives (
    first_sequence INTEGER PRIMARY KEY, day TEXT NOT NULL, file TEXT NOT NULL,
    first_prev_hash TEXT NOT NULL, first_hash TEXT NOT NULL,
    last_sequence INTEGER NOT NULL, last_hash TEXT NOT NULL, record_count INTEGER NOT NULL,
    allow_count INTEGER NOT NULL, queue_count INTEGER NOT NULL, deny_count INTEGER NOT NULL,
    short_count INTEGER NOT NULL, created_at TEXT NOT NULL)`,
];

/** The anchor row. */
export interface AnchorRow {
  [column: string]: string | number;
  sequence: number;
  hash: string;
  full_count: number;
  short_count: number;
}

/** One archive's anchor row. */
export interface ArchiveRow {
  [column: string]: string | number;
  first_sequence: number;
  day: string;
  file: string;
  first_prev_hash: string;
  first_hash: string;
  last_sequence: number;
  last_hash: string;
  record_count: number;
  allow_count: number;
  queue_count: number;
  deny_count: number;
  short_count: number;
}

/**
 * Creates the tables (or moves an older `audit_records` to the current
 * columns). The anchor row is created only for a log that has never held a
 * record: an existing log without one stays unanchored (nothing repairs).
 * Returns true when it rewrote existing rows (the caller compacts).
 */
export function ensureAuditSchema(storage: Storage, nowIso: string, options: { heldRecords?: boolean } = {}): boolean {
  const table = storage.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'");
  let migrated = false;
  storage.transaction(() => {
    if (table && /\bprev_hash\b/.test(table.sql)) migrated = migrateAuditRecords(storage);
    for (const statement of DDL) storage.run(statement);
    // A store that lost its tables while the head checkpoint says it held records gets no fresh anchor.
    if (!table && !options.heldRecords) {
      storage.run(
        'INSERT INTO audit_anchor (id, sequence, hash, full_count, short_count, updated_at) VALUES (1, 0, ?, 0, 0, ?)',
        [GENESIS_HASH, nowIso],
      );
    }
  });
  return migrated;
}

/**
 * Rows written before `prev_hash` left the table and `hash` became bytes
 * (~100 bytes less per record, a quarter of the image), changed in place.
 * What only the dropped column showed stays visible: a row whose
 * `prev_hash` is not the hash of the row before it (or, for the first row,
 * of the last archived record or the genesis) keeps its `hash` as text,
 * prefixed, so it matches no hash and the chain check names it as altered;
 * so does a `hash` that is not 64 lower-case hex digits. Returns whether
 * there were rows.
 */
function migrateAuditRecords(storage: Storage): boolean {
  const rows = storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_records')?.n ?? 0;
  storage.run(
    `UPDATE audit_records SET hash = 'altered: ' || hash WHERE prev_hash IS NOT coalesce(
      (SELECT b.hash FROM audit_records AS b WHERE b.sequence = audit_records.sequence - 1),
      CASE WHEN sequence = (SELECT MIN(sequence) FROM audit_records)
        THEN coalesce((SELECT last_hash FROM audit_archives ORDER BY last_sequence DESC LIMIT 1), ?) END)`,
    [GENESIS_HASH],
  );
  storage.run('ALTER TABLE audit_records DROP COLUMN prev_hash');
  storage.run("UPDATE audit_records SET hash = unhex(hash) WHERE length(hash) = 64 AND NOT hash GLOB '*[^0-9a-f]*'");
  return rows > 0;
}

/** The anchor row, or undefined when it is missing. */
export function readAnchor(storage: Storage): AnchorRow | undefined {
  return storage.get<AnchorRow>('SELECT sequence, hash, full_count, short_count FROM audit_anchor WHERE id = 1');
}

/** Every archive anchor, oldest first. */
export function readArchives(storage: Storage): ArchiveRow[] {
  return storage.all<ArchiveRow>('SELECT * FROM audit_archives ORDER BY first_sequence');
}
