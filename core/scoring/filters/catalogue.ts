/**
 * The filter catalogue, in pipeline order within each phase. Ids are stable
 * (config, meta-rules and rule file names use them); each filter's rules live
 * in config/filters/<id>.toml.
 */
import type { CallView, Field } from '../call-view.ts';
import type { PatternRule } from '../rule-schema.ts';
import type { FilterDefinition } from '../types.ts';
import { binaryDrift } from './binary-drift.ts';
import { canaryFilter } from './canary.ts';
import { containment } from './containment.ts';
import { egressBurst } from './egress-burst.ts';
import { egressPolicy } from './egress-policy.ts';
import { operationRisk } from './operation-risk.ts';
import { pathCommandLists } from './path-command-lists.ts';
import { patternFilter } from './pattern-filter.ts';
import { sessionRate } from './session-rate.ts';
import { taint } from './taint.ts';

/** A secret in data that stays local (a file written) weighs less than one leaving the machine. */
function secretWeight(rule: PatternRule, view: CallView, field: Field): number {
  return field.target === 'content' || field.target === 'path' ? Math.round(rule.score * 0.75 * 100) / 100 : rule.score;
}

export const FILTER_CATALOGUE: readonly FilterDefinition[] = [
  operationRisk,
  patternFilter('sensitive-paths', 'Sensitive paths', 'static', { defaultTargets: ['path', 'command'] }),
  pathCommandLists,
  patternFilter('suspicious-arguments', 'Suspicious arguments', 'static', { defaultTargets: ['command', 'url', 'env'] }),
  patternFilter('secret-scan', 'Secret scanning', 'pattern', { defaultTargets: ['all'], adjust: secretWeight }),
  patternFilter('dangerous-commands', 'Dangerous commands', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('destructive-actions', 'Destructive actions', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('defence-evasion', 'Defence evasion', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('cloud-admin', 'Cloud and cluster administration', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('privilege-escalation', 'Privilege escalation and discovery', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('exfiltration', 'Exfiltration and remote access', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('supply-chain', 'Supply chain and remote code', 'pattern', { defaultTargets: ['command'] }),
  patternFilter('code-content', 'Written code and configuration', 'pattern', { defaultTargets: ['content'] }),
  patternFilter('mcp-actions', 'MCP tool actions', 'pattern', { defaultTargets: ['body'] }),
  egressPolicy,
  patternFilter('dlp', 'Data loss prevention', 'pattern', { defaultTargets: ['outbound'] }),
  canaryFilter,
  taint,
  containment,
  sessionRate,
  egressBurst,
  binaryDrift,
];
