/**
 * The scoring engine: loads every filter's rules through `loadRuleText`, then
 * scores tool calls through the phases static, pattern, context and the
 * meta-rules, stopping after any phase that leaves the score above the deny
 * threshold.
 *
 * Counting: `evaluate(call, {record: true})` (the daemon's /api/proxy/evaluate)
 * updates the status counters, per-filter statistics and the session's history.
 * `record: false` (/api/proxy/test) is pure: it reads session history when a
 * session id is given but changes nothing, counters included.
 */
import type { Clock, Logger, Random } from '../deps.ts';
import { parseLabel, parseValue } from '../schemas/canary.ts';
import type { ToolCall } from '../schemas/tool-call.ts';
import { viewOf } from './call-view.ts';
import { createCanaryRegistry, type CanaryRegistry } from './canary-registry.ts';
import { DEFAULT_ALLOW_THRESHOLD, DEFAULT_DENY_THRESHOLD } from './decision.ts';
import { runPipeline, type PipelineFilter } from './pipeline.ts';
import { FILTER_CATALOGUE } from './filters/catalogue.ts';
import { createKeywordIndex } from './keyword-index.ts';
import { compileMetaRules, type MetaRules } from './meta-rules.ts';
import { loadFilter, ruleDocument, type LoadRuleText } from './rule-loader.ts';
import { createSessionStore } from './session-history.ts';
import type { GlobLists } from './shell/glob-lists.ts';
import { NO_GLOB_LISTS, shellLists } from './shell/lists.ts';
import { withholdCanaryText } from './withhold-canary-text.ts';
import type { DriftedBinary, Evaluation, Phase, UserLists } from './types.ts';

export interface ScoringEngineOptions {
  clock: Clock;
  random: Random;
  /** Reads `<filter-id>.toml` / `meta-rules.toml`: the config dir's `filters/` first, then the shipped file. */
  loadRuleText: LoadRuleText;
  allowThreshold?: number;
  denyThreshold?: number;
  /** The user's allow/deny lists for paths, commands and domains. */
  lists?: UserLists;
  /** Filter ids turned off in config (reported `enabled: false`, not degraded). */
  disabledFilters?: readonly string[];
  /** Learned / allow-always rules (digest); checked first. A canary still denies. */
  isAllowedByLearnedRule?: (call: ToolCall) => boolean;
  /** How long containment lasts after a sensitive read (default 15 minutes). */
  containmentMs?: number;
  log?: Logger;
}

export interface EvaluateOptions {
  sessionId?: string;
  /** True for real traffic (counters and session history); false for pure scoring. */
  record: boolean;
  /** Executables the call runs whose hash changed since its supervised session pinned them. */
  binaryDrift?: readonly DriftedBinary[];
  /** Client strings that travel with the call (session id, plugin id, source, task context...): the canary filter reads them too. */
  context?: readonly string[];
}

export interface FilterStatus {
  name: string;
  phase: Phase;
  enabled: boolean;
  is_ready: boolean;
  evaluation_count: number;
  avg_latency_ms: number;
}

/** The spec's proxy status resource. */
export interface ProxyStatus {
  auto_allow_threshold: number;
  auto_deny_threshold: number;
  total_evaluations: number;
  allow_count: number;
  queue_count: number;
  deny_count: number;
  filters: FilterStatus[];
}

export interface FilterInfo { id: string; name: string; phase: Phase; enabled: boolean; is_ready: boolean; reason: string | null }

export interface ScoringEngine {
  evaluate(call: ToolCall, options: EvaluateOptions): Evaluation;
  status(): ProxyStatus;
  /** The catalogue with load state (for /api/config and health). */
  filters(): FilterInfo[];
  readonly canaries: CanaryRegistry;
  /** Ends a session's containment (digest unlock-egress); false when the session is unknown. */
  releaseContainment(sessionId: string): boolean;
  isContained(sessionId: string): boolean;
  /** Epoch ms until which the session is contained; 0 when it is not. */
  containedUntil(sessionId: string): number;
  /** Contains a session until `untilMs` (the supervisor restores containment after a restart). */
  restoreContainment(sessionId: string, untilMs: number): void;
  /** Why the proxy is degraded (a rule file failed to load), or null. */
  readonly degradedReason: string | null;
}

const CANARY_FILE = 'canary.toml';

