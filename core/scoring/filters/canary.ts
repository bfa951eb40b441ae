/**
 * canary (pattern): a registered canary value, or one of its encoded forms,
 * in any outbound-capable field (every field of an MCP call: the server is
 * another program), or in a client string that travels with the call and is
 * stored with it (`ctx.context`: session id, plugin id, source, task
 * context...), scores `score` (9.5 shipped: above the deny line). The message names the canary's label and id, never its value.
 * Rules: config/filters/canary.toml (`[filter]`), which also carries the
 * durable `[[canary.tokens]]` the engine seeds the registry with.
 */
import { Type } from '@sinclair/typebox';
import { OUTBOUND_TARGETS } from '../call-view.ts';
import { validate } from '../rule-schema.ts';
import type { FilterDefinition } from '../types.ts';
import { noMatch } from './no-match.ts';

const File = Type.Object({
  filter: Type.Object({
    score: Type.Number({ minimum: 0, maximum: 10 }),
    /** Also scan file contents written to disk. */
    scan_file_content: Type.Optional(Type.Boolean()),
  }),
  canary: Type.Optional(Type.Unknown()),
});

const NO_CANARIES = noMatch('No canaries registered');
const NO_OUTBOUND_FIELD = noMatch('No outbound field');
const NO_CANARY_FOUND = noMatch('No canary in outbound data');

export const canaryFilter: FilterDefinition = {
  id: 'canary',
  name: 'Canary tokens',
  phase: 'pattern',
  build(doc, env) {
    const cfg = validate(File, doc);
    const scanContent = cfg.filter.scan_file_content === true;
    return {
      evaluate(view, ctx) {
        if (env.canaries.size === 0) return NO_CANARIES;
        const everyField = view.call.type === 'McpToolCall';
        const texts: string[] = [];
        for (const f of view.fields) if (everyField || OUTBOUND_TARGETS.has(f.target) || (scanContent && f.target === 'content')) texts.push(f.raw);
        if (ctx.context) for (const c of ctx.context) texts.push(c);
        if (texts.length === 0) return NO_OUTBOUND_FIELD;
        const hits = env.canaries.scan(texts);
        if (hits.length === 0) return NO_CANARY_FOUND;
        const names = hits.slice(0, 3).map((h) => `'${h.label.slice(0, 60)}' (${h.id})`).join(', ');
        return { matched: true, score: cfg.filter.score, message: `Canary token ${names} found in outbound data` };
      },
    };
  },
};
