/**
 * The export's two formats, produced in pieces so the route can stream:
 * JSON `{records, count}` (count written last) and CSV (RFC 4180, CRLF).
 */
import type { AnyAuditRecord } from './audit-record.ts';
import { isShortCircuit } from './audit-record.ts';

export type ExportFormat = 'json' | 'csv';

/** CSV columns, in order. */
export const CSV_COLUMNS = [
  'id', 'timestamp', 'sequence', 'session_id', 'plugin_id', 'tool_call_type', 'arguments_summary', 'arguments_hash',
  'composite_score', 'proxy_action', 'filter_results', 'evaluation_time_ms', 'source', 'supervised_tool',
  'supervised_pid', 'project_name', 'prev_hash', 'hash',
] as const;

/** The text before the first record. */
export function exportHead(format: ExportFormat): string {
  return format === 'json' ? '{"records":[' : `${CSV_COLUMNS.join(',')}\r\n`;
}

/** One record; `index` is its position in the export (for JSON commas). */
export function exportRecord(format: ExportFormat, record: AnyAuditRecord, index: number): string {
  if (format === 'json') return `${index > 0 ? ',' : ''}${JSON.stringify(record)}`;
  const values: Record<string, unknown> = { ...record };
  if (!isShortCircuit(record)) values.filter_results = JSON.stringify(record.filter_results);
  return `${CSV_COLUMNS.map((column) => csvCell(values[column])).join(',')}\r\n`;
}

/** The text after the last record. */
export function exportTail(format: ExportFormat, count: number): string {
  return format === 'json' ? `],"count":${count}}` : '';
}

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (leading
 * `=`, `+`, `-`, `@`, tab or CR) is prefixed with `'`.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
