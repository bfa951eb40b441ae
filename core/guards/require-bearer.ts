import { HttpError } from '../http-error.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';

/**
 * The credential of an `Authorization: Bearer <token>` header, or null. The
 * scheme name is case-insensitive (RFC 9110, 11.1: `bearer` and `BEARER` are
 * `Bearer`); spaces around the credential are not part of it.
 */
export function bearerCredential(header: string | null): string | null {
  if (header === null || header.length < 7 || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  return header.slice(7).trim();
}

/** Daemon IPC routes: `Authorization: Bearer <daemon token>` (401 IPC_AUTH_REQUIRED). */
export function requireBearer(token: string) {
  return function requireBearerGuard(request: Request): void {
    const given = bearerCredential(request.headers.get('authorization')) ?? '';
    if (!timingSafeEqual(given, token)) {
      throw new HttpError(401, 'IPC_AUTH_REQUIRED', 'this route needs the daemon token as a Bearer credential');
    }
  };
}
