/**
 * Load-time vetting of rule patterns, so no rule can stall the scorer with
 * catastrophic backtracking. A pattern is refused when it has:
 * - a quantified group that itself contains a quantifier (`(a+)+`, `(\w*x)*`);
 * - alternation inside a quantified group (`(a|ab)*`, overlap is undecidable cheaply);
 * - a backreference (`\1`, `\k<name>`);
 * - a bounded repeat above 2048 (`{0,5000}`);
 * - the same atom repeated twice in a row, both times a variable number (above one) of
 *   times (`[\s\S]{0,512}[\s\S]{0,512}`), also when only optional atoms or
 *   anchors stand between them (`[^\n]{0,200}\n?[^\n]{0,200}`: the optional
 *   newline can match nothing): every split of a span between them is
 *   tried, so a chain of k of them costs the k-th power of the bound (write
 *   one repeat with the sum of the bounds instead, or make the separator required);
 * - more than 3 unbounded quantifiers (`*`, `+`, `{n,}`), or two of them in a row
 *   with nothing fixed between (`\s*\s*`, `.*.*`), the polynomial cases;
 * - a leading unbounded quantifier (`\S+@...`), which retries from every offset.
 * Together with the bounded scan windows (see bounded-text.ts) this keeps every
 * pattern's work linear in a small constant times the window size.
 * A pure function of the pattern's text: the engine asks through
 * pattern-analysis.ts, which remembers the verdicts (and takes the shipped
 * rules' from the build), and safe-regex.ts compiles what passes.
 */

const MAX_REPEAT = 2048;
const MAX_UNBOUNDED = 3;
/** How many ways a span may split among repeats of one atom with optional atoms between (`\s{0,3}\(?\s{0,3}`: 16): as much backtracking as two of the longest repeat allowed. */
const MAX_SPLITS = 2 * MAX_REPEAT;

interface Frame { hasQuantifier: boolean; hasAlternation: boolean; start: number }

/** Returns the reason a pattern is unsafe, or null when it passes. */
export function unsafeReason(source: string): string | null {
  const stack: Frame[] = [{ hasQuantifier: false, hasAlternation: false, start: 0 }];
  // Where the atom a quantifier would apply to starts.
  let atomStart = 0;
  const repeats = new AdjacentRepeats();
  let unbounded = 0;
  let lastWasUnbounded = false;
  // Whether the atom being quantified directly follows an unbounded quantifier.
  let afterUnbounded = false;
  let atomCount = 0;
  let inClass = false;
  let prevAtomWasGroup: Frame | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      if (!inClass) atomStart = i;
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return 'backreferences are not allowed';
      i++;
      if (!inClass) {
        atomCount++; prevAtomWasGroup = null;
        if (!isZeroWidthEscape(next)) { afterUnbounded = lastWasUnbounded; lastWasUnbounded = false; } else repeats.skip(atomStart, i + 1);
      }
      continue;
    }
    if (inClass) { if (ch === ']') inClass = false; continue; }
    if (ch === '[') { atomStart = i; inClass = true; atomCount++; prevAtomWasGroup = null; afterUnbounded = lastWasUnbounded; lastWasUnbounded = false; continue; }
    if (ch === '(') {
      stack.push({ hasQuantifier: false, hasAlternation: false, start: i });
      prevAtomWasGroup = null;
      const prefix = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(source.slice(i, i + 40));
      const opened = i;
      if (prefix) i += prefix[0].length - 1;
      repeats.openGroup(opened, i + 1, isLookaround(source, opened));
      continue;
    }
    if (ch === ')') {
      const closed = stack.pop();
      if (!closed || stack.length === 0) return 'unbalanced parenthesis';
      const parent = stack[stack.length - 1]!;
      parent.hasQuantifier ||= closed.hasQuantifier;
      prevAtomWasGroup = closed;
      atomStart = closed.start;
      atomCount++;
      repeats.closeGroup(i, isLookaround(source, closed.start));
      continue;
    }
    if (ch === '|') { stack[stack.length - 1]!.hasAlternation = true; lastWasUnbounded = false; prevAtomWasGroup = null; repeats.branch(i); continue; }
    const q = readQuantifier(source, i);
    if (q) {
      if (q.max !== Infinity && q.max > MAX_REPEAT) return `repeat bound ${q.max} exceeds ${MAX_REPEAT}`;
      if (q.min > MAX_REPEAT) return `repeat bound ${q.min} exceeds ${MAX_REPEAT}`;
      if (prevAtomWasGroup) {
        // An optional group (`(...)?`) runs at most once: it cannot multiply paths.
        if (q.max > 1 && prevAtomWasGroup.hasQuantifier) return 'nested quantifier (a quantified group contains a quantifier)';
        if (q.max > 1 && prevAtomWasGroup.hasAlternation) return 'alternation inside a repeated group';
      }
      if (q.max === Infinity) {
        if (atomCount <= 1 && stack.length === 1) return 'pattern starts with an unbounded quantifier';
        if (afterUnbounded) return 'two unbounded quantifiers in a row';
        if (++unbounded > MAX_UNBOUNDED) return `more than ${MAX_UNBOUNDED} unbounded quantifiers`;
        lastWasUnbounded = true;
      } else if (q.min !== q.max) {
        lastWasUnbounded = lastWasUnbounded && q.min === 0;
      } else lastWasUnbounded = false;
      const atom = source.slice(atomStart, i);
      const end = q.end + (source[q.end] === '?' ? 1 : 0);
      const split = repeats.add(atom, atomStart, end, q);
      if (split) return split;
      stack[stack.length - 1]!.hasQuantifier = true;
      i = end - 1;
      prevAtomWasGroup = null;
      continue;
    }
    if (ch === '^' || ch === '$') { prevAtomWasGroup = null; repeats.skip(i, i + 1); continue; }
    atomStart = i;
    atomCount++;
    prevAtomWasGroup = null;
    afterUnbounded = lastWasUnbounded;
    lastWasUnbounded = false;
  }
  if (stack.length !== 1) return 'unbalanced parenthesis';
  return null;
}

