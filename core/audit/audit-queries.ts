/**
 * Read queries of the audit routes over the hot table. Every query costs the
 * same at any log size: paging walks the `(kind, sequence)` index from the
 * head, totals come from the anchor's counters, a session uses its own
 * index. Rows come back raw; the log verifies each before serving it.
 */
import type { Storage } from '../../storage/types.ts';
import type { AuditRow } from './audit-record.ts';
import { readAnchor, readArchives } from './audit-schema.ts';
import { withBodies, withBody } from './audit-bodies.ts';

export type Include = 'full' | 'all';
export type SummaryWindow = 'today' | '7d' | '30d' | 'all';

/** `GET /api/audit` without `session_id`, as rows (the log verifies and parses them). */
export interface AuditPageRows {
  rows: AuditRow[];
  total: number;
  limit: number;
  offset: number;
  include: Include;
}

/** Spec: Audit summary. */
export interface AuditSummary {
  window: SummaryWindow;
  since: string | null;
  total: number;
  allow: number;
  queue: number;
  deny: number;
  include: Include;
}

const DAY_MS = 86_400_000;

/** A page of records, newest first. `total` counts hot records of the included kinds. */
export function listPage(storage: Storage, limit: number, offset: number, include: Include): AuditPageRows {
  const rows = withBodies(storage, include === 'all'
    ? storage.all<AuditRow>('SELECT * FROM audit_records ORDER BY sequence DESC LIMIT ? OFFSET ?', [limit, offset])
    : storage.all<AuditRow>("SELECT * FROM audit_records WHERE kind = 'full' ORDER BY sequence DESC LIMIT ? OFFSET ?", [limit, offset]));
  const anchor = readAnchor(storage);
  const total = anchor ? anchor.full_count + (include === 'all' ? anchor.short_count : 0) : 0;
  return { rows, total, limit, offset, include };
}

/** Every hot record of a session, newest first. */
export function listSession(storage: Storage, sessionId: string, include: Include): AuditRow[] {
  return withBodies(storage, storage.all<AuditRow>(
    `SELECT * FROM audit_records WHERE session_id = ?${include === 'all' ? '' : " AND kind = 'full'"} ORDER BY sequence DESC`,
    [sessionId],
  ));
}

/** One hot record by id. */
export function getRecord(storage: Storage, id: string): AuditRow | undefined {
  return withBody(storage, storage.get<AuditRow>('SELECT * FROM audit_records WHERE id = ?', [id]));
}

/** One hot record by sequence. */
export function getRecordAt(storage: Storage, sequence: number): AuditRow | undefined {
  return withBody(storage, storage.get<AuditRow>('SELECT * FROM audit_records WHERE sequence = ?', [sequence]));
}

/** The most recent full records, newest first. */
export function recentFullRecords(storage: Storage, limit: number): AuditRow[] {
  return withBodies(storage, storage.all<AuditRow>("SELECT * FROM audit_records WHERE kind = 'full' ORDER BY sequence DESC LIMIT ?", [limit]));
}

/** Parses a window; anything unrecognised is `7d` (spec: no 400). */
export function parseWindow(value: string | null | undefined): SummaryWindow {
  return value === 'today' || value === '7d' || value === '30d' || value === 'all' ? value : '7d';
}

/** Where a window starts: `today` at midnight UTC, `7d`/`30d` that long before `now`, `all` null. */
export function windowStart(window: SummaryWindow, now: number): string | null {
  if (window === 'all') return null;
  if (window === 'today') return new Date(Math.floor(now / DAY_MS) * DAY_MS).toISOString();
  return new Date(now - (window === '7d' ? 7 : 30) * DAY_MS).toISOString();
}

/**
 * Decision counts in a window. Hot records are counted exactly; archived
 * days count whole (per their anchors) when the day is inside the window.
 */
export function summarize(storage: Storage, window: SummaryWindow, include: Include, now: number): AuditSummary {
  const since = windowStart(window, now);
  const counts = { allow: 0, queue: 0, deny: 0 };
  const rows = storage.all<{ proxy_action: string; n: number }>(
    `SELECT proxy_action, COUNT(*) AS n FROM audit_records WHERE timestamp >= ?${include === 'all' ? '' : " AND kind = 'full'"} GROUP BY proxy_action`,
    [since ?? ''],
  );
  for (const row of rows) if (row.proxy_action in counts) counts[row.proxy_action as keyof typeof counts] += row.n;
  const sinceDay = since?.slice(0, 10) ?? '';
  for (const archive of readArchives(storage)) {
    if (archive.day < sinceDay) continue;
    counts.allow += archive.allow_count;
    counts.queue += archive.queue_count;
    counts.deny += archive.deny_count;
  }
  return { window, since, total: counts.allow + counts.queue + counts.deny, ...counts, include };
}
