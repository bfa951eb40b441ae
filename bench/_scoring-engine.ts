/**
 * The engine and calls the scoring benchmarks share: the shipped rules, 1,000
 * generated canaries registered, and every call of every labelled corpus in
 * test/corpus/ in file order. (Named with a leading `_`: `npm run bench`
 * runs the other files of this folder, not this one.)
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createScoringEngine, type ScoringEngine } from '../core/scoring/engine.ts';
import { ruleDocument } from '../core/scoring/rule-loader.ts';
import type { ToolCall } from '../core/schemas/tool-call.ts';
import { corpusFileNames, FILTER_DIR, loadCorpus, repoRules } from '../test/core/scoring/helpers.ts';

/** A scoring engine over the repository's rules with 1,000 canaries registered. */
export async function benchEngine(): Promise<ScoringEngine> {
  const engine = await createScoringEngine({
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
    loadRuleText: repoRules(),
  });
  if (engine.degradedReason) console.warn(`degraded: ${engine.degradedReason}`);
  for (let i = 0; i < 1000; i++) engine.canaries.add(`bench-${i}`);
  return engine;
}

/** Every corpus call, corpus by corpus. */
export function corpusCalls(): ToolCall[] {
  return corpusFileNames().flatMap((f) => loadCorpus(f)).map((e) => e.tool_call);
}

/** Every rule's regex sources (pattern and except), as RegExp spells them, to `file/rule-id` names. */
export async function ruleNamesBySource(): Promise<Map<string, string[]>> {
  const load = repoRules();
  const names = new Map<string, string[]>();
  const add = (source: string, name: string) => {
    let key: string;
    try { key = new RegExp(source).source; } catch { return; }
    const list = names.get(key) ?? [];
    if (!list.includes(name)) list.push(name);
    names.set(key, list);
  };
  for (const fileName of readdirSync(FILTER_DIR).filter((f) => f.endsWith('.toml')).sort()) {
    const file = await load(fileName);
    if (!file) continue;
    const rules = ruleDocument(file).rules;
    if (!Array.isArray(rules)) continue;
    const filter = fileName.replace(/\.toml$/, '');
    for (const rule of rules as { id?: string; pattern?: unknown; except?: unknown }[]) {
      if (typeof rule.pattern === 'string') add(rule.pattern, `${filter}/${rule.id}`);
      if (typeof rule.except === 'string') add(rule.except, `${filter}/${rule.id} (except)`);
    }
  }
  return names;
}

/** A positive number given on the command line as `name value`, else `fallback`. */
export function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
