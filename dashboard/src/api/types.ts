/** The API shapes the dashboard reads (http-api.md); only the fields it shows. */

export interface FilterResult {
  filter_name: string;
  matched: boolean;
  score: number;
  severity: string;
  message: string;
}

export interface DigestItem {
  id: string;
  created_at: string;
  session_id: string;
  tool_call_type: string;
  arguments_summary: string;
  decision_reason: string;
  composite_score: number;
  severity: string;
  filter_breakdown: FilterResult[];
  task_context: unknown;
  plugin_id: string;
  status: string;
  reviewed_at: string | null;
  review_action: string | null;
  reviewer_notes: string | null;
  informational_only: boolean;
  escalated_at: string | null;
  escalated_by: string | null;
}

export interface DigestList {
  items: DigestItem[];
  total: number;
  pending_count: number;
  escalated_count: number;
}

export interface ReviewEvent {
  digest_id: string;
  status: string;
  review_action: string | null;
  reviewer_notes: string | null;
}

export interface AuditRecord {
  id: string;
  timestamp: string;
  session_id: string | null;
  plugin_id: string | null;
  tool_call_type: string;
  arguments_summary: string;
  arguments_hash: string;
  composite_score: number;
  proxy_action: string;
  filter_results: FilterResult[];
  evaluation_time_ms: number;
  source: string | null;
  supervised_tool?: string | null;
  supervised_pid?: number | null;
  project_name?: string | null;
  [key: string]: unknown;
}

export interface AuditPage {
  records: AuditRecord[];
  total: number;
  limit?: number;
  offset?: number;
}

export interface ProxyEvaluation {
  audit_id: string;
  session_id: string | null;
  tool_call_type: string;
  decision: string;
  composite_score: number;
  decision_reason: string;
  arguments_summary: string;
  digest_id: string | null;
}

export interface Tier {
  tier: string;
  max_sessions: number;
  billing_portal_url?: string | null;
  features: Record<string, boolean>;
  [key: string]: unknown;
}

export interface Health {
  status: string;
  version: string;
  uptime_seconds: number;
  instance_id: string;
  subsystems: Record<string, { status: string; message?: string; latency_ms?: number }>;
  audit_quarantined?: boolean;
  audit_read_only?: boolean;
}

export interface Freshness {
  materialized_through_at: string | null;
  materialized_through_sequence: number;
  dirty_day_count: number;
  rebuilding: boolean;
  gap_count: number;
}

export interface Canary {
  id: string;
  label: string;
  value_prefix: string;
}

export interface ConfigView {
  config_scope: string[];
  proxy: { auto_allow_threshold: number; auto_deny_threshold: number };
  filters: Array<{ id: string; name: string; phase: string; enabled: boolean }>;
  [key: string]: unknown;
}
