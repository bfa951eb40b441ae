import type { RouteSpec } from '../route-spec.ts';
import { analyticsRoutes } from './analytics.ts';
import { auditRoutes } from './audit.ts';
import { evaluateRoutes } from './proxy-evaluate.ts';
import { canaryRoutes } from './canaries.ts';
import { proxyRoutes } from './proxy.ts';
import { daemonExtraRoutes } from './daemon-extras.ts';
import { dashboardRoutes } from './dashboard.ts';
import type { Services } from '../services.ts';
import { configRoutes } from './config.ts';
import { digestRoutes } from './digest.ts';
import { digestIpcRoutes } from './digest-ipc.ts';
import { healthRoutes } from './health.ts';
import { licenceRoutes } from './licence.ts';
import { onboardingRoutes } from './onboarding.ts';
import { openApiRoutes } from './openapi.ts';
import { notificationRoutes } from './notifications.ts';
import { syncRoutes } from './sync.ts';
import { policyRoutes } from './policies.ts';
import { pairingRoutes } from './pairing.ts';
import { shutdownRoutes } from './shutdown.ts';
import { supervisorRoutes } from './supervisor.ts';
import { tierRoutes } from './tier.ts';

/**
 * Every route of the API. Add an area by appending its factory here; the
 * OpenAPI route documents whatever this list holds.
 */
export function allRoutes(services: Services): RouteSpec[] {
  const routes: RouteSpec[] = [...healthRoutes(services), ...tierRoutes(services), ...licenceRoutes(services)];
  const { onboarding } = services;
  routes.push(
    ...configRoutes(services),
    ...onboardingRoutes(services, onboarding),
    ...pairingRoutes(services, onboarding),
    ...shutdownRoutes(services),
    ...digestRoutes(services),
    ...digestIpcRoutes(services),
  );
  routes.push(...analyticsRoutes(services));
  routes.push(...auditRoutes(services, services.audit), ...evaluateRoutes(services.decisions));
  routes.push(...proxyRoutes(services), ...daemonExtraRoutes(services), ...canaryRoutes(services));
  routes.push(...policyRoutes(services), ...syncRoutes(services), ...notificationRoutes(services));
  routes.push(...dashboardRoutes(services));
  routes.push(...supervisorRoutes(services.supervisor.registry));
  routes.push(...openApiRoutes(services, () => routes));
  return routes;
}
