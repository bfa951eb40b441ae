/**
 * The one form canary matching compares: a text is folded the way a recipient
 * could undo what was done to it, and the canary automaton searches folded
 * texts for folded patterns (canary-encodings.ts), so every encoding below is
 * found, alone or combined:
 *
 * 1. UTF-8 bytes (so a percent-encoded multi-byte character meets the raw one);
 * 2. escapes decoded, layer after layer, at most `DECODE_LAYERS` times:
 *    `%HH` (partial, repeated, any hex case), `\xHH`, JSON's `\u00HH` and
 *    `\\` (so `\x` escapes quoted in a JSON text are undone too);
 * 3. ASCII case dropped; base64url's `-` and `_` read as base64's `+` and `/`;
 * 4. what splits a value without changing it dropped: whitespace (line breaks
 *    of wrapped base64 or hex, also as the escapes `\n`, `\r`, `\t` of a JSON
 *    text) and dots (a value cut into DNS labels).
 *
 * Bounded work: one native UTF-8 encoding, then at most `DECODE_LAYERS`
 * linear passes in place (each decodes one layer and folds), whatever the
 * text holds.
 */

export const DECODE_LAYERS = 4;

const encoder = new TextEncoder();
const BACKSLASH = 0x5c;
const PERCENT = 0x25;

/** Each byte's folded value; -1 drops it. */
const FOLD = new Int16Array(256).map((_, c) => {
  if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2e) return -1;
  if (c >= 0x41 && c <= 0x5a) return c | 0x20;
  if (c === 0x2d) return 0x2b;
  if (c === 0x5f) return 0x2f;
  return c;
});

/**
 * FOLD for ASCII text that needs no decoding: -2 where a character starts an
 * escape (`%`, `\\`). Text made only of characters with a value >= -1 here
 * folds byte by byte through this table (one pass, nothing decoded).
 */
export const ASCII_FOLD = new Int16Array(128).map((_, c) => (c === PERCENT || c === BACKSLASH ? -2 : FOLD[c]!));

/** Each byte's value as a hex digit, or -1. */
const HEX_DIGIT = new Int8Array(256).map((_, c) => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
});

/** The byte `HH` at `i` (two hex digits before `end`), or -1. */
function hexByte(b: Uint8Array, i: number, end: number): number {
  if (i + 1 >= end) return -1;
  const hi = HEX_DIGIT[b[i]!]!;
  const lo = HEX_DIGIT[b[i + 1]!]!;
  return hi < 0 || lo < 0 ? -1 : (hi << 4) | lo;
}

/** Set by `foldPass`: it decoded an escape. */
let decodedAny = false;

/**
 * One pass over `b[0, n)` in place (the output never outgrows what was read):
 * one layer of escapes decoded when `decode`, splitters dropped, bytes folded.
 * Returns the new length.
 */
function foldPass(b: Uint8Array, n: number, decode: boolean): number {
  let w = 0;
  decodedAny = false;
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (decode && (c === PERCENT || c === BACKSLASH)) {
      let d = -1;
      let width = 0;
      const e = b[i + 1];
      if (c === PERCENT) { d = hexByte(b, i + 1, n); width = 3; }
      else if (e === BACKSLASH) { d = BACKSLASH; width = 2; }
      else if (e === 0x78 || e === 0x58) { d = hexByte(b, i + 2, n); width = 4; }
      else if (e === 0x75 && b[i + 2] === 0x30 && b[i + 3] === 0x30 && i + 5 < n) { d = hexByte(b, i + 4, n); if (d >= 0x80) d = -1; width = 6; }
      if (d >= 0) {
        decodedAny = true;
        const f = FOLD[d]!;
        if (f >= 0) b[w++] = f;
        i += width - 1;
        continue;
      }
    }
    if (c === BACKSLASH && i + 1 < n) {
      const e = b[i + 1];
      if (e === 0x6e || e === 0x72 || e === 0x74) { i++; continue; }
    }
    const f = FOLD[c]!;
    if (f >= 0) b[w++] = f;
  }
  return w;
}

function hasEscape(b: Uint8Array, n: number): boolean {
  const view = b.subarray(0, n);
  return view.includes(PERCENT) || view.includes(BACKSLASH);
}

/** A reusable buffer for texts up to 64 KiB of UTF-8 (larger ones get their own). */
const SCRATCH_MAX = 64 * 1024;
let scratch = new Uint8Array(4096);

/**
 * The folded bytes of `text`. The view may share a scratch buffer that the
 * next call overwrites: read it before folding again.
 */
export function foldBytes(text: string): Uint8Array {
  const need = text.length * 3;
  if (need > scratch.length && need <= SCRATCH_MAX) scratch = new Uint8Array(SCRATCH_MAX);
  const b = need <= scratch.length ? scratch : new Uint8Array(need);
  let n = encoder.encodeInto(text, b).written;
  for (let layer = 1; ; layer++) {
    n = foldPass(b, n, true);
    if (layer >= DECODE_LAYERS || !decodedAny || !hasEscape(b, n)) break;
  }
  return b.subarray(0, n);
}

/** The folded form of `text` as a string of byte values 0-255 (for building patterns). */
export function foldForCanary(text: string): string {
  const bytes = foldBytes(text);
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}
