import { HttpError } from '../http-error.ts';
import type { LicenceService } from './licence-service.ts';
import type { ProFeature } from './features.ts';

/**
 * Refuses the request with 403 `FEATURE_GATED` unless the licence in force
 * turns `feature` on. Call it first in a gated handler, before any storage or
 * file access, so a Community daemon never touches Pro data.
 */
export function requireFeature(licence: Pick<LicenceService, 'has' | 'current' | 'upgradeUrl'>, feature: ProFeature): void {
  if (licence.has(feature)) return;
  throw new HttpError(403, 'FEATURE_GATED', `${feature} requires a Pro licence`, {
    feature,
    current_tier: licence.current().tier,
    required_tier: 'pro',
    upgrade_url: licence.upgradeUrl(),
  });
}
