/**
 * Loading one filter's rule file through the caller's `loadRuleText` (the
 * engine never touches files itself) and building the filter from it.
 */
import { parse } from 'smol-toml';
import { deepMerge } from '../config/deep-merge.ts';
import type { BuildEnv, FilterDefinition, FilterInstance } from './types.ts';

/**
 * One rule file as read: `text` is the file that wins; `base`, when present,
 * is the shipped file it overrides key by key (tables merge, arrays and
 * scalars replace), so a user file that sets one thing keeps the rest.
 */
export interface RuleText { text: string; source: string; base?: string }

/** Reads a rule file by name (`<filter-id>.toml`); null when no such file exists anywhere. */
export type LoadRuleText = (fileName: string) => Promise<RuleText | null>;

export type LoadedFilter =
  | { ok: true; instance: FilterInstance; source: string }
  | { ok: false; reason: string };

/** Parses TOML text into a plain object; throws an Error naming the line on a syntax error. */
export function parseRuleToml(text: string): Record<string, unknown> {
  return parse(text) as Record<string, unknown>;
}

/** The document a rule file stands for: `text` merged over `base`. Throws on a TOML syntax error. */
export function ruleDocument(file: RuleText): Record<string, unknown> {
  const top = parseRuleToml(file.text);
  return file.base === undefined ? top : deepMerge(parseRuleToml(file.base), top);
}

/** Loads and builds one filter; any failure becomes `{ok: false, reason}`. */
export async function loadFilter(def: FilterDefinition, load: LoadRuleText, env: BuildEnv): Promise<LoadedFilter> {
  const fileName = `${def.id}.toml`;
  let file: RuleText | null;
  try {
    file = await load(fileName);
  } catch (error) {
    return { ok: false, reason: `${fileName}: cannot be read (${(error as Error).message})` };
  }
  if (!file) return { ok: false, reason: `${fileName}: rule file not found` };
  try {
    return { ok: true, instance: def.build(ruleDocument(file), env), source: file.source };
  } catch (error) {
    const message = ((error as Error).message ?? String(error)).split('\n')[0]!.slice(0, 300);
    return { ok: false, reason: `${file.source}: ${message}` };
  }
}
