import type { FilterOutcome } from '../types.ts';

/**
 * A fixed "no match" outcome, built once at load (not one object per call)
 * and frozen, since every call that returns it shares it.
 */
export const noMatch = (message: string): FilterOutcome => Object.freeze({ matched: false, score: 0, message });
