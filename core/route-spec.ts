import type { TSchema } from '@sinclair/typebox';
import type { IRequest } from 'itty-router';
import type { ConnInfo } from './deps.ts';
import type { BucketName } from './guards/rate-limit.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route (the spec's auth labels):
 * - `open`: nothing; `read-token`: dashboard token (401); `write`: CSRF (403);
 * - `read-token+write`: both (PUT /api/config);
 * - `ipc`: the daemon bearer token;
 * - `self-proof`: the request carries its own proof, checked by the handler
 *   (webhook-review nonce, pairing code).
 */
export type AuthTier = 'open' | 'read-token' | 'write' | 'read-token+write' | 'ipc' | 'self-proof';

export interface ResponseDoc {
  description: string;
  schema?: TSchema;
  /** Defaults to application/json. */
  contentType?: string;
}

/** The request as handlers see it: itty's params/query on a Fetch Request. */
export type RouteRequest = IRequest;

export type RouteHandler = (request: RouteRequest, conn: ConnInfo) => Response | Promise<Response>;

/**
 * One route: the single source for the router, its guards, the 405 table and
 * the OpenAPI document.
 */
export interface RouteSpec {
  method: Method;
  /** OpenAPI form, e.g. `/api/digest/{id}/approve`. */
  path: string;
  auth: AuthTier;
  /** The rate bucket counted after auth; null for none. */
  bucket: BucketName | null;
  summary: string;
  description?: string;
  tags: string[];
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  responses: Record<number, ResponseDoc>;
  handler: RouteHandler;
}

/** `/api/digest/{id}` → `/api/digest/:id` (itty-router's syntax). */
export function toIttyPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/** A matcher for a spec path, for the 405 table. */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}
