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
import { hasRun, requiredRun, type RequiredRun } from './required-run.ts';
import { compileSafeRegex } from './safe-regex.ts';
import { shannonEntropy, luhnValid, hostMatches } from './text-checks.ts';
import type { FilterInstance, FilterOutcome } from './types.ts';

interface CompiledRule {
  rule: PatternRule;
  regex: RegExp | null;
  /** A run of class characters every match contains (required-run.ts), checked before the regex. */
  run: RequiredRun | null;
  except: RegExp | null;
  targets: ReadonlySet<Target> | null;
  ops: ReadonlySet<Op> | null;
  keywordIds: number[];
  /** Position in the file (the candidate stamps). */
  index: number;
}

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
    if (rule.pattern !== undefined) {
      const compiled = compileSafeRegex(rule.pattern, rule.case_sensitive ? 'g' : 'gi');
      if (!compiled.ok) throw new Error(`rule '${rule.id}': unsafe or invalid pattern: ${compiled.reason}`);
      regex = compiled.regex;
      run = requiredRun(rule.pattern, regex.flags);
    }
    let except: RegExp | null = null;
    if (rule.except) {
      const e = compileSafeRegex(rule.except, 'i');
      if (!e.ok) throw new Error(`rule '${rule.id}': unsafe or invalid except pattern: ${e.reason}`);
      except = e.regex;
    }
    const entry: CompiledRule = {
      rule, regex, run, except,
      targets: targetSet(rule.targets ?? options.defaultTargets),
      ops: rule.ops ? new Set(rule.ops) : null,
      keywordIds: [],
      index: seen.size - 1,
    };
    for (const id of index.register((rule.keywords ?? []).map((kw) => kw.toLowerCase()))) {
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
  // A field's candidate rules without building a set: each rule is taken once
  // per field (a stamp per rule), always-run rules first, then by keyword hit.
  const stamps = new Uint32Array(file.rules.length);
  let stamp = 0;
  const candidates = (field: Field, take: (c: CompiledRule) => void): void => {
    if (++stamp === 0xffffffff) { stamps.fill(0); stamp = 1; }
    for (const c of alwaysRun) { stamps[c.index] = stamp; take(c); }
    if (byId.length === 0) return;
    for (const k of index.hits(field)) {
      const list = k < byId.length ? byId[k] : undefined;
      if (list) for (const c of list) if (stamps[c.index] !== stamp) { stamps[c.index] = stamp; take(c); }
    }
  };

  const fires = (c: CompiledRule, view: CallView, field: Field): boolean => {
    if (c.rule.min_length !== undefined && field.raw.length < c.rule.min_length) return false;
    if (!c.regex) return true;
    const text = c.rule.case_sensitive ? field.text : field.norm;
    if (c.run && !hasRun(text, c.run)) return false;
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
  };

  return {
    evaluate(view): FilterOutcome {
      const hits = new Map<string, { rule: PatternRule; score: number }>();
      let field!: Field;
      const take = (c: CompiledRule): void => {
        if (hits.has(c.rule.id)) return;
        if (c.targets && !c.targets.has(field.target)) return;
        if (c.ops && !c.ops.has(view.op)) return;
        if (!fires(c, view, field)) return;
        const score = options.adjust ? options.adjust(c.rule, view, field) : c.rule.score;
        if (score !== 0) hits.set(c.rule.id, { rule: c.rule, score });
      };
      for (field of view.fields) candidates(field, take);
      if (hits.size === 0) return { matched: false, score: 0, message: 'No rule matched' };
      const sorted = [...hits.values()].sort((a, b) => b.score - a.score);
      const best = sorted[0]!;
      const extra = Math.min(3, sorted.length - 1);
      const score = Math.min(10, best.score + (best.score > 0 ? extra * bonus : 0));
      const more = sorted.length > 1 ? ` (+${sorted.length - 1} more: ${sorted.slice(1, 4).map((s) => s.rule.id).join(', ')})` : '';
      return { matched: true, score, message: `${best.rule.message} [${best.rule.id}]${more}` };
    },
  };
}
