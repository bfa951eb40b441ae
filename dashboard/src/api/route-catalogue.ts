import { api } from './client.ts';

let paths: Promise<Set<string>> | null = null;

/**
 * Whether this daemon serves a route, read once from its OpenAPI document:
 * pages whose routes a build lacks say "not available" instead of asking
 * and failing.
 */
export function routeExists(path: string): Promise<boolean> {
  paths ??= api<{ paths?: Record<string, unknown> }>('GET', '/api/openapi.json').then(
    (doc) => new Set(Object.keys(doc.paths ?? {})),
    () => {
      paths = null;
      return new Set<string>();
    },
  );
  return paths.then((known) => known.has(path));
}
