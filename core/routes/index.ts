import type { RouteSpec } from '../route-spec.ts';
import type { Services } from '../services.ts';
import { healthRoutes } from './health.ts';
import { licenceRoutes } from './licence.ts';
import { openApiRoutes } from './openapi.ts';
import { tierRoutes } from './tier.ts';

/**
 * Every route of the API. Add an area by appending its factory here; the
 * OpenAPI route documents whatever this list holds.
 */
export function allRoutes(services: Services): RouteSpec[] {
  const routes: RouteSpec[] = [...healthRoutes(services), ...tierRoutes(services), ...licenceRoutes(services)];
  routes.push(...openApiRoutes(services, () => routes));
  return routes;
}
