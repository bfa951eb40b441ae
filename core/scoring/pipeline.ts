/**
 * One evaluation: phases in order, short-circuit above the deny line, then
 * meta-rules, then the decision and its wording.
 */
import type { Clock } from '../deps.ts';
import type { CallView } from './call-view.ts';
import { actionText, clampScore, decide, maxSeverity, priorityOf, scoreSentence, severityOf } from './decision.ts';
import type { MetaRules } from './meta-rules.ts';
import type { SessionHistory } from './session-history.ts';
import { PHASES, type DriftedBinary, type Evaluation, type FilterContext, type FilterDefinition, type FilterInstance, type FilterOutcome, type FilterResult, type OutcomesById, type Severity } from './types.ts';

export interface PipelineFilter {
  def: FilterDefinition;
  instance: FilterInstance | null;
  reason: string | null;
  enabled: boolean;
  count: number;
  totalMs: number;
}

export interface PipelineInput {
  filters: readonly PipelineFilter[];
  meta: MetaRules | null;
  view: CallView;
  session: SessionHistory | null;
  now: number;
  allow: number;
  deny: number;
  /** A learned rule allows the call: only the canary filter runs, and only a canary overrides it. */
  learned: boolean;
  clock: Clock;
  /** Update the per-filter statistics. */
  record: boolean;
  /** Drifted executables of the call's supervised session (the binary-drift filter). */
  binaryDrift?: readonly DriftedBinary[];
  /** Client strings that travel with the call (the canary filter). */
  context?: readonly string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const SAFE_OUTCOME: FilterOutcome = { matched: false, score: 0, message: 'Filter raised an internal error; it contributed nothing' };

/**
 * One call's filter outcomes, in a slot per filter (its position in the
 * pipeline): one array a call instead of a Map that grows and rehashes as the
 * outcomes arrive. Filter ids map to positions once per filter list.
 */
class Outcomes implements OutcomesById {
  private readonly slots: (FilterOutcome | undefined)[];
  constructor(private readonly positions: ReadonlyMap<string, number>) {
    this.slots = new Array<FilterOutcome | undefined>(positions.size).fill(undefined);
  }
  get(id: string): FilterOutcome | undefined {
    const k = this.positions.get(id);
    return k === undefined ? undefined : this.slots[k];
  }
  set(position: number, outcome: FilterOutcome): void { this.slots[position] = outcome; }
  clear(): void { this.slots.fill(undefined); }
}

/** Each filter list's positions by filter id (the engine keeps one list for its lifetime). */
const POSITIONS = new WeakMap<readonly PipelineFilter[], ReadonlyMap<string, number>>();
function positionsOf(filters: readonly PipelineFilter[]): ReadonlyMap<string, number> {
  let positions = POSITIONS.get(filters);
  if (!positions) {
    const byId = new Map<string, number>();
    // As a Map's set would: a later filter with the same id wins.
    filters.forEach((f, k) => byId.set(f.def.id, k));
    POSITIONS.set(filters, positions = byId);
  }
  return positions;
}

/** The operations after which a sensitive path's match starts containment. */
const CONTAINING_OPS: ReadonlySet<string> = new Set(['read', 'list', 'exec']);

function runFilter(f: PipelineFilter, position: number, input: PipelineInput, prior: Outcomes, ctx: FilterContext): FilterOutcome {
  const t0 = input.record ? input.clock.monotonic() : 0;
  let outcome: FilterOutcome;
  try {
    outcome = f.instance!.evaluate(input.view, ctx);
  } catch {
    outcome = SAFE_OUTCOME;
  }
  if (input.record) { f.count++; f.totalMs += input.clock.monotonic() - t0; }
  prior.set(position, outcome);
  return outcome;
}

/** A matched canary fixes the composite at its own score (9.5 shipped): an override, not a summand. */
function canaryOverride(prior: OutcomesById): number | null {
  const o = prior.get('canary');
  return o?.matched ? clampScore(o.score) : null;
}

const toResult = (f: PipelineFilter, o: FilterOutcome): FilterResult => ({
  filter_name: f.def.name, matched: o.matched, score: round2(o.score), severity: severityOf(o.score), message: o.message,
});

/** Runs the pipeline; `sensitiveRead` tells the session store whether to start containment. */
export function runPipeline(input: PipelineInput): { evaluation: Evaluation; sensitiveRead: boolean } {
  const t0 = input.clock.monotonic();
  const prior = new Outcomes(positionsOf(input.filters));
  // Every filter of the call sees the same context (one object, not one per filter).
  const ctx: FilterContext = { prior, session: input.session, now: input.now, binaryDrift: input.binaryDrift, context: input.context };
  const results: FilterResult[] = [];
  let sum = 0;
  // The highest positive score among matched filters and meta-rules, and its message (the deny reason).
  let topScore = 0;
  let topMessage: string | null = null;

  if (input.learned) {
    const at = input.filters.findIndex((f) => f.def.id === 'canary' && f.instance);
    const canary = at < 0 ? undefined : input.filters[at];
    const o = canary ? runFilter(canary, at, input, prior, ctx) : null;
    if (!o?.matched) {
      return {
        sensitiveRead: false,
        evaluation: {
          result: {
            composite_score: 0, action: 'allow', decision_reason: 'Allowed by a learned rule',
            evaluation_time_ms: input.clock.monotonic() - t0,
            filters_evaluated: o ? 1 : 0, filter_results: o && canary ? [toResult(canary, o)] : [],
          },
          decision: 'allow', priority: null, severity: 'notice', learned: true,
        },
      };
    }
    prior.clear();
  }

  let stopped = false;
  for (const phase of PHASES) {
    for (let k = 0; k < input.filters.length; k++) {
      const f = input.filters[k]!;
      if (f.def.phase !== phase || !f.instance) continue;
      const o = runFilter(f, k, input, prior, ctx);
      results.push(toResult(f, o));
      sum += o.score;
      if (o.matched && o.score > 0 && (topMessage === null || o.score > topScore)) { topScore = o.score; topMessage = o.message; }
    }
    if ((canaryOverride(prior) ?? clampScore(sum)) > input.deny) { stopped = true; break; }
  }
  const filtersEvaluated = results.length;
  const fixed = canaryOverride(prior);
  let score = fixed ?? clampScore(sum);
  if (!stopped && fixed === null && input.meta) {
    for (const e of input.meta.apply(prior, score)) {
      results.push({ filter_name: `meta:${e.id}`, matched: true, score: round2(e.delta), severity: severityOf(e.delta), message: e.message });
      score = clampScore(score + e.delta);
      if (e.delta > 0 && (topMessage === null || e.delta > topScore)) { topScore = e.delta; topMessage = e.message; }
    }
  }
  const decision = decide(score, input.allow, input.deny);
  const priority = decision === 'queue' ? priorityOf(score) : null;
  const denyReason = topMessage ?? scoreSentence('deny', score, input.allow, input.deny);
  let severity: Severity = 'notice';
  for (const r of results) if (r.matched) severity = maxSeverity(severity, r.severity);
  return {
    sensitiveRead: prior.get('sensitive-paths')?.matched === true && CONTAINING_OPS.has(input.view.op),
    evaluation: {
      result: {
        composite_score: score,
        action: actionText(decision, priority, denyReason),
        decision_reason: decision === 'deny' ? denyReason : scoreSentence(decision, score, input.allow, input.deny),
        evaluation_time_ms: Math.round((input.clock.monotonic() - t0) * 1e6) / 1e6,
        filters_evaluated: filtersEvaluated,
        filter_results: results,
      },
      decision, priority, severity, learned: false,
    },
  };
}
