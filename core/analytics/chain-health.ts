/**
 * `chain_health` of the free payload, from the audit module's chain state:
 * - `ok` → `healthy`; `unverified` (start-up verification not finished) → `unknown`;
 * - `broken` (a record altered, missing or unlinked) → `broken`;
 * - `anchor_mismatch` (an archive boundary does not continue the chain:
 *   records are missing between archive and hot table) → `gap`;
 * - `unanchored` (the head's anchor is missing; audit reads answer 503 and
 *   nothing repairs) → `quarantined`;
 * - no audit module or an unknown status → `unknown`.
 */

export type ChainHealth = 'healthy' | 'gap' | 'broken' | 'quarantined' | 'unknown';

export const CHAIN_HEALTH_VALUES: readonly ChainHealth[] = ['healthy', 'gap', 'broken', 'quarantined', 'unknown'];

const BY_STATUS: Record<string, ChainHealth> = {
  ok: 'healthy',
  unverified: 'unknown',
  broken: 'broken',
  anchor_mismatch: 'gap',
  unanchored: 'quarantined',
};

/** Maps an audit chain status (chain-verifier.ts `ChainStatus`) to `chain_health`. */
export function chainHealthOf(status: string | null | undefined): ChainHealth {
  return (status && BY_STATUS[status]) || 'unknown';
}
