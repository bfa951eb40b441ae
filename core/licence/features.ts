/** The features every tier has. */
export const BASE_FEATURES = ['proxy', 'audit', 'digest', 'supervisor', 'filters', 'cli', 'dashboard'] as const;

/** The features a valid Pro licence turns on. */
export const PRO_FEATURES = ['notification_channels', 'usage_analytics', 'cloud_sync', 'policy_editor'] as const;

/** Integrations with incident-paging products: named on the tier resource, never available. */
export const UNAVAILABLE_FEATURES = ['pagerduty', 'opsgenie'] as const;

/** A feature a route can be gated on. */
export type ProFeature = (typeof PRO_FEATURES)[number];

/** One of the 13 keys of the tier resource's `features`. */
export type FeatureKey = (typeof BASE_FEATURES)[number] | ProFeature | (typeof UNAVAILABLE_FEATURES)[number];

/** The licence tier (lower case on the wire). */
export type Tier = 'community' | 'pro';

/** Session ceiling of each tier (`max_sessions`). */
export const MAX_SESSIONS: Record<Tier, number> = { community: 2, pro: 64 };

/** The 13-key `features` map of the tier resource. */
export function featuresFor(tier: Tier): Record<FeatureKey, boolean> {
  const out = {} as Record<FeatureKey, boolean>;
  for (const key of BASE_FEATURES) out[key] = true;
  for (const key of PRO_FEATURES) out[key] = tier === 'pro';
  for (const key of UNAVAILABLE_FEATURES) out[key] = false;
  return out;
}