interface Repeat { atom: string; end: number; splits: number }

/**
 * The variable repeats (`x{0,200}`, `x*`) that can end right where the pattern
 * has got to, with nothing but optional atoms (`\n?`, `(?:\r?\n)?`, `y{0,3}`)
 * and anchors after them: a repeat of the same atom here splits a span with them.
 * Conservative: a run it cannot follow (a lookaround, the branches of a group
 * but its last) only ends the run, it never refuses.
 */
class AdjacentRepeats {
  private repeats: Repeat[] = [];
  /** Where the run of skippable text reaching back to `repeats` ends. */
  private end = -1;
  private readonly groups: { start: number; before: Repeat[] }[] = [];
  private lastGroup: { start: number; before: Repeat[]; inner: Repeat[] } | null = null;

  /** Text from `start` to `end` matches nothing (an anchor). */
  skip(start: number, end: number): void {
    if (start === this.end) this.end = end;
  }

  /** A group opens at `start`; its first atom starts at `innerStart`. */
  openGroup(start: number, innerStart: number, lookaround: boolean): void {
    const before = start === this.end ? this.repeats : [];
    this.groups.push({ start, before });
    this.repeats = lookaround ? [] : before;
    this.end = lookaround ? -1 : innerStart;
  }

  /** A `|` at `at`: the next branch follows what came before its group (or nothing, at the top). */
  branch(at: number): void {
    const group = this.groups[this.groups.length - 1];
    this.repeats = group ? group.before : [];
    this.end = group ? at + 1 : -1;
  }

  /** The group opened last closes at `at`. */
  closeGroup(at: number, lookaround: boolean): void {
    const group = this.groups.pop();
    const inner = !lookaround && this.end === at ? this.repeats : [];
    this.lastGroup = group ? { start: group.start, before: group.before, inner } : null;
    this.repeats = inner;
    this.end = lookaround ? -1 : at + 1;
  }

  /**
   * A quantified atom from `start` to `end`. Returns why it is refused: straight
   * after a repeat of itself (`x{0,9}x{0,9}`), or after one with only optional
   * atoms between (`x{0,200}\n?x{0,200}`) when a span splits more than MAX_SPLITS ways.
   */
  add(atom: string, start: number, end: number, q: { min: number; max: number }): string | null {
    const group = this.lastGroup;
    let reaching: Repeat[];
    // A quantified group that can match nothing lets what stood before it reach past it.
    if (group && group.start === start) reaching = q.min === 0 ? [...group.before, ...group.inner] : group.inner;
    else reaching = start === this.end ? this.repeats : [];
    this.lastGroup = null;
    // An optional atom (`x?`) twice is at most two ways to split; longer spans multiply.
    const variable = q.min !== q.max && q.max > 1;
    const width = variable ? Math.min(q.max, MAX_REPEAT) - q.min + 1 : 1;
    let splits = width;
    for (const r of variable ? reaching : []) {
      if (r.atom !== atom) continue;
      if (r.end === start) return 'the same atom repeated twice in a row (write one repeat with the sum of the bounds)';
      splits = Math.max(splits, r.splits * width);
    }
    if (splits > MAX_SPLITS && splits > width) return `the same atom repeated with only optional atoms between: a span splits ${splits} ways (make the separator required, or write the cases apart)`;
    const repeats = q.min > 0 ? [] : reaching.slice();
    if (variable) repeats.push({ atom, end, splits });
    this.repeats = repeats;
    this.end = end;
    return null;
  }
}

function isLookaround(source: string, groupStart: number): boolean {
  return /^\(\?(?:=|!|<=|<!)/.test(source.slice(groupStart, groupStart + 4));
}

function isZeroWidthEscape(c: string): boolean { return c === 'b' || c === 'B'; }

function readQuantifier(s: string, i: number): { min: number; max: number; end: number } | null {
  const ch = s[i];
  if (ch === '*') return { min: 0, max: Infinity, end: i + 1 };
  if (ch === '+') return { min: 1, max: Infinity, end: i + 1 };
  if (ch === '?') return { min: 0, max: 1, end: i + 1 };
  if (ch !== '{') return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(i, i + 16));
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
  return { min, max, end: i + m[0].length };
}
