/**
 * Necessary literals read off a rule pattern at load time: a list of
 * factors, each a set of strings of which at least one occurs in every text
 * the pattern matches (a conjunction of disjunctions, as in a trigram index's
 * query). `curl\b[^|]{0,200}\|\s{0,4}(?:ba|z)?sh\b` gives [{curl}, {sh}]
 * (`|` is too short to be worth a lookup). The engine's keyword automaton
 * finds the strings in the same pass that finds the rules' keywords, so a
 * pattern runs only on a text that holds something of every factor.
 *
 * The engine waits for the literal factors of costly patterns only (for
 * every pattern, a bigger automaton and a second walk over the hits cost more
 * than the regex runs they saved), and for the factors of each top-level
 * branch of a pattern with several (branchLiterals: one branch must have all
 * of its own). With a minimum length of 1 the factors
 * also name single characters ('@', ':', '|'): every pattern waits for
 * those through the text's census (text-census.ts), which costs no automaton.
 *
 * Exact by construction: every factor is necessary (it may be weaker than it
 * could be, never stronger). Whatever the reader does not understand (a
 * non-ASCII character, a large class, a repeat) contributes no factor.
 * Case-insensitive patterns give lower-case strings (they run on lower-cased
 * text, which the automaton scans too).
 *
 * The answers for the shipped rules are generated ahead
 * (shipped-pattern-analyses.ts): after changing what this file answers, run
 * `node scripts/gen-shipped-rules.mjs` (pattern-analysis.test.ts fails until then).
 */

/**
 * What a part of a pattern tells: the strings it can match when few
 * (`exact`), what any match contains (`factors`), and how many characters of
 * each census category any match holds at the least (`counts`, see CATEGORIES).
 */
interface Info { exact: Set<string> | null; factors: Set<string>[]; counts: readonly number[] }

/**
 * Character categories every text's census counts (text-census.ts): ASCII
 * digits, characters beyond ASCII (UTF-16 units), and control characters
 * other than tab, line feed and carriage return.
 */
export const CATEGORIES = ['digit', 'beyond-ascii', 'control'] as const;
export type Category = (typeof CATEGORIES)[number];
const NO_COUNTS: readonly number[] = [0, 0, 0];

/** Each category's test for one UTF-16 unit. */
export function inCategory(k: number, code: number): boolean {
  if (k === 0) return code >= 0x30 && code <= 0x39;
  if (k === 1) return code >= 0x80;
  return (code <= 0x1f && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

/** The categories that hold every one of `codes` (ranges of UTF-16 units, inclusive): a 1 each. */
function categoriesOf(ranges: readonly [number, number][]): number[] {
  return [0, 1, 2].map((k) => (ranges.length > 0 && ranges.every(([lo, hi]) => {
    for (let c = lo; c <= hi; c++) if (!inCategory(k, c)) return false;
    return true;
  }) ? 1 : 0));
}

const sumCounts = (a: readonly number[], b: readonly number[]) => a.map((v, k) => v + b[k]!);
const minCounts = (a: readonly number[], b: readonly number[]) => a.map((v, k) => Math.min(v, b[k]!));

/** Most strings kept in an exact set (cross products beyond it are given up). */
const MAX_EXACT = 16;
/** Longest exact string kept. */
const MAX_LENGTH = 64;
/** Shortest string worth a factor (a shorter one is in most texts, and the automaton would report it everywhere). */
export const MIN_LITERAL = 3;

const EMPTY: Info = { exact: new Set(['']), factors: [], counts: NO_COUNTS };
const UNKNOWN: Info = { exact: null, factors: [], counts: NO_COUNTS };

const lower = (s: string) => s.toLowerCase();

/** True when every string of `a` contains a string of `b` (then `b` says nothing `a` does not). */
function implies(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) {
    let ok = false;
    for (const y of b) if (x.includes(y)) { ok = true; break; }
    if (!ok) return false;
  }
  return true;
}

/** A factor worth keeping: non-empty, every string at least `min` long. */
function useful(f: Set<string>, min: number): boolean {
  if (f.size === 0) return false;
  for (const s of f) if (s.length < min) return false;
  return true;
}

/** The factor that best stands for `info` alone (an exact set, or its most selective factor), or null. */
function bestFactor(info: Info, min: number): Set<string> | null {
  if (info.exact && useful(info.exact, min)) return info.exact;
  let best: Set<string> | null = null;
  let bestLen = 0;
  for (const f of info.factors) {
    if (!useful(f, min)) continue;
    let shortest = Infinity;
    for (const s of f) shortest = Math.min(shortest, s.length);
    if (shortest > bestLen || (shortest === bestLen && best && f.size < best.size)) { best = f; bestLen = shortest; }
  }
  return best;
}

function cross(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) {
    if (x.length + y.length > MAX_LENGTH) return null;
    out.add(x + y);
  }
  return out;
}

