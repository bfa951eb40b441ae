/**
 * Meta-rules (config/filters/meta-rules.toml): declarative rules over the
 * filter outcomes of one call that raise, lower or override the composite
 * score. They run after the context phase, in file order, each seeing the
 * score left by the previous one. A fired rule adds a `meta:<id>` entry to
 * `filter_results` whose score is the change it made, so the composite is
 * still the clamped sum of `filter_results`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { validate } from './rule-schema.ts';
import type { OutcomesById } from './types.ts';

const Ids = Type.Array(Type.String({ minLength: 1 }));

export const MetaRule = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 80 }),
  message: Type.String({ minLength: 1, maxLength: 200 }),
  when_all: Type.Optional(Ids),
  when_any: Type.Optional(Ids),
  unless_any: Type.Optional(Ids),
  min_score: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  max_score: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  action: Type.Union([Type.Literal('raise'), Type.Literal('lower'), Type.Literal('override')]),
  amount: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  score: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
}, { additionalProperties: false });
export type MetaRule = Static<typeof MetaRule>;

const MetaFile = Type.Object({ rules: Type.Array(MetaRule) });

export interface MetaEffect {
  id: string;
  message: string;
  delta: number;
}

export interface MetaRules {
  readonly count: number;
  /** The effects of the rules that fire, given the outcomes by filter id and the score so far. */
  apply(outcomes: OutcomesById, score: number): MetaEffect[];
}

/** Validates the meta-rules document against the known filter ids; throws with the reason. */
export function compileMetaRules(doc: unknown, knownIds: ReadonlySet<string>): MetaRules {
  const { rules } = validate(MetaFile, doc);
  for (const r of rules) {
    for (const id of [...(r.when_all ?? []), ...(r.when_any ?? []), ...(r.unless_any ?? [])]) {
      if (!knownIds.has(id)) throw new Error(`meta-rule '${r.id}': unknown filter id '${id}'`);
    }
    if (r.action === 'override' && r.score === undefined) throw new Error(`meta-rule '${r.id}': override needs 'score'`);
    if (r.action !== 'override' && r.amount === undefined) throw new Error(`meta-rule '${r.id}': ${r.action} needs 'amount'`);
    if (!r.when_all?.length && !r.when_any?.length) throw new Error(`meta-rule '${r.id}': needs when_all or when_any`);
  }
  const matched = (o: OutcomesById, id: string) => o.get(id)?.matched === true;
  // A filter whose only matches lowered the score (a negative rule) found no risk: it cannot raise one.
  const raised = (o: OutcomesById, id: string) => matched(o, id) && o.get(id)!.score > 0;
  return {
    count: rules.length,
    apply(outcomes, start) {
      const effects: MetaEffect[] = [];
      let score = start;
      for (const r of rules) {
        if (r.when_all && !r.when_all.every((id) => raised(outcomes, id))) continue;
        if (r.when_any?.length && !r.when_any.some((id) => raised(outcomes, id))) continue;
        if (r.unless_any?.some((id) => matched(outcomes, id))) continue;
        if (r.min_score !== undefined && score < r.min_score) continue;
        if (r.max_score !== undefined && score > r.max_score) continue;
        const target = r.action === 'override' ? r.score! : r.action === 'raise' ? score + r.amount! : score - r.amount!;
        const next = Math.min(10, Math.max(0, target));
        if (next === score) continue;
        effects.push({ id: r.id, message: r.message, delta: next - score });
        score = next;
      }
      return effects;
    },
  };
}
