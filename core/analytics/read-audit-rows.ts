/**
 * Reads audit records after a sequence for the projector, whatever the
 * audit table's row layout: the fields analytics needs are taken from the
 * row's canonical `body` (the hashed record) when the table stores one, else
 * from same-named columns. The projector never verifies the chain (the audit
 * routes do); a body that does not parse is projected from its columns.
 */
import type { Row, Storage } from '../../storage/types.ts';
import type { SourceRow } from './aggregate-batch.ts';
import { withBodies } from '../audit/audit-bodies.ts';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function parseBody(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One stored row as the projector sees it. */
export function toSourceRow(row: Row): SourceRow {
  const body = parseBody(row.body);
  const field = (name: string): unknown => (body && name in body ? body[name] : row[name]);
  return {
    sequence: num(row.sequence),
    id: str(field('id')) ?? '',
    kind: str(row.kind) ?? (body && 'short_circuit' in body ? 'short' : 'full'),
    timestamp: str(field('timestamp')) ?? '',
    session_id: str(field('session_id')),
    plugin_id: str(field('plugin_id')),
    tool_call_type: str(field('tool_call_type')) ?? 'Unknown',
    arguments_summary: str(field('arguments_summary')),
    composite_score: num(field('composite_score')),
    proxy_action: str(field('proxy_action')) ?? '',
    filter_results: field('filter_results') ?? null,
    source: str(field('source')),
    supervised_tool: str(field('supervised_tool')),
    short_circuit: str(field('short_circuit')),
  };
}

/** Up to `limit` records with a sequence above `after`, in sequence order. */
export function readAuditRowsAfter(storage: Storage, after: number, limit: number): SourceRow[] {
  return withBodies(storage, storage.all('SELECT * FROM audit_records WHERE sequence > ? ORDER BY sequence LIMIT ?', [after, limit])).map(toSourceRow);
}
