/**
 * The engine shared by every pattern-based filter: vetted regexes over the
 * call's fields, a keyword prefilter (one Aho-Corasick pass per field decides
 * which rules can possibly match), and optional checks on each match
 * (exceptions, counts, entropy, Luhn, the provider's own hosts). A rule with
 * `min_length` and no pattern flags oversized fields.
 *
 * A rule is a candidate only on fields of its targets (lists per target,
 * built at load). A costly pattern (a long or unbounded repeat, which the
 * regex engine tries at every offset) also waits for the literals it cannot
 * match without (required-literals.ts): they join the keyword automaton, so
 * the same pass finds them, and the regex runs only when a string of each
 * factor is among the field's hits. Every pattern also waits for the
 * printable characters of its literal factors (one census pass per text
 * tells which occur), and a rule counting matches for as many occurrences of
 * a string each match holds. A case-insensitive pattern of several top-level
 * branches (`a|b`) also waits until one branch has all it needs: its
 * literals among the keyword hits when the automaton knows them already,
 * else in the text (a string is searched for only when the text holds each
 * of its pairs of adjacent characters), and its characters in the census.
 *
 * A filter scores its best matching rule, plus `extra_match_bonus` (default
 * 0.5) for each further rule that matched, up to three.
 */
import type { CallView, Field, Op, Target } from './call-view.ts';
import { OUTBOUND_TARGETS } from './call-view.ts';
import { createKeywordIndex, type KeywordIndex } from './keyword-index.ts';
import { PatternFile, validate, type PatternRule } from './rule-schema.ts';
import { foldsNothingOnLowerCase } from './caseless-pattern.ts';
import { branchLiterals, requiredCounts, requiredLiterals, requiredRun } from './pattern-analysis.ts';
import { hasRunIn, type RequiredRun, type RunLengths } from './required-run.ts';
import { compileSafeRegex } from './safe-regex.ts';
import { censusAllows, charNeeds, charsAllow, pairBits, pairsAllow, type CharNeeds } from './text-census.ts';
import { shannonEntropy, luhnValid, hostMatches } from './text-checks.ts';
import type { FilterInstance, FilterOutcome } from './types.ts';

/**
 * A rule ready to run. Every field the hot path reads is here, in one shape
 * for every rule (rules parsed from TOML come in as many shapes as they have
 * optional keys, which made each read of them a megamorphic lookup).
 */
interface CompiledRule {
  rule: PatternRule;
  regex: RegExp | null;
  /** A run of class characters every match contains (required-run.ts), checked before the regex. */
  run: RequiredRun | null;
  /** The digits, characters beyond ASCII and control characters every match holds (text-census.ts), when some. */
  counts: readonly number[] | null;
  /** The printable characters the pattern's literal factors need (text-census.ts), when some. */
  chars: CharNeeds | null;
  /**
   * For a rule with `min_count` above 1: a string every match holds inside
   * it (matches do not overlap, so the text holds it `need` times), or null.
   */
  tally: string | null;
  /**
   * For a costly case-insensitive pattern: the literal factors its keywords
   * do not imply, as keyword ids (a string of each factor must be among the
   * field's keyword hits), or null.
   */
  gate: readonly (readonly number[])[] | null;
  /**
   * For a case-insensitive pattern of several top-level branches (`a|b`):
   * what each branch needs (a match is a match of one branch), or null.
   */
  branches: readonly Branch[] | null;
  except: RegExp | null;
  /** `except_fields`: the names of fields the rule does not read, or null. */
  exceptFields: RegExp | null;
  ops: ReadonlySet<Op> | null;
  score: number;
  /** `min_length`, or 0. */
  minLength: number;
  caseSensitive: boolean;
  /** `min_count`, or 1. */
  need: number;
  /** `entropy_min`, or -1. */
  entropyMin: number;
  luhn: boolean;
  expectedHosts: readonly string[] | null;
  /** Position in the file (the candidate stamps). */
  index: number;
}

