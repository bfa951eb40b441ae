/**
 * containment (context): for `containment` after a sensitive read (engine
 * option `containmentMs`, default 15 minutes) the session is contained, and
 * every egress call scores `egress_score`, or `unknown_destination_score`
 * when the egress policy flagged a destination. The digest's unlock-egress
 * releases it (`engine.releaseContainment(sessionId)`).
 */
import type { FilterDefinition } from '../types.ts';
import { noMatch } from './no-match.ts';
import { knobs, Score } from './context-knobs.ts';

const NOT_CONTAINED = noMatch('Session is not contained');
const STAYS_LOCAL = noMatch('Session is contained; this call stays local');

export const containment: FilterDefinition = {
  id: 'containment',
  name: 'Containment',
  phase: 'context',
  build(doc) {
    const k = knobs(doc, { egress_score: Score, unknown_destination_score: Score });
    return {
      evaluate(view, ctx) {
        const s = ctx.session;
        if (!s || s.containedUntil <= ctx.now) return NOT_CONTAINED;
        if (!view.egress) return STAYS_LOCAL;
        const flagged = ctx.prior.get('egress-policy')?.matched === true || view.hosts.length === 0;
        const score = flagged ? k.unknown_destination_score : k.egress_score;
        return { matched: score > 0, score, message: 'Egress while the session is contained after a sensitive read' };
      },
    };
  },
};
