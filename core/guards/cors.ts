import type { ServerAddress } from '../deps.ts';

export const CORS_ALLOWED_HEADERS = ['content-type', 'authorization', 'x-svc-api-key', 'x-svc-csrf'];
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/** The one origin CORS allows: `http://{host}:{port}` (https under TLS). */
export function allowedOrigin(server: ServerAddress): string {
  const host = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  return `${server.tls ? 'https' : 'http'}://${host}:${server.port}`;
}

/**
 * Creates the CORS layer: preflight answers and response headers for the one
 * allowed origin. The origin is read per request because a host learns its
 * real port only after listening (`--port 0`).
 */
export function cors(server: ServerAddress) {
  return {
    /** Answers a preflight: 204 with the allowed set for our origin, 403 for any other. */
    preflight(request: Request): Response {
      const origin = allowedOrigin(server);
      const given = request.headers.get('origin');
      if (given !== origin) {
        return new Response(JSON.stringify({ error: 'origin not allowed', code: 'CORS_ORIGIN_DENIED' }), {
          status: 403,
          headers: { 'content-type': 'application/json', vary: 'Origin' },
        });
      }
      const requested = (request.headers.get('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== '');
      const unknown = requested.filter((h) => !CORS_ALLOWED_HEADERS.includes(h));
      if (unknown.length > 0) {
        return new Response(
          JSON.stringify({ error: `request headers not allowed: ${unknown.join(', ')}`, code: 'CORS_HEADERS_DENIED' }),
          { status: 403, headers: { 'content-type': 'application/json', vary: 'Origin' } },
        );
      }
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': ALLOWED_METHODS,
          'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
          'access-control-max-age': '600',
          vary: 'Origin',
        },
      });
    },
    /** Adds the allow-origin header when the request came from our origin. */
    decorate(request: Request, response: Response): Response {
      const given = request.headers.get('origin');
      if (given === null) return response;
      const origin = allowedOrigin(server);
      if (given !== origin) return response;
      const headers = new Headers(response.headers);
      headers.set('access-control-allow-origin', origin);
      // A preflight answer names Origin in Vary already.
      if (!/(^|,)\s*origin\s*(,|$)/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Origin');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}

/** True for a CORS preflight request. */
export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}