/**
 * What one top-level branch of a pattern needs: a string of each factor
 * among the field's keyword hits (`ids`: factors whose strings the automaton
 * finds already for some rule), the printable characters of its factors
 * (`chars`), and a string of each other factor looked up in the text
 * (`strings`: '-d', '>&', '$(', '--post-file'). Looking those up costs less
 * than adding them to the automaton, which every field's scan pays for.
 */
interface Branch {
  ids: readonly (readonly number[])[];
  chars: CharNeeds | null;
  strings: readonly (readonly Lookup[])[];
}

/** A string looked up in the text, with its pairs of characters (pairBits): a string lacking one of them in the text is not searched for. */
interface Lookup { s: string; pairs: Uint16Array }

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

const NO_HITS: readonly number[] = [];

/** Every target, in the order of the per-target candidate lists. */
const TARGETS: readonly Target[] = ['path', 'command', 'url', 'headers', 'body', 'content', 'env', 'host', 'dns', 'mode'];

/** A field target's place in TARGETS. */
function targetIndex(t: Target): number {
  switch (t) {
    case 'path': return 0;
    case 'command': return 1;
    case 'url': return 2;
    case 'headers': return 3;
    case 'body': return 4;
    case 'content': return 5;
    case 'env': return 6;
    case 'host': return 7;
    case 'dns': return 8;
    default: return 9;
  }
}

/** A bounded repeat this long (or an unbounded one) makes a pattern costly: the engine tries it at every offset. */
const COSTLY_REPEAT = 64;
/** The literal factors of a pattern with a long bounded repeat (a scan tries it at every offset) that its keywords do not already imply, or null. */
function literalGate(pattern: string, flags: string, keywords: readonly string[]): string[][] | null {
  let costly = false;
  for (const m of pattern.matchAll(/\{\d+,(\d*)\}|[*+]/g)) if (m[0].length === 1 || m[1] === '' || Number(m[1]) >= COSTLY_REPEAT) costly = true;
  if (!costly) return null;
  const kws = keywords.map((k) => k.toLowerCase());
  const factors = requiredLiterals(pattern, flags).filter((f) => kws.length === 0 || !kws.every((k) => f.some((s) => k.includes(s))));
  return factors.length > 0 ? factors : null;
}

/**
 * The needs of each top-level branch of a case-insensitive pattern, with the
 * factors its keywords imply left out, or null when some branch needs
 * nothing the census, the keyword hits or a short lookup can rule out (that
 * branch could match any text). A pattern of one branch is read as a whole
 * (its needs, when it has some beyond the census's characters, which every
 * pattern waits for anyway): a common keyword (`svc:mcp`, found in every MCP
 * call) then leaves the regex waiting for the pattern's other strings too.
 */
function branchNeeds(pattern: string, flags: string, keywords: readonly string[], index: KeywordIndex, owner: number): Branch[] | null {
  const long = branchLiterals(pattern, flags) ?? [requiredLiterals(pattern, flags)];
  const short = branchLiterals(pattern, flags, 1) ?? [requiredLiterals(pattern, flags, 1)];
  if (long.length !== short.length) return null;
  const kws = keywords.map((k) => k.toLowerCase());
  const implied = (f: readonly string[]) => kws.length > 0 && kws.every((k) => f.some((s) => k.includes(s)));
  const out: Branch[] = [];
  for (let b = 0; b < long.length; b++) {
    const found = long[b]!.filter((f) => !implied(f));
    const known = found.filter((f) => f.every((s) => index.has(s)));
    const factors = short[b]!.filter((f) => !implied(f));
    const strings = [
      ...found.filter((f) => !known.includes(f)),
      ...factors.filter((f) => f.some((s) => s.length === 2) || (f.some((s) => s.length === 1) && f.some((s) => s.length > 1))),
    ];
    const chars = charNeeds(factors);
    if (long.length === 1 && known.length === 0 && strings.length === 0) return null;
    const ids = known.map((f) => index.register(f, owner));
    if (ids.length === 0 && strings.length === 0 && !chars) return null;
    out.push({ ids, chars: long.length === 1 ? null : chars, strings: strings.map((f) => f.map((s) => ({ s, pairs: pairBits(s) }))) });
  }
  return out;
}

