/** The audit routes as the CLI uses them. */
import type { ApiClient } from '../api-client.ts';

/** An audit record as served (spec fields plus the chain fields). */
export interface ServedRecord {
  id: string;
  timestamp: string;
  session_id: string | null;
  plugin_id: string | null;
  tool_call_type: string;
  arguments_summary?: string;
  composite_score: number;
  proxy_action: 'allow' | 'queue' | 'deny';
  short_circuit?: string;
  sequence: number;
  prev_hash: string;
  hash: string;
  [field: string]: unknown;
}

export interface AuditPage {
  records: ServedRecord[];
  total: number;
}

export const PAGE = 100;

/** One page of the hot log, newest first (`include=all`: short-circuit rows too). */
export function auditPage(client: ApiClient, offset: number, limit = PAGE): Promise<AuditPage> {
  return client.get<AuditPage>('/api/audit', { query: { limit, offset, include: 'all' }, timeoutMs: 60_000 });
}
