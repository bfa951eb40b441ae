/**
 * A compact Aho-Corasick automaton: finds every occurrence of many patterns in
 * one linear pass over the text, whatever the number of patterns.
 *
 * The trie is stored in typed arrays (first-child / next-sibling lists) so
 * that tens of thousands of patterns (a thousand canaries and their encoded
 * forms) cost a few megabytes; nodes with many children also get a dense
 * 256-slot row so that the hot states near the root take one lookup.
 */

/** Called on each match with the pattern's index and the text offset after it; return true to stop. */
export type OnMatch = (patternIndex: number, end: number) => boolean | void;

export interface MultiMatcher {
  readonly patternCount: number;
  /**
   * Scans `text` once. When `skipChar` is given a second cursor runs in the
   * same pass and ignores that character, so a pattern split by it (a value
   * cut into DNS labels by '.') is still found.
   */
  scan(text: string, onMatch: OnMatch, skipChar?: string): void;
  /** Scans bytes (each matched as the character of that code, 0-255) once. */
  scanBytes(bytes: Uint8Array, onMatch: OnMatch): void;
  /**
   * Which patterns occur in `text`, not where: each one that occurs is
   * reported at least once, and a state whose patterns were all reported
   * already in this scan is not reported again (a keyword that recurs costs
   * a lookup, not a call per occurrence). Reentrant calls are not supported.
   */
  scanDistinct(text: string, onMatch: (patternIndex: number) => void): void;
}

const DENSE_MIN_CHILDREN = 5;
/**
 * Automata up to this many nodes get an ASCII transition table (2 bytes x the
 * distinct ASCII characters of the patterns, for the root and each state with
 * several children), as long as it stays within DFA_MAX_ENTRIES (4 MiB). States
 * are 16-bit, hence the node limit.
 */
const DFA_MAX_NODES = 65535;
const DFA_MAX_ENTRIES = 2 * 1024 * 1024;
/** A row-less state without an ASCII child. */
const NO_COLUMN = 0xff;

