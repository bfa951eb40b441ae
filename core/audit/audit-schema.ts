/**
 * Tables of the audit log:
 * - `audit_records`: the hot chain, one row per record (`hash` as 32 bytes;
 *   the link to the record before is in the body; see `moveAuditRecords`
 *   for tables written with a hex `hash` and a `prev_hash` column);
 * - `audit_anchor`: one row holding the head (sequence + hash) and the hot
 *   counters, updated in the same transaction as every insert, so a cut tail
 *   (anchor ahead of the records) and a missing anchor are both visible;
 * - `audit_archives`: one row per cold archive file, with the first and last
 *   sequence and hashes it must contain (its anchor).
 */
import type { Storage } from '../../storage/types.ts';
import { GENESIS_HASH } from './audit-record.ts';

const RECORD_DDL = [
  `CREATE TABLE IF NOT EXISTS audit_records (
    sequence INTEGER PRIMARY KEY, id TEXT NOT NULL, kind TEXT NOT NULL, timestamp TEXT NOT NULL,
    session_id TEXT, proxy_action TEXT NOT NULL, hash BLOB NOT NULL, body TEXT NOT NULL)`,
  'CREATE UNIQUE INDEX IF NOT EXISTS audit_records_id ON audit_records (id)',
  'CREATE INDEX IF NOT EXISTS audit_records_kind ON audit_records (kind, sequence)',
  'CREATE INDEX IF NOT EXISTS audit_records_session ON audit_records (session_id, sequence)',
  'CREATE INDEX IF NOT EXISTS audit_records_time ON audit_records (timestamp, kind, proxy_action)',
];

const DDL = [
  ...RECORD_DDL,
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
 * Creates the tables. The anchor row is created only for a log that has
 * never held a record: an existing log without one stays unanchored
 * (nothing repairs). A store whose `audit_records` is in the older layout
 * is moved first (`moveAuditRecords`).
 */
export function ensureAuditSchema(storage: Storage, nowIso: string, options: { heldRecords?: boolean } = {}): void {
  const exists = storage.get("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'");
  storage.transaction(() => {
    for (const statement of DDL) storage.run(statement);
    // A store that lost its tables while the head checkpoint says it held records gets no fresh anchor.
    if (!exists && !options.heldRecords) {
      storage.run(
        'INSERT INTO audit_anchor (id, sequence, hash, full_count, short_count, updated_at) VALUES (1, 0, ?, 0, 0, ?)',
        [GENESIS_HASH, nowIso],
      );
    }
  });
}

/** The table rows of the older layout wait in while they are moved. */
const OLD_TABLE = 'audit_records_v1';
/** Rows moved per write unit. */
const MOVE_BATCH = 20_000;

/** Whether `audit_records` is in the older layout (hex `hash`, a `prev_hash` column), or a move was cut short. */
export function auditRecordsNeedMove(storage: Storage): boolean {
  const tables = storage.all<{ name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name IN ('audit_records', '${OLD_TABLE}')`);
  return tables.some((table) => table.name === OLD_TABLE || /\bprev_hash\b/.test(table.sql));
}

/**
 * Moves rows written before `prev_hash` left the table and `hash` became
 * bytes (~100 bytes less per record) into the current table, `batchSize`
 * rows per write unit, each settled before the next (`storage.settle`) so
 * what SQLite keeps to undo a unit stays small, and deleted from the old
 * table as they go, so its pages are reused. A move a crash cut short goes
 * on from where the journal left it. What only the dropped column showed
 * stays visible: a row whose `prev_hash` is not the hash stored for the row
 * before it (for the first row: the last archived record's, or the
 * genesis), or whose `hash` is not 64 lower-case hex digits, keeps its
 * `hash` as text, prefixed, which matches no hash: the chain check names it
 * as altered. Returns the rows moved.
 */
export async function moveAuditRecords(storage: Storage, pause: () => Promise<void>, batchSize = MOVE_BATCH): Promise<number> {
  const current = storage.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'");
  if (current && /\bprev_hash\b/.test(current.sql)) {
    storage.transaction(() => {
      for (const index of ['audit_records_id', 'audit_records_kind', 'audit_records_session', 'audit_records_time']) storage.run(`DROP INDEX IF EXISTS ${index}`);
      storage.run(`ALTER TABLE audit_records RENAME TO ${OLD_TABLE}`);
      for (const statement of RECORD_DDL) storage.run(statement);
    });
  }
  const first = storage.get<{ n: number | null }>(`SELECT MIN(sequence) AS n FROM (SELECT sequence FROM audit_records UNION ALL SELECT sequence FROM ${OLD_TABLE})`)?.n ?? 0;
  const boundary = storage.get<{ hash: string }>('SELECT last_hash AS hash FROM audit_archives ORDER BY last_sequence DESC LIMIT 1')?.hash ?? GENESIS_HASH;
  let moved = 0;
  for (;;) {
    const batch = storage.get<{ low: number | null; high: number | null; n: number }>(
      `SELECT MIN(sequence) AS low, MAX(sequence) AS high, COUNT(*) AS n FROM (SELECT sequence FROM ${OLD_TABLE} ORDER BY sequence LIMIT ?)`,
      [batchSize],
    );
    if (!batch || batch.low === null || batch.high === null) break;
    storage.transaction(() => {
      storage.run(
        `INSERT INTO audit_records (sequence, id, kind, timestamp, session_id, proxy_action, hash, body)
        SELECT a.sequence, a.id, a.kind, a.timestamp, a.session_id, a.proxy_action,
          CASE WHEN length(a.hash) = 64 AND NOT a.hash GLOB '*[^0-9a-f]*' AND a.prev_hash IS coalesce(
            (SELECT b.hash FROM ${OLD_TABLE} AS b WHERE b.sequence = a.sequence - 1),
            (SELECT CASE typeof(c.hash) WHEN 'blob' THEN lower(hex(c.hash)) ELSE substr(c.hash, 10) END FROM audit_records AS c WHERE c.sequence = a.sequence - 1),
            CASE WHEN a.sequence = ? THEN ? END)
          THEN unhex(a.hash) ELSE 'altered: ' || a.hash END,
          a.body
        FROM ${OLD_TABLE} AS a WHERE a.sequence BETWEEN ? AND ?`,
        [first, boundary, batch.low, batch.high],
      );
      storage.run(`DELETE FROM ${OLD_TABLE} WHERE sequence BETWEEN ? AND ?`, [batch.low, batch.high]);
    });
    moved += batch.n;
    storage.settle?.();
    await pause();
  }
  storage.run(`DROP TABLE ${OLD_TABLE}`);
  return moved;
}

/** The anchor row, or undefined when it is missing. */
export function readAnchor(storage: Storage): AnchorRow | undefined {
  return storage.get<AnchorRow>('SELECT sequence, hash, full_count, short_count FROM audit_anchor WHERE id = 1');
}

/** Every archive anchor, oldest first. */
export function readArchives(storage: Storage): ArchiveRow[] {
  return storage.all<ArchiveRow>('SELECT * FROM audit_archives ORDER BY first_sequence');
}
