import type { Config } from '../config/config-types.ts';
import { isPlainObject } from '../config/deep-merge.ts';
import type { Deps } from '../deps.ts';
import type { ToolCall } from '../schemas/tool-call.ts';
import { createScoringEngine, type ScoringEngine } from './engine.ts';
import type { LoadRuleText } from './rule-loader.ts';
import { loadShippedRule } from './shipped-rules.ts';
import type { UserLists } from './types.ts';

const RULE_FILE = /^[a-z0-9-]{1,64}\.toml$/;

/**
 * Rule files: `<config_dir>/filters/<name>` overrides the shipped
 * `config/filters/<name>` (embedded at build time, so Workers need no disk)
 * key by key: the shipped text travels along as `base` and the two merge.
 */
export function configDirRuleLoader(files: Deps['files']): LoadRuleText {
  return async (fileName) => {
    const shipped = await loadShippedRule(fileName);
    if (RULE_FILE.test(fileName)) {
      const bytes = await files.read(`filters/${fileName}`);
      if (bytes !== null) {
        const source = `config-dir:filters/${fileName}${shipped ? ' (over the shipped file)' : ''}`;
        return { text: new TextDecoder().decode(bytes), source, ...(shipped ? { base: shipped.text } : {}) };
      }
    }
    return shipped;
  };
}

function stringList(table: Record<string, unknown>, key: string): string[] {
  const value = table[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The user's lists from `[filters.allowlists]` and `[filters.denylists]`. */
export function userListsFrom(config: Config): UserLists {
  const filters = isPlainObject(config.raw.filters) ? config.raw.filters : {};
  const allow = isPlainObject(filters.allowlists) ? filters.allowlists : {};
  const deny = isPlainObject(filters.denylists) ? filters.denylists : {};
  return {
    allow_paths: stringList(allow, 'paths'),
    allow_commands: stringList(allow, 'commands'),
    allow_domains: stringList(allow, 'domains'),
    deny_paths: stringList(deny, 'paths'),
    deny_commands: stringList(deny, 'commands'),
    deny_domains: stringList(deny, 'domains'),
  };
}

/** Builds the running proxy from the effective config (thresholds fixed until restart). */
export function createEngineForConfig(
  deps: Pick<Deps, 'clock' | 'random' | 'files' | 'log'>,
  config: Config,
  isAllowedByLearnedRule: (call: ToolCall) => boolean,
): Promise<ScoringEngine> {
  return createScoringEngine({
    clock: deps.clock,
    random: deps.random,
    loadRuleText: configDirRuleLoader(deps.files),
    allowThreshold: config.proxy.auto_allow_threshold,
    denyThreshold: config.proxy.auto_deny_threshold,
    lists: userListsFrom(config),
    disabledFilters: Object.entries(config.filters)
      .filter(([, settings]) => settings.enabled === false)
      .map(([id]) => id),
    isAllowedByLearnedRule,
    log: deps.log,
  });
}
