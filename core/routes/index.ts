import type { RouteSpec } from '../route-spec.ts';
import { analyticsRoutes } from './analytics.ts';
import { auditRoutes } from './audit.ts';
import { auditCheckpointRoutes } from './audit-checkpoint.ts';
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
import { sessionRecordRoutes } from './session-records.ts';
import { supervisorRoutes } from './supervisor.ts';
import { tierRoutes } from './tier.ts';

/**
 * Every route of the API, each factory handed exactly what it uses. Building
 * the table has no side effect (call it as often as you like: the OpenAPI
 * test does); every service is built once, by createApp. Add an area by
 * appending its factory here; the OpenAPI route documents whatever this
 * list holds.
 */
export function allRoutes(services: Services): RouteSpec[] {
  const { deps, licence, digest, engine, onboarding } = services;
  // Read at call time: tests replace the catalogue on a built app.
  const filterCatalog = () => services.filterCatalog();
  const { files } = deps;
  const routes: RouteSpec[] = [
    ...healthRoutes({ ...pick(services, 'health', 'healthFlags', 'version', 'startedAt', 'instanceId'), clock: deps.clock }),
    ...tierRoutes({ licence }),
    ...licenceRoutes({ licence }),
    ...configRoutes({ files, configWriter: services.configWriter, filterCatalog }),
    ...onboardingRoutes({ files, tokens: services.tokens, onboarding }),
    ...pairingRoutes({ tokens: services.tokens, onboarding, pairingCodes: services.pairingCodes }),
    ...shutdownRoutes({ timers: deps.timers, requestShutdown: deps.requestShutdown }),
    ...digestRoutes({ digest }),
    ...digestIpcRoutes({ digest }),
    ...analyticsRoutes({ analytics: services.analytics, licence }),
    ...auditCheckpointRoutes({ audit: services.audit, auditKey: services.auditKey, now: () => deps.clock.now() }),
    ...auditRoutes({ audit: services.audit }),
    ...evaluateRoutes({ decisions: services.decisions }),
    ...proxyRoutes({ engine }),
    ...daemonExtraRoutes({ engine }),
    ...canaryRoutes({ engine, log: deps.log }),
    ...policyRoutes({ policies: services.policies, licence, filterCatalog }),
    ...syncRoutes({ files, log: deps.log, licence, hasLearnedRules: () => digest.hasLearnedRules() }),
    ...notificationRoutes({ notifications: services.notifications, licence }),
    ...dashboardRoutes({ tls: deps.server.tls }),
    ...supervisorRoutes(services.supervisor.registry),
    ...sessionRecordRoutes(services.supervisor),
  ];
  routes.push(...openApiRoutes({ version: services.version }, () => routes));
  return routes;
}

function pick<T extends object, K extends keyof T>(from: T, ...keys: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}
