/**
 * Catalogue entries whose rules are plain `[[rules]]` pattern lists
 * (see pattern-rules.ts for the rule fields).
 */
import { compilePatternRules, type PatternFilterOptions } from '../pattern-rules.ts';
import type { FilterDefinition, Phase } from '../types.ts';

/** A filter defined entirely by its pattern rule file. */
export function patternFilter(id: string, name: string, phase: Phase, options: PatternFilterOptions = {}): FilterDefinition {
  return { id, name, phase, build: (doc, env) => compilePatternRules(doc, { ...options, keywords: env.keywords }) };
}