/** Reads one pattern; `pos` moves through `src`. Throws on what it does not parse (the caller then uses no factor). */
class Reader {
  pos = 0;
  /** `min`: the shortest string a factor may hold. */
  constructor(readonly src: string, readonly fold: boolean, readonly min: number) {}

  alternation(): Info {
    const branches: Info[] = [this.sequence()];
    while (this.src[this.pos] === '|') { this.pos++; branches.push(this.sequence()); }
    if (branches.length === 1) return branches[0]!;
    let exact: Set<string> | null = new Set();
    let counts = branches[0]!.counts;
    for (const b of branches) counts = minCounts(counts, b.counts);
    for (const b of branches) {
      if (!b.exact || !exact) { exact = null; continue; }
      for (const s of b.exact) exact.add(s);
      if (exact.size > MAX_EXACT) exact = null;
    }
    // One factor for the whole alternation: the union of a factor of each branch.
    const union = new Set<string>();
    for (const b of branches) {
      const f = bestFactor(b, this.min);
      if (!f) return { exact, factors: [], counts };
      for (const s of f) union.add(s);
    }
    return { exact, factors: [union], counts };
  }

  sequence(): Info {
    const factors: Set<string>[] = [];
    let acc: Set<string> | null = new Set(['']);
    let whole = true;
    let counts = NO_COUNTS;
    const flush = () => { if (acc && useful(acc, this.min)) factors.push(acc); acc = new Set(['']); };
    while (this.pos < this.src.length && this.src[this.pos] !== '|' && this.src[this.pos] !== ')') {
      const item = this.quantified();
      factors.push(...item.factors);
      counts = sumCounts(counts, item.counts);
      const joined: Set<string> | null = item.exact && acc ? cross(acc, item.exact) : null;
      if (joined) { acc = joined; continue; }
      whole = false;
      flush();
      if (item.exact) acc = item.exact;
    }
    const exact = whole ? acc : null;
    if (!whole) flush();
    return { exact, factors, counts };
  }

  quantified(): Info {
    const atom = this.atom();
    const q = this.quantifier();
    if (!q) return atom;
    if (q.min === 0) {
      if (q.max === 1 && atom.exact) {
        const exact = new Set(atom.exact);
        exact.add('');
        return { exact, factors: [], counts: NO_COUNTS };
      }
      return UNKNOWN;
    }
    // At least once: what the atom requires, and the atom itself as a factor.
    const factors = [...atom.factors];
    if (atom.exact && useful(atom.exact, this.min)) factors.push(atom.exact);
    const counts = atom.counts.map((v) => v * q.min);
    if (q.min === q.max && atom.exact && q.min <= 4) {
      let exact: Set<string> | null = new Set(['']);
      for (let i = 0; i < q.min && exact; i++) exact = cross(exact, atom.exact);
      if (exact) return { exact, factors: atom.factors, counts };
    }
    return { exact: null, factors, counts };
  }

