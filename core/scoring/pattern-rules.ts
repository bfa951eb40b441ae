/**
 * The engine shared by every pattern-based filter: vetted regexes over the
 * call's fields, a keyword prefilter (one Aho-Corasick pass per field decides
 * which rules can possibly match), and optional checks on each match
 * (exceptions, counts, entropy, Luhn, the provider's own hosts). A rule with
 * `min_length` and no pattern flags oversized fields.
 *
 * A filter scores its best matching rule, plus `extra_match_bonus` (default
 * 0.5) for each further rule that matched, up to three.
 */
import type { CallView, Field, Op, Target } from './call-view.ts';
import { OUTBOUND_TARGETS } from './call-view.ts';
import { createKeywordIndex, type KeywordIndex } from './keyword-index.ts';
import { PatternFile, validate, type PatternRule } from './rule-schema.ts';
import { requiredCounts } from './required-literals.ts';
import { hasRunIn, requiredRun, type RequiredRun } from './required-run.ts';
import { compileSafeRegex } from './safe-regex.ts';
import { censusAllows } from './text-census.ts';
import { shannonEntropy, luhnValid, hostMatches } from './text-checks.ts';
import type { FilterInstance, FilterOutcome } from './types.ts';

interface CompiledRule {
  rule: PatternRule;
  regex: RegExp | null;
  /** A run of class characters every match contains (required-run.ts), checked before the regex. */
  run: RequiredRun | null;
  /** The digits, characters beyond ASCII and control characters every match holds (text-census.ts), when some. */
  counts: readonly number[] | null;
  except: RegExp | null;
  targets: ReadonlySet<Target> | null;
  ops: ReadonlySet<Op> | null;
  keywordIds: number[];
  /** Position in the file (the candidate stamps). */
  index: number;
}

/** A rule that matched in an evaluation, with its score for this call. */
interface Hit { rule: PatternRule; score: number }

export interface PatternFilterOptions {
  /** Targets used by rules that name none (`all` when omitted). */
  defaultTargets?: readonly string[];
  /** Adjusts a matched rule's score for this call (e.g. by operation); return 0 to drop the match. */
  adjust?: (rule: PatternRule, view: CallView, field: Field) => number;
  /** The engine's shared keyword automaton (one scan per field for every filter); a private one when omitted. */
  keywords?: KeywordIndex;
}

function targetSet(names: readonly string[] | undefined): ReadonlySet<Target> | null {
  if (!names || names.includes('all')) return null;
  const set = new Set<Target>();
  for (const n of names) {
    if (n === 'outbound') OUTBOUND_TARGETS.forEach((t) => set.add(t));
    else set.add(n as Target);
  }
  return set;
}

