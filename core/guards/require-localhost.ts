import type { ConnInfo } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { isLoopbackAddress } from './is-loopback.ts';

/** Refuses any non-loopback peer with 403 LOCALHOST_ONLY while `enabled`. */
export function requireLocalhost(enabled: boolean) {
  return function requireLocalhostGuard(conn: ConnInfo): void {
    if (enabled && !isLoopbackAddress(conn.remoteAddress)) {
      throw new HttpError(403, 'LOCALHOST_ONLY', 'this daemon only accepts connections from the local machine');
    }
  };
}
