import { HttpError } from '../http-error.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';

/** Daemon IPC routes: `Authorization: Bearer <daemon token>` (401 IPC_AUTH_REQUIRED). */
export function requireBearer(token: string) {
  return function requireBearerGuard(request: Request): void {
    const header = request.headers.get('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!timingSafeEqual(given, token)) {
      throw new HttpError(401, 'IPC_AUTH_REQUIRED', 'this route needs the daemon token as a Bearer credential');
    }
  };
}
