import { api } from '../../api/client.ts';
import type { AuditPage, AuditRecord } from '../../api/types.ts';
import { decisionKind } from '../../components/format.ts';

export interface AuditFilters {
  decision: string;
  type: string;
  /** YYYY-MM-DD (UTC) or ''. */
  date: string;
  session: string;
  include: 'full' | 'all';
}

export interface ScanResult {
  records: AuditRecord[];
  /** Raw offset where the next page starts; null at the end. */
  next: number | null;
  total: number;
  scanned: number;
}

const BATCH = 100;
/** How many records one filtered page may read before it stops and offers "next". */
export const SCAN_LIMIT = 2000;

function matches(record: AuditRecord, filters: AuditFilters): boolean {
  if (filters.decision && decisionKind(record.proxy_action) !== filters.decision) return false;
  if (filters.type && record.tool_call_type !== filters.type) return false;
  if (filters.date && !record.timestamp.startsWith(filters.date)) return false;
  return true;
}

/**
 * One page of `size` records matching the filters, newest first, reading the
 * log from raw offset `from` in batches (GET /api/audit pages by offset only;
 * decision, type and date are matched here). A session filter is the API's
 * own `session_id` query, which answers every record of the session.
 */
export async function scanAudit(filters: AuditFilters, from: number, size: number): Promise<ScanResult> {
  if (filters.session) {
    const all = await api<AuditPage>('GET', `/api/audit?session_id=${encodeURIComponent(filters.session)}&include=${filters.include}`);
    const hits = all.records.filter((r) => matches(r, filters));
    return { records: hits.slice(from, from + size), next: from + size < hits.length ? from + size : null, total: hits.length, scanned: all.records.length };
  }
  const plain = !filters.decision && !filters.type && !filters.date;
  if (plain) {
    const page = await api<AuditPage>('GET', `/api/audit?limit=${size}&offset=${from}&include=${filters.include}`);
    return { records: page.records, next: from + size < page.total ? from + size : null, total: page.total, scanned: page.records.length };
  }
  const records: AuditRecord[] = [];
  let offset = from;
  let total = 0;
  while (records.length < size && offset - from < SCAN_LIMIT) {
    const page = await api<AuditPage>('GET', `/api/audit?limit=${BATCH}&offset=${offset}&include=${filters.include}`);
    total = page.total;
    for (const [i, record] of page.records.entries()) {
      if (matches(record, filters)) records.push(record);
      if (records.length === size) return { records, next: offset + i + 1 < total ? offset + i + 1 : null, total, scanned: offset + i + 1 - from };
    }
    offset += page.records.length;
    const oldest = page.records[page.records.length - 1];
    // Newest first: once past the chosen day, nothing older can match.
    if (page.records.length < BATCH || (filters.date && oldest && oldest.timestamp.slice(0, 10) < filters.date)) {
      return { records, next: null, total, scanned: offset - from };
    }
  }
  return { records, next: offset < total ? offset : null, total, scanned: offset - from };
}
