import type { Storage } from '../../storage/types.ts';

/**
 * The supervisor's tables, created if missing at start. Rows are never
 * deleted: an ended session stays as history.
 * - `supervisor_sessions`: one row per session, its state and counters.
 * - `session_binaries`: the executables a session ran, hash pinned at first use.
 * - `session_listener_rewrites`: each wildcard listener clamped to loopback.
 */
export function ensureSessionTables(storage: Storage): void {
  storage.run(`CREATE TABLE IF NOT EXISTS supervisor_sessions (
    id TEXT PRIMARY KEY,
    tool_name TEXT NOT NULL,
    root_pid INTEGER NOT NULL,
    command TEXT,
    project_name TEXT,
    cwd TEXT,
    state TEXT NOT NULL,
    started_at TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    ended_at TEXT,
    ended_reason TEXT,
    terminate_reason TEXT,
    allow_count INTEGER NOT NULL,
    queue_count INTEGER NOT NULL,
    deny_count INTEGER NOT NULL,
    contained_since TEXT,
    contained_reason TEXT,
    contained_until_ms INTEGER
  )`);
  storage.run('CREATE INDEX IF NOT EXISTS supervisor_sessions_started ON supervisor_sessions (started_ms)');
  storage.run(`CREATE TABLE IF NOT EXISTS session_binaries (
    session_id TEXT NOT NULL,
    path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    count INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    PRIMARY KEY (session_id, path)
  )`);
  storage.run(`CREATE TABLE IF NOT EXISTS session_listener_rewrites (
    session_id TEXT NOT NULL,
    original_addr TEXT NOT NULL,
    rewritten_addr TEXT NOT NULL,
    port INTEGER NOT NULL,
    at TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    audit_id TEXT NOT NULL
  )`);
  storage.run('CREATE INDEX IF NOT EXISTS session_listener_rewrites_session ON session_listener_rewrites (session_id, at_ms)');
}
