/**
 * The audit routes (all Read-token, General bucket). Each one verifies the
 * chain first (inside the audit log): 500 AUDIT_CHAIN_BROKEN, 500
 * AUDIT_CHAIN_ANCHOR_MISMATCH or 503 AUDIT_CHAIN_UNANCHORED; nothing repairs.
 * The fixed paths are registered before `/api/audit/{id}` on purpose.
 */
import type { AuditLog } from '../audit/audit-log.ts';
import type { Include } from '../audit/audit-queries.ts';
import { parseWindow } from '../audit/audit-queries.ts';
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { intQuery, queryOf } from '../http/query.ts';
import type { RouteHandler, RouteSpec } from '../route-spec.ts';
import {
  AuditExportQuery, AuditExportSchema, AuditIdParams, AuditListQuery, AuditListSchema, AuditRecordSchema,
  AuditSummaryQuery, AuditSummarySchema, ExfilStatsSchema,
} from '../schemas/audit.ts';
import { errorDoc } from '../schemas/common.ts';

const MAX_EXPORT = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The answers every audit route gives when the chain does not verify. */
export const CHAIN_ERRORS = {
  500: errorDoc('AUDIT_CHAIN_BROKEN (tampered, deleted, reordered or truncated) or AUDIT_CHAIN_ANCHOR_MISMATCH (archive boundary)'),
  503: errorDoc('AUDIT_CHAIN_UNANCHORED: records without an anchor'),
};


function includeOf(raw: string | undefined): Include {
  if (raw === undefined || raw === 'full' || raw === 'all') return raw ?? 'full';
  throw new HttpError(400, 'INVALID_QUERY', 'include must be full or all');
}

function booleanOf(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new HttpError(400, 'INVALID_QUERY', `${name} must be true or false`);
}

function dateOf(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) {
    throw new HttpError(400, 'INVALID_QUERY', 'from_date must be a date YYYY-MM-DD');
  }
  return raw;
}

/**
 * The handler once the start-up check of the whole chain is done (the log
 * opens before it ends, so health answers meanwhile): every audit read
 * answers from a chain verified from its first record.
 */
export function afterStartCheck(audit: Pick<AuditLog, 'ready'>, handler: RouteHandler): RouteHandler {
  return async (request, conn) => {
    await audit.ready;
    return handler(request, conn);
  };
}

/** What every audit route is: a Read-token GET in the General bucket. */
export const AUDIT_READ: Pick<RouteSpec, 'method' | 'auth' | 'bucket' | 'tags'> = { method: 'GET', auth: 'read-token', bucket: 'general', tags: ['audit'] };

/** `GET /api/audit`, `/summary`, `/export`, `/exfil-stats`, `/{id}`. */
export function auditRoutes({ audit }: { audit: AuditLog }): RouteSpec[] {
  return [
    {
      ...AUDIT_READ,
      path: '/api/audit',
      summary: 'Pages the audit log, newest first',
      description: 'With session_id: every hot record of that session, unpaged, as {records, total}. include=all adds the compact short-circuit rows (calls resolved by a learned or allow-always rule).',
      query: AuditListQuery,
      responses: { 200: { description: 'A page of records', schema: AuditListSchema }, 400: errorDoc('INVALID_QUERY'), ...CHAIN_ERRORS },
      handler: afterStartCheck(audit, (request) => {
        const query = queryOf(request);
        const include = includeOf(query('include'));
        const sessionId = query('session_id');
        if (sessionId !== undefined) {
          if (!UUID.test(sessionId)) throw new HttpError(400, 'INVALID_QUERY', 'session_id must be a UUID');
          return json(audit.listSession(sessionId, include));
        }
        const limit = Math.min(100, intQuery(query('limit'), 'limit', 20, 1));
        const offset = intQuery(query('offset'), 'offset', 0, 0);
        return json(audit.list({ limit, offset, include }));
      }),
    },
    {
      ...AUDIT_READ,
      path: '/api/audit/summary',
      summary: 'Decision counts in a window',
      description: 'window today (from midnight UTC), 7d, 30d or all; an unrecognised window is 7d. since is null for all.',
      query: AuditSummaryQuery,
      responses: { 200: { description: 'Audit summary', schema: AuditSummarySchema }, ...CHAIN_ERRORS },
      handler: afterStartCheck(audit, (request) => {
        const query = queryOf(request);
        return json(audit.summary(parseWindow(query('window')), includeOf(query('include'))));
      }),
    },
    {
      ...AUDIT_READ,
      path: '/api/audit/export',
      summary: 'Exports records, streamed',
      description: 'JSON {records, count} or CSV (text/csv; charset=utf-8), newest first. include_cold merges the compressed archives under <audit_dir>/cold/; from_date (YYYY-MM-DD) selects which archive files are read, not active records.',
      query: AuditExportQuery,
      responses: {
        200: { description: 'The export (JSON, or CSV with contentType text/csv)', schema: AuditExportSchema },
        400: errorDoc('INVALID_QUERY'),
        ...CHAIN_ERRORS,
      },
      handler: afterStartCheck(audit, (request) => {
        const query = queryOf(request);
        const format = query('format') ?? 'json';
        if (format !== 'json' && format !== 'csv') throw new HttpError(400, 'INVALID_QUERY', 'format must be json or csv');
        const body = audit.export({
          format,
          limit: Math.min(MAX_EXPORT, intQuery(query('limit'), 'limit', 1000, 1)),
          includeCold: booleanOf(query('include_cold'), 'include_cold'),
          fromDate: dateOf(query('from_date')),
        });
        const headers: Record<string, string> = format === 'csv'
          ? { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="audit.csv"' }
          : { 'content-type': 'application/json' };
        return new Response(body, { status: 200, headers });
      }),
    },
    {
      ...AUDIT_READ,
      path: '/api/audit/exfil-stats',
      summary: 'Exfiltration stats over the last 500 records',
      description: 'Counts queued and denied calls where an egress, DLP, canary or containment filter matched; total_redacted counts those where a DLP or canary filter matched; destinations are parsed best-effort from arguments_summary (top 10).',
      responses: { 200: { description: 'Exfiltration stats', schema: ExfilStatsSchema }, ...CHAIN_ERRORS },
      handler: afterStartCheck(audit, () => {
        return json(audit.exfilStats());
      }),
    },
    {
      ...AUDIT_READ,
      path: '/api/audit/{id}',
      summary: 'One audit record',
      params: AuditIdParams,
      responses: { 200: { description: 'The record', schema: AuditRecordSchema }, 404: errorDoc('NOT_FOUND'), ...CHAIN_ERRORS },
      handler: afterStartCheck(audit, (request) => {
        let id = String(request.params.id);
        try {
          id = decodeURIComponent(id);
        } catch {
          // A malformed escape cannot name a record.
        }
        const record = audit.get(id);
        if (!record) throw new HttpError(404, 'NOT_FOUND', `no audit record ${id}`);
        return json(record);
      }),
    },
  ];
}
