/**
 * `[hooks]`: how `svc hook <agent>` and `svc mcp` answer (contracts.md, Agent
 * integrations). Validated with the rest of the config, so a daemon refuses
 * to start on a bad value and the hook fails closed on one.
 */
import { ConfigError } from './config-error.ts';

export interface HooksConfig {
  /** `wait`: a queued call waits for the review; `ask`: it is handed to the agent's own prompt (where it has one). */
  queue_mode: 'wait' | 'ask';
  /** How long a waiting hook long-polls the digest item before it takes the item's timeout outcome (deny). */
  review_timeout_seconds: number;
  /** `defer`: an allow leaves the agent's own permission rules in charge; `allow`: it approves the call outright. */
  allow_mode: 'defer' | 'allow';
  /** true: a hook that cannot reach the daemon (or fails) lets the call through. Default false: fail closed. */
  fail_open: boolean;
}

export const DEFAULT_HOOKS_CONFIG: HooksConfig = { queue_mode: 'wait', review_timeout_seconds: 120, allow_mode: 'defer', fail_open: false };

function oneOf<T extends string>(table: Record<string, unknown>, key: string, values: readonly T[]): T {
  const value = table[key];
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw new ConfigError(`hooks.${key} must be one of ${values.map((v) => `"${v}"`).join(', ')}`);
  }
  return value as T;
}

/** The `[hooks]` table of the merged document (defaults already merged in). */
export function parseHooksConfig(table: Record<string, unknown>): HooksConfig {
  const known = new Set(Object.keys(DEFAULT_HOOKS_CONFIG));
  for (const key of Object.keys(table)) if (!known.has(key)) throw new ConfigError(`hooks.${key} is not a setting (known: ${[...known].join(', ')})`);
  const timeout = table.review_timeout_seconds;
  if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 1 || timeout > 86_400) {
    throw new ConfigError('hooks.review_timeout_seconds must be a whole number of seconds between 1 and 86400');
  }
  if (typeof table.fail_open !== 'boolean') throw new ConfigError('hooks.fail_open must be true or false');
  return {
    queue_mode: oneOf(table, 'queue_mode', ['wait', 'ask'] as const),
    review_timeout_seconds: timeout,
    allow_mode: oneOf(table, 'allow_mode', ['defer', 'allow'] as const),
    fail_open: table.fail_open,
  };
}
