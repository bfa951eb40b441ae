/**
 * taint (context): data flow from a sensitive read to the network. An egress
 * call scores when this same call touches a sensitive path (`same_call_score`),
 * or when the session read something sensitive within `window_seconds`
 * (`score`; `trusted_score` when every destination was allowed by the egress
 * policy). Released by the digest's unlock-egress.
 */
import type { FilterDefinition } from '../types.ts';
import { noMatch } from './no-match.ts';
import { knobs, Score, Seconds } from './context-knobs.ts';

const NOT_EGRESS = noMatch('Not an egress call');
const NO_RECENT_READ = noMatch('No recent sensitive read in this session');

export const taint: FilterDefinition = {
  id: 'taint',
  name: 'Taint tracking',
  phase: 'context',
  build(doc) {
    const k = knobs(doc, { window_seconds: Seconds, score: Score, trusted_score: Score, same_call_score: Score });
    return {
      evaluate(view, ctx) {
        if (!view.egress) return NOT_EGRESS;
        if (ctx.prior.get('sensitive-paths')?.matched) {
          return { matched: true, score: k.same_call_score, message: 'Sends data off the machine in the same call that touches a sensitive path' };
        }
        const s = ctx.session;
        if (!s || s.lastSensitiveReadAt === 0 || ctx.now - s.lastSensitiveReadAt > k.window_seconds * 1000) {
          return NO_RECENT_READ;
        }
        const trusted = view.hosts.length > 0 && ctx.prior.get('egress-policy')?.matched === false;
        const score = trusted ? k.trusted_score : k.score;
        return { matched: score > 0, score, message: 'Egress after this session read a sensitive file' };
      },
    };
  },
};
