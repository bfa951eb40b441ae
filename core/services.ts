import type { AnalyticsService } from './analytics/analytics-service.ts';
import type { AuditLog } from './audit/audit-log.ts';
import type { ScoringEngine } from './scoring/engine.ts';
import type { Config } from './config/config-types.ts';
import type { Deps } from './deps.ts';
import type { DigestService } from './digest/digest-service.ts';
import type { BucketName } from './guards/rate-limit.ts';
import type { LicenceService } from './licence/licence-service.ts';
import type { Notifier } from './notifications/notifier.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { Tokens } from './security/tokens.ts';

export type SubsystemName = 'audit' | 'digest' | 'proxy' | 'supervisor';

/** One subsystem's state on the health payload. */
export interface SubsystemHealth {
  status: 'ok' | 'degraded' | 'error';
  message?: string;
  latency_ms?: number;
}

/**
 * What the evaluate route tells other modules about each decision, after the
 * audit record is written and before the durability flush that precedes the
 * response. Hooks write through `deps.storage` synchronously so their rows
 * are made durable by the same flush (the digest files queued items here).
 */
export interface DecisionEvent {
  /** The tool call as validated (see core/schemas/tool-call.ts). */
  toolCall: { type: string } & Record<string, unknown>;
  decision: 'allow' | 'queue' | 'deny';
  priority: 'Low' | 'Medium' | 'High' | 'Critical' | null;
  severity: 'notice' | 'warning' | 'error' | 'critical';
  compositeScore: number;
  decisionReason: string;
  filterResults: Array<{ filter_name: string; matched: boolean; score: number; severity: string; message: string }>;
  auditId: string;
  sessionId: string;
  pluginId: string;
  source: string;
  taskContext: unknown;
  argumentsSummary: string;
  supervised: { tool: string; pid: number; project_name: string } | null;
  /**
   * Set when the caller says the session already resolved this queue decision
   * itself (`allowed`: logged and allowed; `denied`: auto-denied for lack of a
   * terminal). The digest then files an `informational_only` item. Suggested
   * evaluate body field: `self_resolved: "allowed" | "denied"`.
   */
  selfResolved?: 'allowed' | 'denied' | null;
}

/** One filter of the running proxy, as `/api/config` lists it. */
export interface FilterCatalogEntry {
  id: string;
  name: string;
  phase: 'static' | 'pattern' | 'context';
}

/** Returns fields to merge into the evaluate response (e.g. `digest_id`). */
export type DecisionHook = (event: DecisionEvent) => Record<string, unknown> | undefined;

/**
 * Everything a route module needs, built once at start by `createApp`.
 * Domain modules add their service here and register their health check.
 */
export interface Services {
  deps: Deps;
  config: Config;
  tokens: Tokens;
  version: string;
  instanceId: string;
  /** Epoch ms of this start. */
  startedAt: number;
  rateLimit: (bucket: BucketName) => () => void;
  /** The licence read at start (`license.json`); gate with `requireFeature`. */
  licence: LicenceService;
  /**
   * Notification channels (`[[notifications.channels]]`). The digest calls
   * `notifications.notifyQueued(item)` once a queued item is durable.
   */
  notifications: Notifier;
  hub: RealtimeHub;
  /** The quarantine digest (core/digest): filing, reviews, learned rules, nonces. */
  digest: DigestService;
  /** The running scoring proxy (core/scoring): thresholds fixed at start. */
  engine: ScoringEngine;
  /** Health check per subsystem; a missing one reports `ok`. */
  health: Map<SubsystemName, () => SubsystemHealth | Promise<SubsystemHealth>>;
  /** Optional top-level flags for the health payload (`audit_quarantined`, `audit_read_only`). */
  healthFlags: Array<() => Record<string, boolean>>;
  /**
   * The filters the running proxy registered (ids for `PUT /api/config`,
   * names and phases for `GET /api/config`). Empty until the scoring engine
   * is wired; the engine's module replaces it.
   */
  filterCatalog: () => FilterCatalogEntry[];
  /** Called for every decision of POST /api/proxy/evaluate, in order. */
  decisionHooks: DecisionHook[];
  /** Run in reverse order at close. */
  closers: Array<() => Promise<void> | void>;
  /** The analytics projection (core/analytics); created with the analytics routes. */
  analytics?: AnalyticsService;
  /** The hash-chained audit log (core/audit); set by `installAudit` before the routes are built. */
  audit?: AuditLog;
}

/** The daemon's release and the health protocol version. */
export const VERSION = '0.4.0';
export const PROTOCOL_VERSION = 1;