/** Compiles a pattern filter file; throws with the rule id and the reason when a rule is refused. */
export function compilePatternRules(doc: unknown, options: PatternFilterOptions = {}): FilterInstance {
  const file = validate(PatternFile, doc);
  const bonus = file.filter?.extra_match_bonus ?? 0.5;
  const index = options.keywords ?? createKeywordIndex();
  const owner = index.newOwner();
  const alwaysRun: CompiledRule[] = [];
  // Rules by the shared index's keyword id (sparse: other filters' keywords have none here).
  const byKeyword = new Map<number, CompiledRule[]>();
  const seen = new Set<string>();
  for (const rule of file.rules) {
    if (seen.has(rule.id)) throw new Error(`rule '${rule.id}': duplicate id`);
    seen.add(rule.id);
    if (rule.pattern === undefined && rule.min_length === undefined) throw new Error(`rule '${rule.id}': needs 'pattern' or 'min_length'`);
    let regex: RegExp | null = null;
    let run: RequiredRun | null = null;
    let counts: number[] | null = null;
    if (rule.pattern !== undefined) {
      const compiled = compileSafeRegex(rule.pattern, rule.case_sensitive ? 'g' : 'gi');
      if (!compiled.ok) throw new Error(`rule '${rule.id}': unsafe or invalid pattern: ${compiled.reason}`);
      regex = compiled.regex;
      run = requiredRun(rule.pattern, regex.flags);
      counts = requiredCounts(rule.pattern, regex.flags);
      if (counts.every((n) => n === 0)) counts = null;
    }
    let except: RegExp | null = null;
    if (rule.except) {
      const e = compileSafeRegex(rule.except, 'i');
      if (!e.ok) throw new Error(`rule '${rule.id}': unsafe or invalid except pattern: ${e.reason}`);
      except = e.regex;
    }
    const entry: CompiledRule = {
      rule, regex, run, counts, except,
      targets: targetSet(rule.targets ?? options.defaultTargets),
      ops: rule.ops ? new Set(rule.ops) : null,
      keywordIds: [],
      index: seen.size - 1,
    };
    for (const id of index.register((rule.keywords ?? []).map((kw) => kw.toLowerCase()), owner)) {
      if (entry.keywordIds.includes(id)) continue;
      entry.keywordIds.push(id);
      let list = byKeyword.get(id);
      if (!list) byKeyword.set(id, list = []);
      list.push(entry);
    }
    if (entry.keywordIds.length === 0) alwaysRun.push(entry);
  }
  // The same as a dense array (ids are small integers, and every hit of every filter is looked up here).
  const byId: (CompiledRule[] | undefined)[] = Array.from({ length: byKeyword.size === 0 ? 0 : Math.max(...byKeyword.keys()) + 1 }, (_, k) => byKeyword.get(k));
  // Stamps per rule, so no set is built per field or per call: `tried` marks
  // the rules already taken for the current field (always-run rules first,
  // then by keyword hit), `matched` the rules that matched in the current
  // evaluation (a matched rule is not tried on later fields).
  const tried = new Uint32Array(file.rules.length);
  const matched = new Uint32Array(file.rules.length);
  let fieldStamp = 0;
  let callStamp = 0;

  function fires(c: CompiledRule, view: CallView, field: Field): boolean {
    if (c.rule.min_length !== undefined && field.raw.length < c.rule.min_length) return false;
    if (!c.regex) return true;
    const caseSensitive = c.rule.case_sensitive === true;
    const text = caseSensitive ? field.text : field.norm;
    if (c.counts || c.run) {
      const runs = field.runs ??= { text: new Map(), norm: new Map() };
      const facts = caseSensitive ? runs.text : runs.norm;
      if (c.counts && !censusAllows(text, c.counts, facts)) return false;
      if (c.run && !hasRunIn(text, c.run, facts)) return false;
    }
    const need = c.rule.min_count ?? 1;
    let count = 0;
    c.regex.lastIndex = 0;
    for (let guard = 0; guard < 1000; guard++) {
      const m = c.regex.exec(text);
      if (!m) break;
      if (m[0].length === 0) c.regex.lastIndex++;
      if (c.except && c.except.test(m[0])) continue;
      const token = m[1] ?? m[0];
      if (c.rule.entropy_min !== undefined && shannonEntropy(token) < c.rule.entropy_min) continue;
      if (c.rule.validator === 'luhn' && !luhnValid(token)) continue;
      if (++count >= need) break;
    }
    if (count < need) return false;
    const expected = c.rule.expected_hosts;
    if (expected && view.hosts.length > 0 && view.hosts.every((h) => expected.some((e) => hostMatches(h, e)))) return false;
    return true;
  }

  /** Tries one candidate rule on a field; a match (with a non-zero score) joins `found`. */
  function tryRule(c: CompiledRule, view: CallView, field: Field, found: Hit[]): void {
    tried[c.index] = fieldStamp;
    if (matched[c.index] === callStamp) return;
    if (c.targets && !c.targets.has(field.target)) return;
    if (c.ops && !c.ops.has(view.op)) return;
    if (!fires(c, view, field)) return;
    const score = options.adjust ? options.adjust(c.rule, view, field) : c.rule.score;
    if (score !== 0) { matched[c.index] = callStamp; found.push({ rule: c.rule, score }); }
  }

  return {
    evaluate(view): FilterOutcome {
      if (++callStamp === 0xffffffff) { matched.fill(0); callStamp = 1; }
      const found: Hit[] = [];
      for (const field of view.fields) {
        if (++fieldStamp === 0xffffffff) { tried.fill(0); fieldStamp = 1; }
        for (const c of alwaysRun) tryRule(c, view, field, found);
        if (byId.length === 0) continue;
        for (const k of index.hitsFor(field, owner)) {
          const list = k < byId.length ? byId[k] : undefined;
          if (list) for (const c of list) if (tried[c.index] !== fieldStamp) tryRule(c, view, field, found);
        }
      }
      if (found.length === 0) return { matched: false, score: 0, message: 'No rule matched' };
      const sorted = found.sort((a, b) => b.score - a.score);
      const best = sorted[0]!;
      const extra = Math.min(3, sorted.length - 1);
      const score = Math.min(10, best.score + (best.score > 0 ? extra * bonus : 0));
      const more = sorted.length > 1 ? ` (+${sorted.length - 1} more: ${sorted.slice(1, 4).map((s) => s.rule.id).join(', ')})` : '';
      return { matched: true, score, message: `${best.rule.message} [${best.rule.id}]${more}` };
    },
  };
}
