import { Router, type IRequest } from 'itty-router';
import type { ConnInfo } from './deps.ts';
import { HttpError } from './http-error.ts';
import { requireBearer } from './guards/require-bearer.ts';
import { requireCsrf } from './guards/require-csrf.ts';
import { requireDashboardToken } from './guards/require-dashboard-token.ts';
import { pathMatcher, toIttyPath, type AuthTier, type RouteSpec } from './route-spec.ts';
import type { Services } from './services.ts';

type Guard = (request: IRequest) => void;

function authGuards(auth: AuthTier, services: Services): Guard[] {
  const token = services.tokens.dashboard;
  switch (auth) {
    case 'open':
    case 'self-proof':
      return [];
    case 'read-token':
      return [requireDashboardToken(token)];
    case 'write':
      return [requireCsrf(token)];
    case 'read-token+write':
      return [requireDashboardToken(token), requireCsrf(token)];
    case 'ipc':
      return [requireBearer(services.tokens.daemon)];
  }
}

/**
 * Builds the router from the route table: each route runs its auth guards,
 * then its rate bucket (so unauthenticated requests spend no quota), then its
 * handler. Returns the router and a resolver for unmatched requests (405 when
 * the path exists under another method, else 404).
 */
export function buildRouter(routes: RouteSpec[], services: Services) {
  const router = Router<IRequest, [ConnInfo]>();
  for (const route of routes) {
    const guards = authGuards(route.auth, services);
    const limit = route.bucket ? services.rateLimit(route.bucket) : null;
    const handler = (request: IRequest, conn: ConnInfo) => {
      for (const guard of guards) guard(request);
      if (limit) limit();
      return route.handler(request, conn);
    };
    router[route.method.toLowerCase()]!(toIttyPath(route.path), handler);
  }
  const table = routes.map((route) => ({ method: route.method, match: pathMatcher(route.path) }));
  function unmatched(request: Request): never {
    const path = new URL(request.url).pathname;
    const allowed = [...new Set(table.filter((r) => r.match.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}`, { allowed }, {
        allow: allowed.join(', '),
      });
    }
    throw new HttpError(404, 'NOT_FOUND', `no route for ${request.method} ${path}`);
  }
  return { router, unmatched };
}
