/**
 * session-rate (context): calls per minute within one session. At or above
 * `high_per_minute` scores `high_score`, at or above `elevated_per_minute`
 * scores `elevated_score`. The current call counts.
 */
import { countSince } from '../session-history.ts';
import type { FilterDefinition } from '../types.ts';
import { noMatch } from './no-match.ts';
import { Count, knobs, Score } from './context-knobs.ts';

const NO_SESSION = noMatch('No session');

export const sessionRate: FilterDefinition = {
  id: 'session-rate',
  name: 'Session operation rate',
  phase: 'context',
  build(doc) {
    const k = knobs(doc, { elevated_per_minute: Count, elevated_score: Score, high_per_minute: Count, high_score: Score });
    return {
      evaluate(_view, ctx) {
        if (!ctx.session) return NO_SESSION;
        const n = countSince(ctx.session, ctx.now - 60_000) + 1;
        if (n >= k.high_per_minute) return { matched: true, score: k.high_score, message: `${n} operations in the last minute in this session` };
        if (n >= k.elevated_per_minute) return { matched: true, score: k.elevated_score, message: `${n} operations in the last minute in this session` };
        return { matched: false, score: 0, message: `${n} operations in the last minute` };
      },
    };
  },
};
