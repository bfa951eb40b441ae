/**
 * Creates the analytics service for a running daemon: `chain_health` from the
 * audit log, the Pro check from the licence, and a closer that stops the
 * worker. The decision path wakes the worker after every decision.
 */
import type { AuditLog } from '../audit/audit-log.ts';
import type { BaseServices } from '../services.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics-service.ts';
import { chainHealthOf } from './chain-health.ts';

/** Builds the service and hooks it into the daemon's lifecycle. */
export function wireAnalytics(services: BaseServices, audit: Pick<AuditLog, 'chainState'>): AnalyticsService {
  const { storage, clock, timers, log } = services.deps;
  const analytics = createAnalyticsService({
    storage,
    now: () => clock.now(),
    timers,
    log,
    chainHealth: () => chainHealthOf(audit.chainState().status),
    proAvailable: () => services.licence.has('usage_analytics'),
  });
  services.closers.push(() => analytics.close());
  return analytics;
}