/**
 * For a rule counting matches: a string of a one-string factor (found in
 * the match itself: a pattern with a lookaround gives none), preferring a
 * character that is no letter or digit, or null.
 */
function tallyOf(pattern: string, factors: readonly (readonly string[])[]): string | null {
  if (/\(\?<?[=!]/.test(pattern)) return null;
  const single = factors.filter((f) => f.length === 1).map((f) => f[0]!);
  return single.find((s) => /[^a-z0-9]/i.test(s)) ?? single[0] ?? null;
}

/** True when two fields hold the same text (whether a rule fires on a field depends on its text, never on its target or name). */
const sameText = (a: Field, b: Field): boolean => a.raw === b.raw && a.text === b.text && a.norm === b.norm;

/** True when `text` holds `needle` at least `times` times without overlap. */
function occursTimes(text: string, needle: string, times: number): boolean {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) if (++n >= times) return true;
  return false;
}

/** Compiles a pattern filter file; throws with the rule id and the reason when a rule is refused. */
export function compilePatternRules(doc: unknown, options: PatternFilterOptions = {}): FilterInstance {
  const file = validate(PatternFile, doc);
  const bonus = file.filter?.extra_match_bonus ?? 0.5;
  const index = options.keywords ?? createKeywordIndex();
  const owner = index.newOwner();
  // Per target (TARGETS order): the rules without keywords, and the rules by
  // the shared index's keyword id (sparse: other filters' keywords have none here).
  const alwaysRun: CompiledRule[][] = TARGETS.map(() => []);
  const byKeyword = TARGETS.map(() => new Map<number, CompiledRule[]>());
  const seen = new Set<string>();
  const compiled: CompiledRule[] = [];
  for (const rule of file.rules) {
    if (seen.has(rule.id)) throw new Error(`rule '${rule.id}': duplicate id`);
    seen.add(rule.id);
    if (rule.pattern === undefined && rule.min_length === undefined) throw new Error(`rule '${rule.id}': needs 'pattern' or 'min_length'`);
    let regex: RegExp | null = null;
    let run: RequiredRun | null = null;
    let counts: number[] | null = null;
    let gate: number[][] | null = null;
    let chars: CharNeeds | null = null;
    let tally: string | null = null;
    let branches: Branch[] | null = null;
    if (rule.pattern !== undefined) {
      const compiled = compileSafeRegex(rule.pattern, rule.case_sensitive ? 'g' : 'gi');
      if (!compiled.ok) throw new Error(`rule '${rule.id}': unsafe or invalid pattern: ${compiled.reason}`);
      regex = compiled.regex;
      const flags = regex.flags;
      // A case-insensitive rule reads the lower-cased text: without case folding when folding changes nothing there.
      if (rule.case_sensitive !== true && foldsNothingOnLowerCase(rule.pattern)) regex = new RegExp(rule.pattern, 'g');
      run = requiredRun(rule.pattern, flags);
      counts = requiredCounts(rule.pattern, flags);
      if (counts.every((n) => n === 0)) counts = null;
      const letters = requiredLiterals(rule.pattern, flags, 1);
      chars = charNeeds(letters);
      if ((rule.min_count ?? 1) > 1) tally = tallyOf(rule.pattern, letters);
      if (rule.case_sensitive !== true) {
        const factors = literalGate(rule.pattern, flags, rule.keywords ?? []);
        if (factors) gate = factors.map((f) => index.register(f, owner));
        branches = branchNeeds(rule.pattern, flags, rule.keywords ?? [], index, owner);
      }
    }
    let except: RegExp | null = null;
    if (rule.except) {
      const e = compileSafeRegex(rule.except, 'i');
      if (!e.ok) throw new Error(`rule '${rule.id}': unsafe or invalid except pattern: ${e.reason}`);
      except = e.regex;
    }
    let exceptFields: RegExp | null = null;
    if (rule.except_fields) {
      const e = compileSafeRegex(rule.except_fields, 'i');
      if (!e.ok) throw new Error(`rule '${rule.id}': unsafe or invalid except_fields pattern: ${e.reason}`);
      exceptFields = e.regex;
    }
    const entry: CompiledRule = {
      rule, regex, run, counts, chars, tally, gate, branches, except, exceptFields,
      ops: rule.ops ? new Set(rule.ops) : null,
      score: rule.score,
      minLength: rule.min_length ?? 0,
      caseSensitive: rule.case_sensitive === true,
      need: rule.min_count ?? 1,
      entropyMin: rule.entropy_min ?? -1,
      luhn: rule.validator === 'luhn',
      expectedHosts: rule.expected_hosts ?? null,
      index: seen.size - 1,
    };
    compiled.push(entry);
    const targets = targetSet(rule.targets ?? options.defaultTargets);
    const keywordIds: number[] = [];
    for (const id of index.register((rule.keywords ?? []).map((kw) => kw.toLowerCase()), owner)) if (!keywordIds.includes(id)) keywordIds.push(id);
    // The rule joins the candidate lists of the targets it reads only.
    TARGETS.forEach((t, ti) => {
      if (targets && !targets.has(t)) return;
      if (keywordIds.length === 0) alwaysRun[ti]!.push(entry);
      for (const id of keywordIds) {
        let list = byKeyword[ti]!.get(id);
        if (!list) byKeyword[ti]!.set(id, list = []);
        list.push(entry);
      }
    });
  }
  // The same as dense arrays (ids are small integers, and every hit of every filter is looked up here).
  const byId = byKeyword.map((m) => Array.from({ length: m.size === 0 ? 0 : Math.max(...m.keys()) + 1 }, (_, k) => m.get(k)));
  // Stamps per rule, so no set is built per field or per call: `tried` marks
  // the rules already taken for the current field (always-run rules first,
  // then by keyword hit), `matched` the rules that matched in the current
  // evaluation (a matched rule is not tried on later fields).
  const tried = new Uint32Array(file.rules.length);
  const matched = new Uint32Array(file.rules.length);
  let fieldStamp = 0;
  // `failed` marks the rules that did not fire on the current text (`textStamp`):
  // a field with the same text as the field before it (a written file's content
  // and its copy read by the command rules) cannot make them fire either.
  const failed = new Uint32Array(file.rules.length);
  let textStamp = 0;
  // The current field's keyword hits of this filter (stamped), for the gates.
  let gateMax = -1;
  for (const r of compiled) {
    if (r.gate) for (const f of r.gate) for (const id of f) gateMax = Math.max(gateMax, id);
    if (r.branches) for (const b of r.branches) for (const f of b.ids) for (const id of f) gateMax = Math.max(gateMax, id);
  }
  const hitSeen = new Uint32Array(gateMax + 1);
  let callStamp = 0;

  /** True when the current field's keyword hits hold an id of every factor. */
  function gateAllows(gate: readonly (readonly number[])[]): boolean {
    for (const f of gate) {
      let found = false;
      for (let i = 0; i < f.length && !found; i++) found = hitSeen[f[i]!] === fieldStamp;
      if (!found) return false;
    }
    return true;
  }

  /** True when some branch has what it needs in the field (its keyword hits, its text's census and the text itself). */
  function branchAllows(branches: readonly Branch[], text: string, facts: RunLengths): boolean {
    for (const b of branches) {
      if (b.ids.length > 0 && !gateAllows(b.ids)) continue;
      if (b.chars && !charsAllow(text, b.chars, facts)) continue;
      let held = true;
      for (let i = 0; i < b.strings.length && held; i++) {
        const f = b.strings[i]!;
        held = false;
        for (let k = 0; k < f.length && !held; k++) { const l = f[k]!; held = pairsAllow(text, l.pairs) && text.includes(l.s); }
      }
      if (held) return true;
    }
    return false;
  }

  function fires(c: CompiledRule, view: CallView, field: Field): boolean {
    if (field.raw.length < c.minLength) return false;
    if (!c.regex) return true;
    const text = c.caseSensitive ? field.text : field.norm;
    if (c.counts || c.chars || c.run) {
      const runs = field.runs ??= { text: new Map(), norm: new Map() };
      const facts = c.caseSensitive ? runs.text : runs.norm;
      if (c.counts && !censusAllows(text, c.counts, facts)) return false;
      if (c.chars && !charsAllow(text, c.chars, facts)) return false;
      if (c.run && !hasRunIn(text, c.run, facts)) return false;
    }
    if (c.gate && !gateAllows(c.gate)) return false;
    if (c.branches && !branchAllows(c.branches, text, (field.runs ??= { text: new Map(), norm: new Map() }).norm)) return false;
    const need = c.need;
    if (c.tally !== null && !occursTimes(text, c.tally, need)) return false;
    const regex = c.regex;
    let count = 0;
    regex.lastIndex = 0;
    for (let guard = 0; guard < 1000; guard++) {
      const m = regex.exec(text);
      if (!m) break;
      if (m[0].length === 0) regex.lastIndex++;
      if (c.except && c.except.test(m[0])) continue;
      const token = m[1] ?? m[0];
      if (c.entropyMin >= 0 && shannonEntropy(token) < c.entropyMin) continue;
      if (c.luhn && !luhnValid(token)) continue;
      if (++count >= need) break;
    }
    if (count < need) return false;
    const expected = c.expectedHosts;
    if (expected && view.hosts.length > 0 && view.hosts.every((h) => expected.some((e) => hostMatches(h, e)))) return false;
    return true;
  }

  /** Tries one candidate rule on a field; a match (with a non-zero score) joins `found`. */
  function tryRule(c: CompiledRule, view: CallView, field: Field, found: Hit[]): void {
    tried[c.index] = fieldStamp;
    if (matched[c.index] === callStamp) return;
    if (c.ops && !c.ops.has(view.op)) return;
    if (c.exceptFields && c.exceptFields.test(field.name)) return;
    if (failed[c.index] === textStamp) return;
    if (!fires(c, view, field)) { failed[c.index] = textStamp; return; }
    const score = options.adjust ? options.adjust(c.rule, view, field) : c.score;
    if (score !== 0) { matched[c.index] = callStamp; found.push({ rule: c.rule, score }); }
  }

  return {
    evaluate(view): FilterOutcome {
      if (++callStamp === 0xffffffff) { matched.fill(0); callStamp = 1; }
      const found: Hit[] = [];
      let previous: Field | null = null;
      for (const field of view.fields) {
        if (++fieldStamp === 0xffffffff) { tried.fill(0); hitSeen.fill(0); fieldStamp = 1; }
        const newText = previous === null || !sameText(field, previous);
        if (newText && ++textStamp === 0xffffffff) { failed.fill(0); textStamp = 1; }
        previous = field;
        const ti = targetIndex(field.target);
        const ids = byId[ti]!;
        const hits = ids.length > 0 || gateMax >= 0 ? index.hitsFor(field, owner) : NO_HITS;
        if (gateMax >= 0) for (const k of hits) if (k <= gateMax) hitSeen[k] = fieldStamp;
        for (const c of alwaysRun[ti]!) tryRule(c, view, field, found);
        if (ids.length === 0) continue;
        for (const k of hits) {
          const list = k < ids.length ? ids[k] : undefined;
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
