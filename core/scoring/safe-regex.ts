/**
 * Load-time vetting of rule patterns, so no rule can stall the scorer with
 * catastrophic backtracking. A pattern is refused when it has:
 * - a quantified group that itself contains a quantifier (`(a+)+`, `(\w*x)*`);
 * - alternation inside a quantified group (`(a|ab)*`, overlap is undecidable cheaply);
 * - a backreference (`\1`, `\k<name>`);
 * - a bounded repeat above 2048 (`{0,5000}`);
 * - the same atom repeated twice in a row, both times a variable number (above one) of
 *   times (`[\s\S]{0,512}[\s\S]{0,512}`): every split of a span between them is
 *   tried, so a chain of k of them costs the k-th power of the bound (write
 *   one repeat with the sum of the bounds instead);
 * - more than 3 unbounded quantifiers (`*`, `+`, `{n,}`), or two of them in a row
 *   with nothing fixed between (`\s*\s*`, `.*.*`), the polynomial cases;
 * - a leading unbounded quantifier (`\S+@...`), which retries from every offset.
 * Together with the bounded scan windows (see bounded-text.ts) this keeps every
 * pattern's work linear in a small constant times the window size.
 */

export type RegexCheck = { ok: true; regex: RegExp } | { ok: false; reason: string };

const MAX_REPEAT = 2048;
const MAX_UNBOUNDED = 3;

interface Frame { hasQuantifier: boolean; hasAlternation: boolean; start: number }

/** Returns the reason a pattern is unsafe, or null when it passes. */
export function unsafeReason(source: string): string | null {
  const stack: Frame[] = [{ hasQuantifier: false, hasAlternation: false, start: 0 }];
  // Where the atom a quantifier would apply to starts, and the last variable repeat (its atom's text and where it ends).
  let atomStart = 0;
  let lastRepeat: { atom: string; end: number } | null = null;
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
        if (!isZeroWidthEscape(next)) { afterUnbounded = lastWasUnbounded; lastWasUnbounded = false; }
      }
      continue;
    }
    if (inClass) { if (ch === ']') inClass = false; continue; }
    if (ch === '[') { atomStart = i; inClass = true; atomCount++; prevAtomWasGroup = null; afterUnbounded = lastWasUnbounded; lastWasUnbounded = false; continue; }
    if (ch === '(') {
      stack.push({ hasQuantifier: false, hasAlternation: false, start: i });
      prevAtomWasGroup = null;
      const prefix = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(source.slice(i, i + 40));
      if (prefix) i += prefix[0].length - 1;
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
      continue;
    }
    if (ch === '|') { stack[stack.length - 1]!.hasAlternation = true; lastWasUnbounded = false; prevAtomWasGroup = null; continue; }
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
      // An optional atom (`x?`) twice is at most two ways to split; longer spans multiply.
      if (q.min !== q.max && q.max > 1) {
        if (lastRepeat && lastRepeat.end === atomStart && lastRepeat.atom === atom) return 'the same atom repeated twice in a row (write one repeat with the sum of the bounds)';
        lastRepeat = { atom, end };
      }
      stack[stack.length - 1]!.hasQuantifier = true;
      i = end - 1;
      prevAtomWasGroup = null;
      continue;
    }
    if (ch === '^' || ch === '$') { prevAtomWasGroup = null; continue; }
    atomStart = i;
    atomCount++;
    prevAtomWasGroup = null;
    afterUnbounded = lastWasUnbounded;
    lastWasUnbounded = false;
  }
  if (stack.length !== 1) return 'unbalanced parenthesis';
  return null;
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

/** Vets and compiles a rule pattern. Flags are limited to `i`, `m`, `s`, `g`, `u`. */
export function compileSafeRegex(source: string, flags = ''): RegexCheck {
  if (!/^[gimsu]*$/.test(flags)) return { ok: false, reason: `unsupported regex flags '${flags}'` };
  if (source.length > 2000) return { ok: false, reason: 'pattern longer than 2000 characters' };
  const reason = unsafeReason(source);
  if (reason) return { ok: false, reason };
  try {
    return { ok: true, regex: new RegExp(source, flags) };
  } catch (error) {
    return { ok: false, reason: `invalid pattern: ${(error as Error).message}` };
  }
}