  quantifier(): { min: number; max: number } | null {
    const ch = this.src[this.pos];
    let q: { min: number; max: number } | null = null;
    if (ch === '*') { q = { min: 0, max: Infinity }; this.pos++; }
    else if (ch === '+') { q = { min: 1, max: Infinity }; this.pos++; }
    else if (ch === '?') { q = { min: 0, max: 1 }; this.pos++; }
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos, this.pos + 24));
      if (m) {
        q = { min: Number(m[1]), max: m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]) };
        this.pos += m[0].length;
      }
    }
    if (q && this.src[this.pos] === '?') this.pos++;
    return q;
  }

  atom(): Info {
    const ch = this.src[this.pos]!;
    if (ch === '(') return this.group();
    if (ch === '[') return this.charClass();
    if (ch === '\\') return this.escape();
    this.pos++;
    if (ch === '^' || ch === '$') return EMPTY;
    if (ch === '.') return UNKNOWN;
    return this.literal(ch.charCodeAt(0));
  }

  literal(code: number): Info {
    const counts = categoriesOf([[code, code]]);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return { exact: null, factors: [], counts };
    if (code >= 0x7f) return { exact: null, factors: [], counts };
    const s = String.fromCharCode(code);
    return { exact: new Set([this.fold ? lower(s) : s]), factors: [], counts };
  }

  group(): Info {
    this.pos++;
    let kind: 'plain' | 'ahead' | 'negative' = 'plain';
    const rest = this.src.slice(this.pos, this.pos + 3);
    if (rest.startsWith('?:')) this.pos += 2;
    else if (rest.startsWith('?=') || rest.startsWith('?<=')) { kind = 'ahead'; this.pos += rest.startsWith('?=') ? 2 : 3; }
    else if (rest.startsWith('?!') || rest.startsWith('?<!')) { kind = 'negative'; this.pos += rest.startsWith('?!') ? 2 : 3; }
    else if (rest.startsWith('?<')) {
      const close = this.src.indexOf('>', this.pos);
      if (close < 0) throw new Error('unterminated group name');
      this.pos = close + 1;
    } else if (rest.startsWith('?')) throw new Error('unknown group');
    const inner = this.alternation();
    if (this.src[this.pos] !== ')') throw new Error('unbalanced group');
    this.pos++;
    if (kind === 'plain') return inner;
    if (kind === 'negative') return EMPTY;
    // A lookaround holds at a point of the match: what it requires is in the text, and it is zero-width.
    const factors = [...inner.factors];
    if (inner.exact && useful(inner.exact, this.min)) factors.push(inner.exact);
    return { exact: new Set(['']), factors, counts: NO_COUNTS };
  }

  escape(): Info {
    const next = this.src[this.pos + 1];
    if (next === undefined) throw new Error('trailing backslash');
    this.pos += 2;
    if (next === 'b' || next === 'B') return EMPTY;
    if (next === 'd') return { exact: null, factors: [], counts: [1, 0, 0] };
    const code = this.escapedCode(next);
    return code === null ? UNKNOWN : this.literal(code);
  }

  /** The character an escape stands for (after its letter), or null for a class or something unread. */
  escapedCode(letter: string): number | null {
    if (letter === 'c') {
      // A control character (`\cJ`); `\c` before anything else is itself.
      if (/[A-Za-z]/.test(this.src[this.pos] ?? '')) this.pos++;
      return null;
    }
    if (letter >= '0' && letter <= '9') {
      // NUL or a legacy octal escape: its digits belong to it.
      while (this.pos < this.src.length && /[0-7]/.test(this.src[this.pos]!)) this.pos++;
      return null;
    }
    if (letter === 'n') return 0x0a;
    if (letter === 't') return 0x09;
    if (letter === 'r') return 0x0d;
    if (letter === 'x' || letter === 'u') {
      const width = letter === 'x' ? 2 : 4;
      const hex = this.src.slice(this.pos, this.pos + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) return null;
      this.pos += width;
      return parseInt(hex, 16);
    }
    if (/[A-Za-z0-9]/.test(letter)) return null;
    return letter.charCodeAt(0);
  }

  /**
   * A class of up to four characters (after folding) is their exact set;
   * anything larger gives no string. Its census categories are those that
   * hold all it can match.
   */
  charClass(): Info {
    const start = this.pos;
    this.pos++;
    const negated = this.src[this.pos] === '^';
    if (negated) this.pos++;
    const members = new Set<string>();
    const ranges: [number, number][] = [];
    let known = !negated;
    while (this.pos < this.src.length && this.src[this.pos] !== ']') {
      if (this.src[this.pos] === '\\' && this.src[this.pos + 1] === 'd') {
        this.pos += 2;
        ranges.push([0x30, 0x39]);
        known = false;
        continue;
      }
      let lo = this.classChar();
      if (this.src[this.pos] === '-' && this.src[this.pos + 1] !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        const hi = this.classChar();
        if (lo === null || hi === null || hi < lo) { known = false; ranges.push([0, 0xffff]); }
        else {
          ranges.push([lo, hi]);
          if (hi - lo > 8) known = false;
          else for (let c = lo; c <= hi; c++) this.addMember(members, c);
        }
        lo = null;
        continue;
      }
      if (lo === null) { known = false; ranges.push([0, 0xffff]); }
      else { ranges.push([lo, lo]); this.addMember(members, lo); }
    }
    if (this.src[this.pos] !== ']') throw new Error(`unterminated class at ${start}`);
    this.pos++;
    const counts = negated ? NO_COUNTS : categoriesOf(ranges);
    if (!known || members.size === 0 || members.size > 4) return { exact: null, factors: [], counts };
    for (const m of members) if (this.literal(m.charCodeAt(0)).exact === null) return { exact: null, factors: [], counts };
    return { exact: members, factors: [], counts };
  }

  addMember(members: Set<string>, code: number): void {
    const s = String.fromCharCode(code);
    members.add(this.fold ? lower(s) : s);
  }

  /** One character of a class, or null for an escape that stands for many. */
  classChar(): number | null {
    const ch = this.src[this.pos]!;
    if (ch !== '\\') { this.pos++; return ch.charCodeAt(0); }
    const next = this.src[this.pos + 1];
    if (next === undefined) throw new Error('trailing backslash');
    this.pos += 2;
    if (next === 'b') return 0x08;
    return this.escapedCode(next);
  }
}

