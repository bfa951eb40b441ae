/**
 * Shapes of a single shell word the normaliser asks about for every word or
 * argument (a glob character, a flag cluster ending in `o`, a URL scheme),
 * answered by reading its characters instead of running a regex: these run
 * several times per command, and a small regex costs more to enter than the
 * word takes to read. Each names the regex it equals; word-shapes.test.ts
 * checks them against it on random words.
 */

const STAR = 0x2a;
const QUESTION = 0x3f;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const DASH = 0x2d;

/** `/[*?[]/.exec(s)?.index ?? -1`: where the first glob character is (a lone `[` counts), or -1. */
export function firstGlobChar(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === STAR || c === QUESTION || c === OPEN) return i;
  }
  return -1;
}

/** `/[*?[]/.test(s)`: an unquoted glob character (a lone `[` counts). */
export function hasGlobChar(s: string): boolean {
  return firstGlobChar(s) >= 0;
}

/** `/[*?]|\[[^\]]+\]/.test(s)`: a glob, `*`, `?` or a closed `[…]` class (a lone `[` is the test command). */
export function hasGlob(s: string): boolean {
  let open = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === STAR || c === QUESTION) return true;
    if (c === OPEN) { if (open < 0) open = i; }
    else if (c === CLOSE && open >= 0) {
      // A class needs one character before its ']'; `[]` closes nothing, and a '[' after it may still open one.
      if (i > open + 1) return true;
      open = -1;
    }
  }
  return false;
}

const isLetter = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

/** `^-[a-zA-Z]*X$` for the letter `last`: a short-flag cluster ending in that letter (`-o`, `-sSLo`). */
export function flagClusterEndsWith(a: string, last: string): boolean {
  const n = a.length;
  if (n < 2 || a.charCodeAt(0) !== DASH || a.charCodeAt(n - 1) !== last.charCodeAt(0)) return false;
  for (let i = 1; i < n - 1; i++) if (!isLetter(a.charCodeAt(i))) return false;
  return true;
}

/** `^-[a-zA-Z]*X[a-zA-Z]*$` for the letter `letter`: a short-flag cluster holding that letter (`-c`, `-lc`, `-xce`). */
export function flagClusterHas(a: string, letter: string): boolean {
  const n = a.length;
  if (n < 2 || a.charCodeAt(0) !== DASH) return false;
  const want = letter.charCodeAt(0);
  let found = false;
  for (let i = 1; i < n; i++) {
    const c = a.charCodeAt(i);
    if (!isLetter(c)) return false;
    if (c === want) found = true;
  }
  return found;
}

/** `/^(?:https?|ftp):\/\//i.test(a)`: a word that starts with a web or FTP URL's scheme. */
export function startsWithUrlScheme(a: string): boolean {
  const c = a.charCodeAt(0) | 0x20;
  if (c === 0x68) {
    // http:// or https://
    if (a.length < 7 || (a.charCodeAt(1) | 0x20) !== 0x74 || (a.charCodeAt(2) | 0x20) !== 0x74 || (a.charCodeAt(3) | 0x20) !== 0x70) return false;
    const at = (a.charCodeAt(4) | 0x20) === 0x73 ? 5 : 4;
    return a.startsWith('://', at);
  }
  if (c === 0x66) return a.length >= 6 && (a.charCodeAt(1) | 0x20) === 0x74 && (a.charCodeAt(2) | 0x20) === 0x70 && a.startsWith('://', 3);
  return false;
}
