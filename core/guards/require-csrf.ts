import { HttpError } from '../http-error.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';

/** The public CSRF value accepted only when no dashboard token is configured. */
export const PUBLIC_CSRF_VALUE = 'svc-dashboard';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Writes: `x-svc-csrf` must equal the dashboard token, or `svc-dashboard`
 * when none is configured (403 CSRF_REQUIRED).
 */
export function requireCsrf(token: string | null) {
  const expected = token ?? PUBLIC_CSRF_VALUE;
  return function requireCsrfGuard(request: Request): void {
    if (SAFE_METHODS.has(request.method)) return;
    const given = request.headers.get('x-svc-csrf') ?? '';
    if (!timingSafeEqual(given, expected)) {
      throw new HttpError(403, 'CSRF_REQUIRED', 'this write needs the dashboard token in x-svc-csrf');
    }
  };
}
