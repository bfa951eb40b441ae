import type { Config } from './config/config-types.ts';
import type { Deps } from './deps.ts';
import type { BucketName } from './guards/rate-limit.ts';
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
  hub: RealtimeHub;
  /** Health check per subsystem; a missing one reports `ok`. */
  health: Map<SubsystemName, () => SubsystemHealth | Promise<SubsystemHealth>>;
  /** Optional top-level flags for the health payload (`audit_quarantined`, `audit_read_only`). */
  healthFlags: Array<() => Record<string, boolean>>;
  /** Run in reverse order at close. */
  closers: Array<() => Promise<void> | void>;
}

/** The daemon's release and the health protocol version. */
export const VERSION = '0.4.0';
export const PROTOCOL_VERSION = 1;