/**
 * The necessary factors of `source` under `flags` (`i` folds to lower case),
 * each a set of strings at least `MIN_LITERAL` long. Empty when nothing is
 * certain (or the pattern is beyond this reader).
 */
export function requiredLiterals(source: string, flags: string, min = MIN_LITERAL): string[][] {
  // Unicode mode reads escapes and classes otherwise; such a pattern gets no factor.
  if (flags.includes('u')) return [];
  const fold = flags.includes('i');
  let info: Info;
  try {
    const reader = new Reader(source, fold, min);
    info = reader.alternation();
    if (reader.pos !== source.length) return [];
  } catch {
    return [];
  }
  return keptFactors(info, min);
}

/** The useful factors of `info` that no other kept factor already implies. */
function keptFactors(info: Info, min: number): string[][] {
  const all: Set<string>[] = [...info.factors];
  if (info.exact) all.push(info.exact);
  const kept: Set<string>[] = [];
  for (const f of all.filter((f) => useful(f, min))) {
    if (kept.some((k) => implies(k, f))) continue;
    for (let i = kept.length - 1; i >= 0; i--) if (implies(f, kept[i]!)) kept.splice(i, 1);
    kept.push(f);
  }
  return kept.map((f) => [...f]);
}

/**
 * The necessary factors of each top-level branch of `source` (`a|b|c`: a
 * match is a match of one branch, so it holds something of every factor of
 * that branch), as requiredLiterals gives them for the whole pattern; null
 * when the pattern has one branch or is beyond this reader.
 */
export function branchLiterals(source: string, flags: string, min = MIN_LITERAL): string[][][] | null {
  if (flags.includes('u')) return null;
  try {
    const reader = new Reader(source, flags.includes('i'), min);
    const branches: Info[] = [reader.sequence()];
    while (source[reader.pos] === '|') { reader.pos++; branches.push(reader.sequence()); }
    if (reader.pos !== source.length || branches.length < 2) return null;
    return branches.map((b) => keptFactors(b, min));
  } catch {
    return null;
  }
}

/**
 * The fewest characters of each census category (CATEGORIES) any match of
 * `source` holds: `[digit, beyond-ascii, control]`, zeros when nothing is
 * certain.
 */
export function requiredCounts(source: string, flags: string): number[] {
  if (flags.includes('u')) return [...NO_COUNTS];
  try {
    const reader = new Reader(source, flags.includes('i'), MIN_LITERAL);
    const info = reader.alternation();
    return reader.pos === source.length ? [...info.counts] : [...NO_COUNTS];
  } catch {
    return [...NO_COUNTS];
  }
}
