/**
 * The supervisor subsystem: the session registry, the binary inventory, the
 * listener rewrites and the per-call supervision the decision path uses.
 */
import type { Config } from '../config/config-types.ts';
import type { Deps } from '../deps.ts';
import type { LicenceService } from '../licence/licence-service.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { CanaryMask } from '../scoring/canary-mask.ts';
import { createBinaryInventory } from './binary-inventory.ts';
import { createCallSupervisor } from './call-supervision.ts';
import { createListenerRewrites } from './listener-rewrites.ts';
import { createSessionRegistry, type Containment } from './session-registry.ts';

export function createSupervisor(parts: {
  deps: Deps;
  config: Config;
  licence: LicenceService;
  hub: RealtimeHub;
  containment: Containment;
  openReviews: (sessionId: string) => number;
  canaryMask: CanaryMask;
}) {
  const { deps, config, licence } = parts;
  const registry = createSessionRegistry({
    storage: deps.storage,
    clock: deps.clock,
    random: deps.random,
    timers: deps.timers,
    log: deps.log,
    hub: parts.hub,
    containment: parts.containment,
    maxSessions: () => Math.min(licence.current().max_sessions, config.supervisor.max_concurrent_sessions),
    onLimitRejected: () => licence.recordSessionLimitRejection(),
    openReviews: parts.openReviews,
    canaryMask: parts.canaryMask,
    ...(deps.processes ? { processAlive: deps.processes.alive } : {}),
  });
  const inventory = createBinaryInventory(deps.storage);
  const rewrites = createListenerRewrites(deps.storage);
  const calls = createCallSupervisor({
    registry,
    inventory,
    rewrites,
    clock: deps.clock,
    clampWildcardListeners: config.supervisor.clamp_wildcard_listeners,
  });
  return { registry, inventory, rewrites, calls };
}

export type Supervisor = ReturnType<typeof createSupervisor>;
