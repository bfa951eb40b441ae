import type { Clock, Logger } from '../deps.ts';
import type { Storage } from '../../storage/types.ts';

/** The onboarding milestones the daemon records once, as ISO timestamps. */
export interface OnboardingState {
  /** When a pairing code was first redeemed, or null. */
  readonly pairedAt: string | null;
  /** When the daemon first scored a real tool call (POST /api/proxy/evaluate), or null. */
  readonly firstEvaluationAt: string | null;
  /** Records a successful pairing (only the first is kept). */
  markPaired(): void;
  /** Records an evaluation (only the first is kept). */
  markEvaluated(): void;
}

type Milestone = 'paired_at' | 'first_evaluation_at';

const CREATE = 'CREATE TABLE IF NOT EXISTS onboarding_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)';

/**
 * Keeps the milestones in the store's `onboarding_state` table so they
 * survive restarts. Writes happen once per milestone, beside the caller's own
 * writes (so the same durability flush covers them); a store that refuses
 * writes is logged and the milestone is kept in memory for this run.
 */
export function createOnboardingState(storage: Storage, clock: Clock, log: Logger): OnboardingState {
  const values: Record<Milestone, string | null> = { paired_at: null, first_evaluation_at: null };
  try {
    storage.run(CREATE);
    for (const row of storage.all<{ key: string; value: string }>('SELECT key, value FROM onboarding_state')) {
      if (row.key === 'paired_at' || row.key === 'first_evaluation_at') values[row.key] = row.value;
    }
  } catch (error) {
    log.warn('onboarding state unavailable', { error: error instanceof Error ? error.message : String(error) });
  }
  function mark(key: Milestone): void {
    if (values[key] !== null) return;
    const at = new Date(clock.now()).toISOString();
    values[key] = at;
    try {
      storage.run('INSERT OR IGNORE INTO onboarding_state (key, value) VALUES (?, ?)', [key, at]);
    } catch (error) {
      log.warn('onboarding milestone not persisted', { key, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return {
    get pairedAt() {
      return values.paired_at;
    },
    get firstEvaluationAt() {
      return values.first_evaluation_at;
    },
    markPaired: () => mark('paired_at'),
    markEvaluated: () => mark('first_evaluation_at'),
  };
}
