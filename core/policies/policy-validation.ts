import { Value } from '@sinclair/typebox/value';
import { DEFAULT_CONFIG } from '../config/config-types.ts';
import { describeFirstError } from '../http/validate.ts';
import { HttpError } from '../http-error.ts';
import { PolicyBodySchema, type Policy } from '../schemas/policy.ts';

/** The part of a policy a client chooses; the store adds name, version and times. */
export type PolicyContent = Pick<Policy, 'description' | 'rules'>;

function invalid(message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message);
}

/**
 * Checks a POST/PUT body against every policy rule and fills the defaults.
 * `knownFilters` is the set of filter ids the running proxy registered.
 * Throws 400 `VALIDATION_ERROR` naming the first problem.
 */
export function parsePolicyBody(body: unknown, knownFilters: ReadonlySet<string>): PolicyContent & { name?: string } {
  if (!Value.Check(PolicyBodySchema, body)) throw invalid(describeFirstError(PolicyBodySchema, body));
  const proxy = body.rules?.proxy ?? {};
  const allow = proxy.auto_allow_threshold ?? DEFAULT_CONFIG.proxy.auto_allow_threshold;
  const deny = proxy.auto_deny_threshold ?? DEFAULT_CONFIG.proxy.auto_deny_threshold;
  for (const [key, value] of [['auto_allow_threshold', allow], ['auto_deny_threshold', deny]] as const) {
    if (!Number.isFinite(value) || value < 0 || value > 10) throw invalid(`rules.proxy.${key} must be between 0.0 and 10.0`);
  }
  if (!(allow < deny)) throw invalid('rules.proxy.auto_allow_threshold must be strictly below auto_deny_threshold');
  const filters = body.rules?.filters ?? {};
  const unknown = Object.keys(filters).filter((id) => !knownFilters.has(id)).sort();
  if (unknown.length > 0) throw invalid(`rules.filters names filters the proxy does not have: ${unknown.join(', ')}`);
  const lists = body.rules?.allowlists ?? {};
  return {
    ...(body.name !== undefined ? { name: body.name } : {}),
    description: body.description ?? '',
    rules: {
      proxy: { auto_allow_threshold: allow, auto_deny_threshold: deny },
      filters: { ...filters },
      allowlists: { paths: lists.paths ?? [], commands: lists.commands ?? [], domains: lists.domains ?? [] },
    },
  };
}
