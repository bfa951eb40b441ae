import type { AnalyticsService } from './analytics/analytics-service.ts';
import type { AuditLog } from './audit/audit-log.ts';
import type { AuditKey } from './audit/audit-key.ts';
import type { Decisions } from './decisions/decide.ts';
import type { ScoringEngine } from './scoring/engine.ts';
import type { Config } from './config/config-types.ts';
import type { ConfigWriter } from './config/write-config.ts';
import type { Deps } from './deps.ts';
import type { DigestService } from './digest/digest-service.ts';
import type { LearnedRules } from './digest/learned-rules.ts';
import type { BucketName } from './guards/rate-limit.ts';
import type { LicenceService } from './licence/licence-service.ts';
import type { Notifier } from './notifications/notifier.ts';
import type { OnboardingState } from './onboarding/onboarding-state.ts';
import type { PairingCodes } from './pairing/pairing-codes.ts';
import type { PolicyStore } from './policies/policy-store.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { Tokens } from './security/tokens.ts';
import type { Supervisor } from './sessions/create-supervisor.ts';

export type SubsystemName = 'audit' | 'digest' | 'proxy' | 'supervisor';

/** One subsystem's state on the health payload. */
export interface SubsystemHealth {
  status: 'ok' | 'degraded' | 'error';
  message?: string;
  latency_ms?: number;
}

/** One filter of the running proxy, as `/api/config` lists it. */
export interface FilterCatalogEntry {
  id: string;
  name: string;
  phase: 'static' | 'pattern' | 'context';
}

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
  /** The quarantine digest (core/digest): filing, reviews, nonces. */
  digest: DigestService;
  /** The learned / allow-always rules: the digest adds them, the scoring engine reads them. */
  learnedRules: LearnedRules;
  /** Supervised sessions (core/sessions): registry, inventory, listener rewrites, per-call supervision. */
  supervisor: Supervisor;
  /** Writes `config.toml` / `team-config.toml` (PUT /api/config). */
  configWriter: ConfigWriter;
  /** The policy files (`policies/*.json`). */
  policies: PolicyStore;
  /** The outstanding dashboard pairing code (in memory). */
  pairingCodes: PairingCodes;
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
  /** Run in reverse order at close. */
  closers: Array<() => Promise<void> | void>;
  /** The hash-chained audit log (core/audit). */
  audit: AuditLog;
  /** The Ed25519 key that signs audit checkpoints (`{config_dir}/audit.key`). */
  auditKey: AuditKey;
  /** The analytics projection (core/analytics). */
  analytics: AnalyticsService;
  /** The first-run milestones (core/onboarding). */
  onboarding: OnboardingState;
  /** The decision path of POST /api/proxy/evaluate (core/decisions). */
  decisions: Decisions;
}

/** The services the audit log and analytics are built from (everything but what depends on them). */
export type BaseServices = Omit<Services, 'audit' | 'auditKey' | 'analytics' | 'onboarding' | 'decisions'>;

/** The daemon's release and the health protocol version. */
export const VERSION = '0.4.0';
export const PROTOCOL_VERSION = 1;
