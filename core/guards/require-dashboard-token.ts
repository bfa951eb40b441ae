import { HttpError } from '../http-error.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';

/**
 * Sensitive reads: `x-svc-csrf` must equal the dashboard token (401
 * DASHBOARD_AUTH_REQUIRED). Inert when no dashboard token is configured.
 */
export function requireDashboardToken(token: string | null) {
  return function requireDashboardTokenGuard(request: Request): void {
    if (token === null || request.method === 'OPTIONS') return;
    const given = request.headers.get('x-svc-csrf') ?? '';
    if (!timingSafeEqual(given, token)) {
      throw new HttpError(401, 'DASHBOARD_AUTH_REQUIRED', 'this route needs the dashboard token in x-svc-csrf');
    }
  };
}
