import type { SqlValue, Storage } from '../../storage/types.ts';
import type { Session, SessionState } from '../schemas/session.ts';

/** A `supervisor_sessions` row. */
export interface SessionRow {
  [column: string]: SqlValue;
  id: string;
  tool_name: string;
  root_pid: number;
  command: string | null;
  project_name: string | null;
  cwd: string | null;
  state: SessionState;
  started_at: string;
  started_ms: number;
  ended_at: string | null;
  ended_reason: string | null;
  terminate_reason: string | null;
  allow_count: number;
  queue_count: number;
  deny_count: number;
  contained_since: string | null;
  contained_reason: string | null;
  contained_until_ms: number | null;
}

const COLUMNS = [
  'id', 'tool_name', 'root_pid', 'command', 'project_name', 'cwd', 'state', 'started_at', 'started_ms', 'ended_at',
  'ended_reason', 'terminate_reason', 'allow_count', 'queue_count', 'deny_count', 'contained_since', 'contained_reason',
  'contained_until_ms',
] as const;
const UPDATABLE = new Set<string>(COLUMNS.filter((c) => c !== 'id'));

/** Most sessions one list answers. */
export const MAX_LISTED = 1000;

/** Row-level access to `supervisor_sessions` (synchronous; callers flush). */
export function createSessionStore(storage: Storage) {
  return {
    insert(row: SessionRow): void {
      storage.run(
        `INSERT INTO supervisor_sessions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
        COLUMNS.map((c) => row[c]),
      );
    },
    get: (id: string): SessionRow | undefined => storage.get<SessionRow>('SELECT * FROM supervisor_sessions WHERE id = ?', [id]),
    update(id: string, fields: Partial<SessionRow>): void {
      const names = Object.keys(fields).filter((name) => UPDATABLE.has(name));
      if (names.length === 0) return;
      storage.run(`UPDATE supervisor_sessions SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`, [
        ...names.map((n) => fields[n] as SqlValue),
        id,
      ]);
    },
    /** Every session not ended (the start-up cache). */
    live: (): SessionRow[] => storage.all<SessionRow>("SELECT * FROM supervisor_sessions WHERE state != 'ended'"),
    endedIds: (): string[] => storage.all<{ id: string }>("SELECT id FROM supervisor_sessions WHERE state = 'ended'").map((r) => r.id),
    /** Newest first, at most MAX_LISTED, with the full count. */
    list(all: boolean): { rows: SessionRow[]; total: number } {
      const where = all ? '' : "WHERE state != 'ended'";
      const total = storage.get<{ n: number }>(`SELECT count(*) AS n FROM supervisor_sessions ${where}`)?.n ?? 0;
      const rows = storage.all<SessionRow>(`SELECT * FROM supervisor_sessions ${where} ORDER BY started_ms DESC, id DESC LIMIT ${MAX_LISTED}`);
      return { rows, total: Number(total) };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The session resource of a row. */
export function toSession(row: SessionRow, openReviews: number, now: number): Session {
  const contained = row.state === 'contained' && (row.contained_until_ms ?? 0) > now;
  return {
    id: row.id,
    tool_name: row.tool_name,
    root_pid: Number(row.root_pid),
    command: row.command,
    project_name: row.project_name,
    cwd: row.cwd,
    state: row.state === 'contained' && !contained ? 'active' : row.state,
    started_at: row.started_at,
    ended_at: row.ended_at,
    ended_reason: row.ended_reason,
    decisions: { allow: Number(row.allow_count), queue: Number(row.queue_count), deny: Number(row.deny_count) },
    open_reviews: openReviews,
    containment: {
      active: contained,
      since: contained ? row.contained_since : null,
      reason: contained ? row.contained_reason : null,
    },
  };
}
