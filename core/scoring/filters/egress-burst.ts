/**
 * egress-burst (context): bursts of egress within one session. At least
 * `burst_count` egress calls in `burst_seconds` scores `burst_score`; at
 * least `many_destinations` distinct hosts in `destinations_seconds` scores
 * `many_destinations_score` (fan-out exfiltration). The current call counts.
 */
import { eventsSince } from '../session-history.ts';
import type { FilterDefinition } from '../types.ts';
import { noMatch } from './no-match.ts';
import { Count, knobs, Score, Seconds } from './context-knobs.ts';

const NOT_SESSION_EGRESS = noMatch('Not an egress call in a session');

export const egressBurst: FilterDefinition = {
  id: 'egress-burst',
  name: 'Egress bursts',
  phase: 'context',
  build(doc) {
    const k = knobs(doc, {
      burst_seconds: Seconds, burst_count: Count, burst_score: Score,
      destinations_seconds: Seconds, many_destinations: Count, many_destinations_score: Score,
    });
    return {
      evaluate(view, ctx) {
        if (!ctx.session || !view.egress) return NOT_SESSION_EGRESS;
        const burst = eventsSince(ctx.session, ctx.now - k.burst_seconds * 1000).filter((e) => e.egress).length + 1;
        const hosts = new Set(view.hosts);
        for (const e of eventsSince(ctx.session, ctx.now - k.destinations_seconds * 1000)) e.hosts.forEach((h) => hosts.add(h));
        let score = 0;
        let message = `${burst} egress calls recently, ${hosts.size} destinations`;
        if (hosts.size >= k.many_destinations) { score = k.many_destinations_score; message = `Egress to ${hosts.size} distinct destinations within ${k.destinations_seconds}s`; }
        if (burst >= k.burst_count && k.burst_score > score) { score = k.burst_score; message = `${burst} egress calls within ${k.burst_seconds}s`; }
        return { matched: score > 0, score, message };
      },
    };
  },
};
