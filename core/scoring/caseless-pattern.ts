/**
 * Case-insensitive rules run on a field's `norm`, which is lower-cased: it
 * holds no upper-case ASCII letter. On such text a pattern written in lower
 * case matches the same with or without the `i` flag, and without it the
 * regex engine compares characters as they are instead of folding both
 * sides at every step (smaller compiled code, fewer checks per character).
 *
 * Which patterns qualify, conservatively: ASCII only, no upper-case letter
 * in the source but the class escapes `\S`, `\W` and `\D` (the same with
 * or without `i` outside unicode mode, in a class or not; `\B` is left out:
 * in a class it is the letter B), and no escape that names a character by
 * number or refers back to a group (`\x41`, `\u0041`, `\101`, `\1`,
 * `\k<n>`, `\cj`): such an escape may stand for an upper-case letter, and a
 * back-reference under `i` compares folded characters. Outside unicode mode
 * a text character beyond ASCII never matches an ASCII one with or without
 * `i`, and a class range spanning letters (`[!-~]`) differs only on
 * upper-case letters, which the text lacks.
 */

const BACKSLASH = 0x5c;
/** Escapes that name a character or a group: what they match may change with `i`. */
const NUMBERED = /[0-9xuck]/;
/** Upper-case class escapes, the same with or without `i` (no unicode flag). */
const CASELESS_CLASSES = /[SWD]/;

/** True when `source` matches the same on text without upper-case ASCII letters with or without the `i` flag (see above). */
export function foldsNothingOnLowerCase(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c >= 0x80 || (c >= 0x41 && c <= 0x5a)) return false;
    if (c !== BACKSLASH) continue;
    const next = source[++i];
    if (next === undefined || NUMBERED.test(next)) return false;
    if (next.charCodeAt(0) >= 0x80 || (next >= 'A' && next <= 'Z' && !CASELESS_CLASSES.test(next))) return false;
  }
  return true;
}
