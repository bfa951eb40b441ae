/** The API shapes the dashboard reads (http-api.md): core's schemas where they exist, else only the fields it shows. */

import type { Static } from '@sinclair/typebox';
import type { FreshnessSchema } from '../../../core/schemas/analytics.ts';
import type { DigestItem, FilterBreakdownEntry } from '../../../core/schemas/digest.ts';

export type { DigestItem };

export type FilterResult = Static<typeof FilterBreakdownEntry>;

export interface DigestList {
  items: DigestItem[];
  total: number;
  pending_count: number;
  escalated_count: number;
}

export interface ReviewEvent {
  digest_id: string;
  status: DigestItem['status'];
  review_action: DigestItem['review_action'];
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

export type Freshness = Static<typeof FreshnessSchema>;

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