/** Builds a matcher over `patterns` (empty patterns are ignored). */
export function buildMatcher(patterns: readonly string[]): MultiMatcher {
  const chars: number[] = [0];
  const first: number[] = [-1];
  const sibling: number[] = [-1];
  const out: number[] = [-1];
  const childCount: number[] = [0];
  // Patterns sharing one string chain through samePattern.
  const samePattern = new Int32Array(patterns.length).fill(-1);

  const childOf = (node: number, c: number): number => {
    for (let k = first[node]!; k !== -1; k = sibling[k]!) if (chars[k] === c) return k;
    return -1;
  };

  patterns.forEach((pattern, index) => {
    if (pattern.length === 0) return;
    let node = 0;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern.charCodeAt(i);
      let next = childOf(node, c);
      if (next === -1) {
        next = chars.length;
        chars.push(c); first.push(-1); sibling.push(first[node]!); out.push(-1); childCount.push(0);
        first[node] = next;
        childCount[node]!++;
      }
      node = next;
    }
    if (out[node] === -1) out[node] = index;
    else { samePattern[index] = samePattern[out[node]!]!; samePattern[out[node]!] = index; }
  });

  const size = chars.length;
  const charArr = Uint16Array.from(chars);
  const firstArr = Int32Array.from(first);
  const siblingArr = Int32Array.from(sibling);
  const outArr = Int32Array.from(out);
  const denseIndex = new Int32Array(size).fill(-1);
  let denseCount = 0;
  for (let n = 0; n < size; n++) if (n === 0 || childCount[n]! >= DENSE_MIN_CHILDREN) denseIndex[n] = denseCount++;
  const dense = new Int32Array(denseCount * 256).fill(-1);
  for (let n = 0; n < size; n++) {
    const d = denseIndex[n]!;
    if (d < 0) continue;
    for (let k = firstArr[n]!; k !== -1; k = siblingArr[k]!) if (charArr[k]! < 256) dense[d * 256 + charArr[k]!] = k;
  }

  const child = (node: number, c: number): number => {
    const d = denseIndex[node]!;
    if (d >= 0 && c < 256) return dense[d * 256 + c]!;
    for (let k = firstArr[node]!; k !== -1; k = siblingArr[k]!) if (charArr[k] === c) return k;
    return -1;
  };

  const fail = new Int32Array(size);
  const dictLink = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  for (let k = firstArr[0]!; k !== -1; k = siblingArr[k]!) queue[tail++] = k;
  while (head < tail) {
    const u = queue[head++]!;
    for (let v = firstArr[u]!; v !== -1; v = siblingArr[v]!) {
      const c = charArr[v]!;
      let f = fail[u]!;
      let target = child(f, c);
      while (target === -1 && f !== 0) { f = fail[f]!; target = child(f, c); }
      const fv = target === -1 || target === v ? 0 : target;
      fail[v] = fv;
      dictLink[v] = outArr[fv]! >= 0 ? fv : dictLink[fv]!;
      queue[tail++] = v;
    }
  }

  const walk = (state: number, c: number): number => {
    for (;;) {
      const next = child(state, c);
      if (next !== -1) return next;
      if (state === 0) return 0;
      state = fail[state]!;
    }
  };

  // A small automaton (the rules' keywords) also gets its ASCII transitions
  // precomputed, failure links included. Columns are character classes, not
  // characters: every ASCII character no pattern holds leads back to the
  // root from any state, so all of them share column 0, and each character
  // some pattern holds has a column of its own. Only the root and the states
  // with several children get a row (tens of entries); a state with one
  // child or none (most of them: the tails of long keywords) keeps that
  // child's column and, on any other character, moves as its failure state
  // does. The rows stay small enough for the caches (a row for every state
  // of the rules' keywords took 3.8 MB).
  let step = walk;
  let table: Uint16Array | null = null;
  const column = new Uint8Array(128);
  let width = 1;
  for (let n = 1; n < size; n++) { const c = charArr[n]!; if (c < 128 && column[c] === 0) column[c] = width++; }
  /** A state's row in `table`, or -1. */
  const rowOf = new Int32Array(size).fill(-1);
  /** A row-less state's only child's column (NO_COLUMN when it has none or it is beyond ASCII), and that child. */
  const onlyColumn = new Uint8Array(size).fill(NO_COLUMN);
  const onlyNext = new Uint16Array(size);
  let rows = 0;
  for (let n = 0; n < size; n++) {
    if (n === 0 || childCount[n]! >= 2) { rowOf[n] = rows++; continue; }
    const k = firstArr[n]!;
    if (k !== -1 && charArr[k]! < 128) { onlyColumn[n] = column[charArr[k]!]!; onlyNext[n] = k; }
    // A row-less state's only child beyond ASCII is reached by `walk`: ASCII characters never lead there.
  }
  /** The transition from `state` on column `col` (not 0) once the rows of its failure chain are filled. */
  const delta = (t: Uint16Array, state: number, col: number): number => {
    for (let s = state; ; s = fail[s]!) {
      const r = rowOf[s]!;
      if (r >= 0) return t[r * width + col]!;
      if (onlyColumn[s] === col) return onlyNext[s]!;
    }
  };
  if (size <= DFA_MAX_NODES && rows * width <= DFA_MAX_ENTRIES) {
    const t = new Uint16Array(rows * width);
    const members = [...column.keys()].filter((c) => column[c] !== 0);
    for (const c of members) { const k = child(0, c); t[column[c]!] = k === -1 ? 0 : k; }
    // Breadth-first: a state's failure state (shallower) has its row, or its only child, before it.
    for (let q = 0; q < tail; q++) {
      const v = queue[q]!;
      const r = rowOf[v]!;
      if (r < 0) continue;
      for (const c of members) { const k = child(v, c); t[r * width + column[c]!] = k === -1 ? delta(t, fail[v]!, column[c]!) : k; }
    }
    table = t;
    step = (state: number, c: number): number => {
      if (c >= 128) return walk(state, c);
      const col = column[c]!;
      return col === 0 ? 0 : delta(t, state, col);
    };
  }
  // States where some pattern ends (itself or through its dictionary links): only those report.
  const ends = new Uint8Array(size);
  for (let n = 1; n < size; n++) ends[n] = outArr[n]! >= 0 || dictLink[n]! > 0 ? 1 : 0;

  const report = (state: number, end: number, onMatch: OnMatch): boolean => {
    for (let s = outArr[state]! >= 0 ? state : dictLink[state]!; s > 0; s = dictLink[s]!) {
      for (let p = outArr[s]!; p !== -1; p = samePattern[p]!) if (onMatch(p, end) === true) return true;
    }
    return false;
  };

  /** The common case of `scan` with a table: one lookup per ASCII character, a call only where a pattern ends. */
  const scanTable = (t: Uint16Array, text: string, onMatch: OnMatch): void => {
    let a = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) a = walk(a, c);
      else {
        const col = column[c]!;
        a = col === 0 ? 0 : delta(t, a, col);
      }
      if (ends[a] === 1 && report(a, i + 1, onMatch)) return;
    }
  };

  // States reported in the current scanDistinct (stamped), and its stamp.
  let reported: Uint32Array | null = null;
  let reportStamp = 0;
  const reportOnce = (state: number, onMatch: (patternIndex: number) => void, r: Uint32Array): void => {
    for (let s = outArr[state]! >= 0 ? state : dictLink[state]!; s > 0; s = dictLink[s]!) {
      if (s !== state && r[s] === reportStamp) return;
      r[s] = reportStamp;
      for (let p = outArr[s]!; p !== -1; p = samePattern[p]!) onMatch(p);
    }
  };

  return {
    patternCount: patterns.length,
    scanDistinct(text, onMatch) {
      if (size === 1) return;
      if (reported === null) reported = new Uint32Array(size);
      if (++reportStamp === 0xffffffff) { reported.fill(0); reportStamp = 1; }
      const r = reported;
      let a = 0;
      if (table !== null) {
        // Locals, not closure variables: the loop's loads stay in registers across the calls.
        const t = table;
        const w = width;
        const columns = column;
        const rowsOf = rowOf;
        const only = onlyColumn;
        const next = onlyNext;
        const failOf = fail;
        const end = ends;
        const n = text.length;
        const stamp = reportStamp;
        for (let i = 0; i < n; i++) {
          const c = text.charCodeAt(i);
          if (c >= 128) a = walk(a, c);
          else {
            const col = columns[c]!;
            if (col === 0) a = 0;
            else {
              // As delta(), inline: the row of the state or of its nearest failure state with one, unless an only child comes first.
              let s = a;
              for (;;) {
                const row = rowsOf[s]!;
                if (row >= 0) { a = t[row * w + col]!; break; }
                if (only[s] === col) { a = next[s]!; break; }
                s = failOf[s]!;
              }
            }
          }
          if (end[a] === 1 && r[a] !== stamp) { r[a] = stamp; reportOnce(a, onMatch, r); }
        }
        return;
      }
      for (let i = 0; i < text.length; i++) {
        a = walk(a, text.charCodeAt(i));
        if (ends[a] === 1 && r[a] !== reportStamp) { r[a] = reportStamp; reportOnce(a, onMatch, r); }
      }
    },
    scan(text, onMatch, skipChar) {
      if (size === 1) return;
      if (table !== null && skipChar === undefined) { scanTable(table, text, onMatch); return; }
      const skip = skipChar === undefined ? -1 : skipChar.charCodeAt(0);
      let a = 0;
      let b = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        a = step(a, c);
        if (ends[a] === 1 && report(a, i + 1, onMatch)) return;
        if (skip >= 0 && c !== skip) {
          b = step(b, c);
          if (b !== a && ends[b] === 1 && report(b, i + 1, onMatch)) return;
        }
      }
    },
    scanBytes(bytes, onMatch) {
      if (size === 1) return;
      let a = 0;
      for (let i = 0; i < bytes.length; i++) {
        a = step(a, bytes[i]!);
        if (ends[a] === 1 && report(a, i + 1, onMatch)) return;
      }
    },
  };
}
