/**
 * binary-drift (context): the call runs an executable whose hash differs
 * from the one its supervised session pinned at first use (the supervisor's
 * binary inventory; `binaries` on `POST /api/proxy/evaluate`). Scores
 * `score`, in the escalation zone by default so a human sees it.
 */
import type { FilterDefinition } from '../types.ts';
import { noMatch } from './no-match.ts';
import { knobs, Score } from './context-knobs.ts';

const NO_DRIFT = noMatch('No executable changed since the session pinned it');

export const binaryDrift: FilterDefinition = {
  id: 'binary-drift',
  name: 'Binary drift',
  phase: 'context',
  build(doc) {
    const k = knobs(doc, { score: Score });
    return {
      evaluate(_view, ctx) {
        const drifted = ctx.binaryDrift ?? [];
        if (drifted.length === 0) return NO_DRIFT;
        const names = drifted.slice(0, 3).map((d) => d.path).join(', ');
        return {
          matched: k.score > 0,
          score: k.score,
          message: `Runs ${drifted.length === 1 ? 'an executable' : `${drifted.length} executables`} whose hash changed since the session first ran it: ${names}`,
        };
      },
    };
  },
};
