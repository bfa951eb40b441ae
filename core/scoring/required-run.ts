/**
 * A necessary condition read off a rule pattern at load time: when the
 * pattern is one sequence (no `|` outside groups) holding a character class
 * repeated at least `MIN_RUN` times (`[A-Za-z0-9+/]{64,256}`), every match
 * contains that many class characters in a row. A linear look for such a run
 * (a table lookup per character) then rules the pattern out on most text
 * before the regex engine tries it at every offset. Exact: characters the
 * table cannot decide (beyond ASCII) count as class members, so a run is
 * never missed.
 */

/** Shortest repeat worth a precheck (short ones match by chance anyway). */
export const MIN_RUN = 16;

export interface RequiredRun {
  /** 1 where the ASCII character is in the class (one shared table per distinct class). */
  member: Uint8Array;
  min: number;
}

/**
 * What is known of each class's longest run in one text, by class table: a
 * number n >= 0 says it is at least n characters long, -n that it is shorter
 * than n (the answer to the last question asked of that class).
 */
export type RunLengths = Map<Uint8Array, number>;

/** Class tables by content, so rules with the same class share one (and one measurement per text). */
const TABLES = new Map<string, Uint8Array>();
const MAX_TABLES = 4096;

function interned(member: Uint8Array): Uint8Array {
  const key = member.join('');
  const known = TABLES.get(key);
  if (known) return known;
  if (TABLES.size < MAX_TABLES) TABLES.set(key, member);
  return member;
}

/** The longest class repeat every match must contain, or null. */
export function requiredRun(source: string, flags: string): RequiredRun | null {
  let depth = 0;
  let best: { cls: string; min: number } | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') { i++; continue; }
    if (ch === '(') { depth++; continue; }
    if (ch === ')') { depth--; continue; }
    if (ch === '|' && depth === 0) return null;
    if (ch !== '[') continue;
    let end = i + 1;
    while (end < source.length && source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
    if (end >= source.length) return null;
    const cls = source.slice(i, end + 1);
    i = end;
    if (depth !== 0) continue;
    const q = /^\{(\d+)(?:,\d*)?\}/.exec(source.slice(end + 1, end + 16));
    const min = q ? Number(q[1]) : 0;
    if (min >= MIN_RUN && (!best || min > best.min)) best = { cls, min };
  }
  if (!best) return null;
  let test: RegExp;
  try { test = new RegExp(`^${best.cls}$`, flags.replace(/g/g, '')); } catch { return null; }
  const member = new Uint8Array(128);
  for (let c = 0; c < 128; c++) member[c] = test.test(String.fromCharCode(c)) ? 1 : 0;
  return { member: interned(member), min: best.min };
}

/**
 * False only when `text` has no run of `run.min` class characters (so the
 * pattern cannot match). Every run that long holds one of the characters at
 * `min - 1`, `2 min - 1`, ...: those are probed, and only a class character
 * there is measured both ways, so a text with few long runs is mostly
 * skipped over (each character is read at most twice).
 */
export function hasRun(text: string, run: RequiredRun): boolean {
  const { member, min } = run;
  const n = text.length;
  if (min <= 0) return true;
  // Where a run can start at the earliest: 0, or just after a character outside the class.
  let floor = 0;
  for (let i = min - 1; i < n;) {
    const c = text.charCodeAt(i);
    if (c < 128 && member[c] === 0) { floor = i + 1; i += min; continue; }
    let start = i;
    while (start > floor) {
      const d = text.charCodeAt(start - 1);
      if (d < 128 && member[d] === 0) break;
      start--;
    }
    let end = i + 1;
    while (end < n) {
      const d = text.charCodeAt(end);
      if (d < 128 && member[d] === 0) break;
      if (++end - start >= min) return true;
    }
    if (end - start >= min) return true;
    floor = end + 1;
    i = end + min;
  }
  return false;
}

/** The longest run of class characters in `text` (characters beyond ASCII count as members, as in `hasRun`). */
export function longestRun(text: string, member: Uint8Array): number {
  let n = 0;
  let longest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || member[c] === 1) { if (++n > longest) longest = n; } else n = 0;
  }
  return longest;
}

/** `hasRun`, with what each class's answer says about its longest run in `text` kept in `lengths` (one map per text). */
export function hasRunIn(text: string, run: RequiredRun, lengths: RunLengths): boolean {
  if (text.length < run.min) return false;
  const known = lengths.get(run.member);
  if (known !== undefined) {
    if (known >= 0 && run.min <= known) return true;
    if (known < 0 && run.min >= -known) return false;
  }
  const has = hasRun(text, run);
  lengths.set(run.member, has ? run.min : -run.min);
  return has;
}
