/**
 * The analytics projection's tables: derived data, rebuilt from the audit
 * log whenever they are missing or were written by another schema version.
 *
 * - `analytics_state`: one row: the projection's schema version, its
 *   watermark (last projected audit sequence and that record's timestamp),
 *   the number of sequence gaps seen and whether a rebuild is in flight;
 * - `analytics_day_decisions`: per UTC day, decisions by action;
 * - `analytics_day_filters`: per day per filter, evaluated/matched counts and score sums;
 * - `analytics_day_sessions`: per day per session;
 * - `analytics_day_llms`: per day per LLM (see project-record.ts);
 * - `analytics_day_destinations`: per day per egress destination host;
 * - `analytics_events`: queue and deny decisions (security events).
 */
import type { Storage } from '../../storage/types.ts';

/** Bump when a table's shape or meaning changes; a mismatch triggers a rebuild. */
export const PROJECTION_SCHEMA_VERSION = 1;

/** Every projection table except the state row, in drop order. */
export const ROLLUP_TABLES = [
  'analytics_day_decisions', 'analytics_day_filters', 'analytics_day_sessions',
  'analytics_day_llms', 'analytics_day_destinations', 'analytics_events',
] as const;

const COUNTS = 'total INTEGER NOT NULL, allow_count INTEGER NOT NULL, queue_count INTEGER NOT NULL, deny_count INTEGER NOT NULL';

const DDL = [
  `CREATE TABLE IF NOT EXISTS analytics_state (
    id INTEGER PRIMARY KEY CHECK (id = 1), schema_version INTEGER NOT NULL,
    through_sequence INTEGER NOT NULL, through_at TEXT, gap_count INTEGER NOT NULL, rebuilding INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS analytics_day_decisions (
    day TEXT PRIMARY KEY, ${COUNTS}, short_circuit_count INTEGER NOT NULL, score_sum REAL NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS analytics_day_filters (
    day TEXT NOT NULL, filter_name TEXT NOT NULL, evaluated INTEGER NOT NULL, matched INTEGER NOT NULL,
    score_sum REAL NOT NULL, matched_score_sum REAL NOT NULL, PRIMARY KEY (day, filter_name))`,
  `CREATE TABLE IF NOT EXISTS analytics_day_sessions (
    day TEXT NOT NULL, session_id TEXT NOT NULL, ${COUNTS}, max_score REAL NOT NULL,
    first_at TEXT NOT NULL, last_at TEXT NOT NULL, PRIMARY KEY (day, session_id))`,
  `CREATE TABLE IF NOT EXISTS analytics_day_llms (
    day TEXT NOT NULL, llm TEXT NOT NULL, via TEXT NOT NULL, ${COUNTS}, PRIMARY KEY (day, llm, via))`,
  `CREATE TABLE IF NOT EXISTS analytics_day_destinations (
    day TEXT NOT NULL, host TEXT NOT NULL, ${COUNTS}, PRIMARY KEY (day, host))`,
  `CREATE TABLE IF NOT EXISTS analytics_events (
    sequence INTEGER PRIMARY KEY, day TEXT NOT NULL, audit_id TEXT NOT NULL, at TEXT NOT NULL,
    session_id TEXT, tool_call_type TEXT NOT NULL, action TEXT NOT NULL, composite_score REAL NOT NULL,
    reason TEXT NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS analytics_events_day ON analytics_events (day, sequence)',
];

/** The state row. */
export interface ProjectionState {
  [column: string]: string | number | null;
  schema_version: number;
  through_sequence: number;
  through_at: string | null;
  gap_count: number;
  rebuilding: number;
}

/** Why the projection cannot be served; null when it can. */
export type Availability = { ok: true; rebuilt: boolean } | { ok: false; reason: string };

/** The state row, or undefined when the table or row is missing. */
export function readProjectionState(storage: Storage): ProjectionState | undefined {
  const table = storage.get("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'analytics_state'");
  if (!table) return undefined;
  return storage.get<ProjectionState>(
    'SELECT schema_version, through_sequence, through_at, gap_count, rebuilding FROM analytics_state WHERE id = 1',
  );
}

/**
 * Makes the projection servable: creates missing tables, and drops and
 * recreates them (watermark 0, `rebuilding` set) when another schema version
 * wrote them. A store that refuses writes cannot do either: unavailable.
 */
export function ensureProjectionSchema(storage: Storage): Availability {
  const state = readProjectionState(storage);
  if (state && state.schema_version === PROJECTION_SCHEMA_VERSION && rollupTablesExist(storage)) {
    return { ok: true, rebuilt: false };
  }
  const reason = !state
    ? 'the analytics projection tables are missing'
    : state.schema_version !== PROJECTION_SCHEMA_VERSION
      ? `the analytics projection has schema version ${state.schema_version}, this build reads version ${PROJECTION_SCHEMA_VERSION}`
      : 'the analytics projection tables are incomplete';
  if (storage.readOnly) return { ok: false, reason: `${reason} and the store is read-only` };
  try {
    storage.transaction(() => {
      if (state) for (const table of ['analytics_state', ...ROLLUP_TABLES]) storage.run(`DROP TABLE IF EXISTS ${table}`);
      for (const statement of DDL) storage.run(statement);
      storage.run(
        'INSERT INTO analytics_state (id, schema_version, through_sequence, through_at, gap_count, rebuilding) VALUES (1, ?, 0, NULL, 0, ?)',
        [PROJECTION_SCHEMA_VERSION, state ? 1 : 0],
      );
    });
  } catch (error) {
    return { ok: false, reason: `${reason} and cannot be created (${error instanceof Error ? error.message : String(error)})` };
  }
  return { ok: true, rebuilt: state !== undefined };
}

function rollupTablesExist(storage: Storage): boolean {
  const placeholders = ROLLUP_TABLES.map(() => '?').join(', ');
  const row = storage.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN (${placeholders})`,
    [...ROLLUP_TABLES],
  );
  return row?.n === ROLLUP_TABLES.length;
}
