import { Router, type IRequest, type RouterType } from 'itty-router';
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
  const itty = Router<IRequest, [ConnInfo]>();
  const handlers: Array<(request: IRequest, conn: ConnInfo) => Response | Promise<Response>> = [];
  for (const route of routes) {
    const guards = authGuards(route.auth, services);
    const limit = route.bucket ? services.rateLimit(route.bucket) : null;
    const handler = (request: IRequest, conn: ConnInfo) => {
      for (const guard of guards) guard(request);
      if (limit) limit();
      return route.handler(request, conn);
    };
    handlers.push(handler);
    itty[route.method.toLowerCase()]!(toIttyPath(route.path), handler);
  }
  const table = routes.map((route) => ({ method: route.method, match: pathMatcher(route.path) }));
  const exact = exactRoutes(routes, itty.routes);
  /**
   * Routes like itty: a request whose exact path names a route with no
   * parameters (and that no earlier route would match) skips itty's walk
   * over every route's pattern; the rest go through itty. Synchronous when
   * the handler is (throws then, where itty would reject).
   */
  const router = {
    fetch(fetchRequest: Request, conn: ConnInfo): Response | Promise<Response | undefined> {
      const path = plainPathname(fetchRequest.url);
      const index = path === null ? undefined : exact.get(`${fetchRequest.method} ${path}`);
      if (index === undefined) return itty.fetch(fetchRequest, conn) as Promise<Response | undefined>;
      // What itty sets on a matched request with no query string.
      const request = fetchRequest as IRequest;
      request.query = { __proto__: null } as unknown as IRequest['query'];
      request.params = {};
      request.route = itty.routes[index]![3] ?? '';
      return handlers[index]!(request, conn);
    },
  };
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

/**
 * `METHOD path` → route index, for parameterless routes that itty would pick
 * for exactly that path: no earlier route of the same method matches it.
 */
function exactRoutes(routes: RouteSpec[], ittyRoutes: RouterType['routes']): Map<string, number> {
  const exact = new Map<string, number>();
  routes.forEach((route, index) => {
    if (!PLAIN_PATH.test(route.path)) return;
    const shadowed = ittyRoutes
      .slice(0, index)
      .some(([method, pattern]) => (method === route.method || method === 'ALL') && pattern.test(route.path));
    if (!shadowed) exact.set(`${route.method} ${route.path}`, index);
  });
  return exact;
}

/**
 * The pathname of an absolute URL without a query, when the URL parser
 * would leave it as written (letters, digits, `_`, `-`, and dots inside a
 * segment, never a dot segment); else null.
 */
function plainPathname(url: string): string | null {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return null;
  const path = url.slice(start);
  return PLAIN_PATH.test(path) ? path : null;
}
const PLAIN_PATH = /^(?:\/[\w-][\w.-]*)+$/;