/** Loads the rules and returns a ready engine. Never throws for bad rule files: those filters are disabled. */
export async function createScoringEngine(options: ScoringEngineOptions): Promise<ScoringEngine> {
  const allow = options.allowThreshold ?? DEFAULT_ALLOW_THRESHOLD;
  const deny = options.denyThreshold ?? DEFAULT_DENY_THRESHOLD;
  const containmentMs = options.containmentMs ?? 15 * 60_000;
  const canaries = createCanaryRegistry({ randomBytes: (n) => options.random.bytes(n) });
  const sessions = createSessionStore();
  const disabled = new Set(options.disabledFilters ?? []);
  const problems: string[] = [];
  const env = { lists: options.lists ?? {}, canaries, keywords: createKeywordIndex() };

  await seedCanaries(options.loadRuleText, canaries, problems);
  const filters: PipelineFilter[] = [];
  for (const def of FILTER_CATALOGUE) {
    const entry: PipelineFilter = { def, instance: null, reason: null, count: 0, totalMs: 0, enabled: !disabled.has(def.id) };
    if (entry.enabled) {
      const loaded = await loadFilter(def, options.loadRuleText, env);
      if (loaded.ok) entry.instance = loaded.instance;
      else { entry.reason = loaded.reason; problems.push(`filter '${def.id}' disabled: ${loaded.reason}`); }
    }
    filters.push(entry);
  }
  let meta: MetaRules | null = null;
  try {
    const file = await options.loadRuleText('meta-rules.toml');
    if (!file) throw new Error('meta-rules.toml: rule file not found');
    try { meta = compileMetaRules(ruleDocument(file), new Set(FILTER_CATALOGUE.map((d) => d.id))); }
    catch (error) { throw new Error(`${file.source}: ${(error as Error).message.split('\n')[0]}`); }
  } catch (error) {
    problems.push(`meta-rules disabled: ${(error as Error).message}`);
  }
  const globLists = await loadShellLists(options.loadRuleText, problems);
  for (const p of problems) options.log?.warn('scoring rules problem', { problem: p });

  const counters = { total: 0, allow: 0, queue: 0, deny: 0 };
  const degradedReason = problems.length > 0 ? problems.join('; ') : null;

  return {
    canaries,
    degradedReason,
    evaluate(call, { sessionId, record, binaryDrift, context }) {
      const now = options.clock.now();
      const view = viewOf(call, globLists);
      const session = sessionId === undefined ? null : record ? sessions.get(sessionId) : sessions.peek(sessionId) ?? null;
      const learned = options.isAllowedByLearnedRule?.(call) === true;
      const run = runPipeline({ filters, meta, view, session, now, allow, deny, learned, clock: options.clock, record, binaryDrift, context });
      if (record) {
        counters.total++;
        counters[run.evaluation.decision]++;
        if (sessionId !== undefined) sessions.record(sessionId, { at: now, egress: view.egress, hosts: view.hosts.slice(0, 16) }, run.sensitiveRead, containmentMs);
      }
      return withholdCanaryText(run.evaluation, canaries);
    },
    status() {
      return {
        auto_allow_threshold: allow,
        auto_deny_threshold: deny,
        total_evaluations: counters.total,
        allow_count: counters.allow,
        queue_count: counters.queue,
        deny_count: counters.deny,
        filters: filters.map((f) => ({
          name: f.def.name,
          phase: f.def.phase,
          enabled: f.instance !== null,
          is_ready: f.instance !== null,
          evaluation_count: f.count,
          avg_latency_ms: f.count === 0 ? 0 : Math.round((f.totalMs / f.count) * 1e6) / 1e6,
        })),
      };
    },
    filters: () => filters.map((f) => ({
      id: f.def.id, name: f.def.name, phase: f.def.phase,
      enabled: f.instance !== null, is_ready: f.instance !== null, reason: f.reason,
    })),
    releaseContainment: (id) => sessions.release(id),
    isContained: (id) => (sessions.peek(id)?.containedUntil ?? 0) > options.clock.now(),
    containedUntil(id) {
      const until = sessions.peek(id)?.containedUntil ?? 0;
      return until > options.clock.now() ? until : 0;
    },
    restoreContainment: (id, untilMs) => sessions.contain(id, untilMs),
  };
}

/** The shell normaliser's glob lists (shell.toml); without them commands are still parsed, globs stay as written. */
async function loadShellLists(load: LoadRuleText, problems: string[]): Promise<GlobLists> {
  try {
    const file = await load('shell.toml');
    if (!file) throw new Error('shell.toml: rule file not found');
    try { return shellLists(ruleDocument(file)); }
    catch (error) { throw new Error(`${file.source}: ${(error as Error).message.split('\n')[0]}`); }
  } catch (error) {
    problems.push(`shell glob lists not loaded: ${(error as Error).message}`);
    return NO_GLOB_LISTS;
  }
}

async function seedCanaries(load: LoadRuleText, registry: CanaryRegistry, problems: string[]): Promise<void> {
  try {
    const file = await load(CANARY_FILE);
    if (!file) return;
    const doc = ruleDocument(file);
    const tokens = (doc.canary as { tokens?: unknown } | undefined)?.tokens ?? [];
    if (!Array.isArray(tokens)) throw new Error('canary.tokens must be an array of tables');
    // The API's own label and value rules, so a seed and a POST accept the same canaries.
    for (const [i, t] of (tokens as unknown[]).entries()) {
      try {
        const value = parseValue({ value: (t as { value?: unknown } | null)?.value });
        registry.add(parseLabel(t), value);
      } catch (error) {
        throw new Error(`[[canary.tokens]] entry ${i + 1}: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    problems.push(`canary tokens not loaded: ${(error as Error).message.split('\n')[0]}`);
  }
}
