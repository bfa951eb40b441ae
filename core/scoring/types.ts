/**
 * Shared types of the scoring domain: phases, filter outcomes and results,
 * the filter contract, and decisions.
 */
import type { KeywordIndex } from './keyword-index.ts';
import type { CallView } from './call-view.ts';
import type { SessionHistory } from './session-history.ts';
import type { CanaryRegistry } from './canary-registry.ts';

export type Phase = 'static' | 'pattern' | 'context';
export const PHASES: readonly Phase[] = ['static', 'pattern', 'context'];

export type Severity = 'notice' | 'warning' | 'error' | 'critical';
export type Priority = 'Low' | 'Medium' | 'High' | 'Critical';
export type DecisionKind = 'allow' | 'queue' | 'deny';

/** What one filter says about one call. `score` may be negative (an allow list lowers). */
export interface FilterOutcome {
  matched: boolean;
  score: number;
  message: string;
}

/** One entry of `filter_results` (spec: Proxy test result). */
export interface FilterResult {
  filter_name: string;
  matched: boolean;
  score: number;
  severity: Severity;
  message: string;
}

/** The user's own lists, from config (`[filters.allowlists]` / `[filters.denylists]`). */
export interface UserLists {
  allow_paths?: readonly string[];
  deny_paths?: readonly string[];
  allow_commands?: readonly string[];
  deny_commands?: readonly string[];
  allow_domains?: readonly string[];
  deny_domains?: readonly string[];
}

/** The outcomes of the filters that ran on a call, by filter id (a Map is one). */
export interface OutcomesById {
  get(id: string): FilterOutcome | undefined;
}

/** What a filter sees besides the call. */
export interface FilterContext {
  /** Outcomes of the filters that already ran on this call, by filter id. */
  prior: OutcomesById;
  /** The session's own history, or null when the call has no session. */
  session: SessionHistory | null;
  /** Milliseconds since the epoch (the injected clock). */
  now: number;
  /** Executables this call runs whose hash changed since its supervised session pinned them. */
  binaryDrift?: readonly DriftedBinary[];
  /**
   * Client strings that travel with the call and are stored with it (session
   * id, plugin id, source, task context, supervised facts, binaries): only the
   * canary filter reads them.
   */
  context?: readonly string[];
}

/** A pinned executable run with another hash (the supervisor's binary inventory). */
export interface DriftedBinary {
  name: string;
  path: string;
  pinned_sha256: string;
  seen_sha256: string;
}

/** A ready filter: rules loaded and compiled. */
export interface FilterInstance {
  evaluate(view: CallView, ctx: FilterContext): FilterOutcome;
}

/** Everything a filter factory may use when it builds from its rules. */
export interface BuildEnv {
  lists: UserLists;
  canaries: CanaryRegistry;
  /** The keyword automaton the engine's pattern filters share (one scan per field for all of them). */
  keywords?: KeywordIndex;
}

/** A catalogue entry: identity plus a factory from the parsed TOML document. */
export interface FilterDefinition {
  id: string;
  name: string;
  phase: Phase;
  /** Builds the filter from the parsed TOML, or throws an Error whose message says what is wrong. */
  build(doc: Record<string, unknown>, env: BuildEnv): FilterInstance;
}

/** The spec's proxy test result. */
export interface ProxyTestResult {
  composite_score: number;
  action: string;
  decision_reason: string;
  evaluation_time_ms: number;
  filters_evaluated: number;
  filter_results: FilterResult[];
}

/** A result plus the decision in structured form, for callers that must not parse `action`. */
export interface Evaluation {
  result: ProxyTestResult;
  decision: DecisionKind;
  /** Set when `decision` is `queue`. */
  priority: Priority | null;
  /** The highest severity among matched filters (notice when none matched). */
  severity: Severity;
  /** True when a learned/allow-always rule decided the call. */
  learned: boolean;
}
