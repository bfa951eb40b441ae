/**
 * Creates the analytics service for a running daemon: reads the licence and
 * the audit chain state lazily from `services`, wakes the worker after every
 * decision, and stops it at close.
 */
import type { Services } from '../services.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics-service.ts';
import { chainHealthOf } from './chain-health.ts';

/**
 * The audit chain status, if the audit module is on `services` (read
 * structurally: `services.audit.chainState().status`). Code that opens the
 * audit log elsewhere passes it instead:
 * `services.analytics?.setChainHealth(() => chainHealthOf(audit.chainState().status))`.
 */
function auditChainStatus(services: Services): string | null {
  const audit: unknown = Reflect.get(services, 'audit');
  if (typeof audit !== 'object' || audit === null) return null;
  const chainState: unknown = Reflect.get(audit, 'chainState');
  if (typeof chainState !== 'function') return null;
  const state: unknown = chainState.call(audit);
  if (typeof state !== 'object' || state === null) return null;
  const status: unknown = Reflect.get(state, 'status');
  return typeof status === 'string' ? status : null;
}

/** Builds the service and hooks it into the daemon's lifecycle. */
export function wireAnalytics(services: Services): AnalyticsService {
  const { storage, clock, timers, log } = services.deps;
  const analytics = createAnalyticsService({
    storage,
    now: () => clock.now(),
    timers,
    log,
    chainHealth: () => chainHealthOf(auditChainStatus(services)),
    proAvailable: () => services.licence.has('usage_analytics'),
  });
  services.decisionHooks.push(() => {
    analytics.poke();
    return undefined;
  });
  services.closers.push(() => analytics.close());
  return analytics;
}
