import { HttpError } from '../http-error.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';

/**
 * When `[server] require_api_key = true`, every request (HTTP and WebSocket
 * handshake, preflights excepted) must carry `x-svc-api-key` equal to
 * `[server] api_key` (401 API_KEY_REQUIRED). Inert when `key` is null.
 */
export function requireApiKey(key: string | null) {
  return function requireApiKeyGuard(request: Request): void {
    if (key === null) return;
    const given = request.headers.get('x-svc-api-key') ?? '';
    if (!timingSafeEqual(given, key)) {
      throw new HttpError(401, 'API_KEY_REQUIRED', 'this daemon requires x-svc-api-key');
    }
  };
}
