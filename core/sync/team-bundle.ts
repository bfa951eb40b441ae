import { isPlainObject } from '../config/deep-merge.ts';
import { HttpError } from '../http-error.ts';
import { policyNameProblem } from '../policies/policy-name.ts';
import { parsePolicyBody, type PolicyContent } from '../policies/policy-validation.ts';
import { tomlProblem } from './toml-value.ts';

/**
 * A team bundle as `svc sync pull` fetches it:
 * `{"configs": {"<name>": {...config tables...}}, "policies": {"<name>": {...policy body...}}}`.
 * Both maps are optional; other top-level keys are ignored. Config names
 * follow the policy name rule and become `sync/<name>.json`; policies are
 * policy bodies (as POST /api/policies takes them) and become
 * `policies/<name>.json`.
 */
export interface TeamBundle {
  configs: Array<{ name: string; config: Record<string, unknown> }>;
  policies: Array<{ name: string; content: PolicyContent }>;
}

/** A bundle that failed verification; nothing was written. */
export class BundleError extends Error {
  constructor(readonly problems: string[]) {
    super(`the team bundle is invalid:\n  ${problems.join('\n  ')}`);
    this.name = 'BundleError';
  }
}

/** Verifies every entry of a bundle; throws BundleError listing every problem. */
export function parseTeamBundle(value: unknown, knownFilters: ReadonlySet<string>): TeamBundle {
  if (!isPlainObject(value)) throw new BundleError(['the bundle is not a JSON object']);
  const problems: string[] = [];
  const bundle: TeamBundle = { configs: [], policies: [] };
  const configs = value.configs ?? {};
  const policies = value.policies ?? {};
  if (!isPlainObject(configs)) problems.push('configs must be an object of name to config');
  else {
    for (const [name, config] of Object.entries(configs)) {
      const problem = policyNameProblem(name) ?? (isPlainObject(config) ? tomlProblem(config) : 'not a JSON object');
      if (problem) problems.push(`configs.${name}: ${problem}`);
      else bundle.configs.push({ name, config: config as Record<string, unknown> });
    }
  }
  if (!isPlainObject(policies)) problems.push('policies must be an object of name to policy');
  else {
    for (const [name, body] of Object.entries(policies)) {
      const nameProblem = policyNameProblem(name);
      if (nameProblem) {
        problems.push(`policies.${name}: ${nameProblem}`);
        continue;
      }
      try {
        const { name: inner, ...content } = parsePolicyBody(body, knownFilters);
        if (inner !== undefined && inner !== name) problems.push(`policies.${name}: its name field says ${inner}`);
        else bundle.policies.push({ name, content });
      } catch (error) {
        problems.push(`policies.${name}: ${error instanceof HttpError ? error.message : String(error)}`);
      }
    }
  }
  if (problems.length > 0) throw new BundleError(problems);
  return bundle;
}
