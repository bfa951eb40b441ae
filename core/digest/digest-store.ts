import type { Row, SqlValue, Storage } from '../../storage/types.ts';
import type { DigestForensics, DigestItem } from '../schemas/digest.ts';

/** An item row as stored (see digest-tables.ts). */
export interface ItemRow extends Row {
  id: string;
  created_at: string;
  created_ms: number;
  session_id: string;
  tool_call_type: string;
  arguments_summary: string;
  decision_reason: string;
  composite_score: number;
  severity: string;
  filter_breakdown: string;
  task_context: string | null;
  plugin_id: string;
  status: string;
  reviewed_at: string | null;
  review_action: string | null;
  reviewer_notes: string | null;
  reviewed_by: string | null;
  informational_only: number;
  escalated_at: string | null;
  escalated_by: string | null;
  audit_id: string;
  priority: string | null;
  source: string;
  supervised: string | null;
  self_resolution: string | null;
  exact_key: string;
  pattern_key: string;
  rule_pattern: string;
}

/** Every column of `digest_items`, in insert order. */
const ITEM_COLUMNS = [
  'id', 'created_at', 'created_ms', 'session_id', 'tool_call_type', 'arguments_summary', 'decision_reason', 'composite_score',
  'severity', 'filter_breakdown', 'task_context', 'plugin_id', 'status', 'reviewed_at', 'review_action', 'reviewer_notes',
  'reviewed_by', 'informational_only', 'escalated_at', 'escalated_by', 'audit_id', 'priority', 'source', 'supervised',
  'self_resolution', 'exact_key', 'pattern_key', 'rule_pattern',
] as const satisfies ReadonlyArray<keyof ItemRow>;
const INSERT_ITEM_SQL = `INSERT INTO digest_items (${ITEM_COLUMNS.join(', ')}) VALUES (${ITEM_COLUMNS.map(() => '?').join(', ')})`;

export const OPEN_STATUSES = ['pending', 'escalated'] as const;

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * `filter_breakdown` holds the item's filter results as JSON text (always
 * `[`…), or, for an item filed from a full audit record, `audit:<sequence>`:
 * that record's body holds them, so the row does not repeat them (they are
 * read back through `AuditLog.filterResults`).
 */
const REF_PREFIX = 'audit:';

/** The `filter_breakdown` of a row whose results audit record `sequence` holds. */
export function breakdownRef(sequence: number): string {
  return `${REF_PREFIX}${sequence}`;
}

/** The audit record a row's `filter_breakdown` refers to, or null when the row holds the results itself. */
export function referredSequence(row: ItemRow): number | null {
  const text = row.filter_breakdown;
  if (!text.startsWith(REF_PREFIX)) return null;
  const sequence = Number(text.slice(REF_PREFIX.length));
  return Number.isSafeInteger(sequence) && sequence > 0 ? sequence : null;
}

/** The filter results a row holds itself (null when it refers to its audit record). */
export function ownBreakdown(row: ItemRow): unknown {
  return row.filter_breakdown.startsWith(REF_PREFIX) ? null : parse(row.filter_breakdown);
}

/** The public item (the spec's fields only), with its filter breakdown as resolved. */
export function toItem(row: ItemRow, filterBreakdown: unknown): DigestItem {
  return itemOf(row, { filterBreakdown, taskContext: parse(row.task_context) });
}

/** `toItem` with the JSON columns' values given (filing has the objects it just serialised). */
export function itemOf(row: ItemRow, parsed: { filterBreakdown: unknown; taskContext: unknown }): DigestItem {
  return {
    id: row.id,
    created_at: row.created_at,
    session_id: row.session_id,
    tool_call_type: row.tool_call_type,
    arguments_summary: row.arguments_summary,
    decision_reason: row.decision_reason,
    composite_score: row.composite_score,
    severity: row.severity,
    filter_breakdown: parsed.filterBreakdown as DigestItem['filter_breakdown'],
    task_context: parsed.taskContext,
    plugin_id: row.plugin_id,
    status: row.status as DigestItem['status'],
    reviewed_at: row.reviewed_at,
    review_action: row.review_action as DigestItem['review_action'],
    reviewer_notes: row.reviewer_notes,
    informational_only: row.informational_only === 1,
    escalated_at: row.escalated_at,
    escalated_by: row.escalated_by,
  };
}

/** What the waiting caller should do with an item in this status. */
export function outcomeOf(status: string): 'allow' | 'deny' | null {
  if (status === 'approved') return 'allow';
  if (status === 'denied' || status === 'expired') return 'deny';
  return null;
}

/** The daemon-only view of an item. `expiresAt` is null when no timeout applies. */
export function toForensics(row: ItemRow, filterBreakdown: unknown, expiresAt: string | null): DigestForensics {
  return {
    ...toItem(row, filterBreakdown),
    audit_id: row.audit_id,
    priority: row.priority,
    source: row.source,
    supervised: parse(row.supervised) as DigestForensics['supervised'],
    self_resolution: row.self_resolution as DigestForensics['self_resolution'],
    reviewed_by: row.reviewed_by,
    rule_pattern: row.rule_pattern,
    expires_at: expiresAt,
    outcome: outcomeOf(row.status),
  };
}

/** Synchronous SQL over `digest_items`. */
export function createDigestStore(storage: Storage) {
  return {
    /** One statement text for every item (the prepared statement and its rewrite are found by it). */
    insert(row: ItemRow): void {
      storage.run(INSERT_ITEM_SQL, ITEM_COLUMNS.map((c) => row[c]));
    },
    get(id: string): ItemRow | undefined {
      return storage.get<ItemRow>('SELECT * FROM digest_items WHERE id = ?', [id]);
    },
    /** Open items, highest score first, then oldest first. */
    listOpen(limit: number, offset: number): ItemRow[] {
      return storage.all<ItemRow>(
        `SELECT * FROM digest_items WHERE status IN ('pending', 'escalated')
         ORDER BY composite_score DESC, created_ms ASC, id ASC LIMIT ? OFFSET ?`,
        [limit, offset],
      );
    },
    counts(): { pending: number; escalated: number } {
      const rows = storage.all<{ status: string; n: number }>(
        `SELECT status, COUNT(*) AS n FROM digest_items WHERE status IN ('pending', 'escalated') GROUP BY status`,
      );
      const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      return { pending: count('pending'), escalated: count('escalated') };
    },
    /** Open items of one session (a supervised session's `open_reviews`). */
    openCountForSession(sessionId: string): number {
      const row = storage.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM digest_items WHERE status IN ('pending', 'escalated') AND session_id = ?`,
        [sessionId],
      );
      return Number(row?.n ?? 0);
    },
    openRows(): ItemRow[] {
      return storage.all<ItemRow>(`SELECT * FROM digest_items WHERE status IN ('pending', 'escalated') ORDER BY created_ms ASC`);
    },
    update(id: string, fields: Partial<Record<keyof ItemRow, SqlValue>>): void {
      const names = Object.keys(fields);
      storage.run(
        `UPDATE digest_items SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`,
        [...names.map((n) => fields[n] as SqlValue), id],
      );
    },
  };
}

export type DigestStore = ReturnType<typeof createDigestStore>;
