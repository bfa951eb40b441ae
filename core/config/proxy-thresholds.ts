import { HttpError } from '../http-error.ts';

/** The range every proxy threshold must lie in. */
export const THRESHOLD_MIN = 0;
export const THRESHOLD_MAX = 10;

/**
 * Checks a threshold pair: each within 0.0-10.0 and allow strictly below
 * deny, else 400 INVALID_PROXY_THRESHOLD naming what is wrong.
 */
export function checkProxyThresholds(allow: unknown, deny: unknown): void {
  for (const [name, value] of [['auto_allow_threshold', allow], ['auto_deny_threshold', deny]] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < THRESHOLD_MIN || value > THRESHOLD_MAX) {
      throw new HttpError(
        400,
        'INVALID_PROXY_THRESHOLD',
        `proxy.${name} must be a number between ${THRESHOLD_MIN.toFixed(1)} and ${THRESHOLD_MAX.toFixed(1)} (got ${String(value)})`,
      );
    }
  }
  if ((allow as number) >= (deny as number)) {
    throw new HttpError(
      400,
      'INVALID_PROXY_THRESHOLD',
      `proxy.auto_allow_threshold (${String(allow)}) must be below proxy.auto_deny_threshold (${String(deny)}) after the change`,
    );
  }
}
