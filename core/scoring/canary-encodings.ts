/**
 * The forms a canary value can take on its way out, each folded
 * (canary-fold.ts) for the automaton: the value as-is, in lower and in upper
 * case, and for each of those three its hex and its base64 at the three byte
 * alignments it can have inside a larger encoded message. Folding covers the
 * rest: percent-encoding (partial, repeated), \xHH escapes, case, base64url,
 * line breaks and DNS labels.
 */
import { foldForCanary } from './canary-fold.ts';

const HEX = '0123456789abcdef';

function utf8(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4]! + HEX[b & 15]!;
  return s;
}

function base64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * The base64 text of `bytes` that is stable whatever precedes it: encoding
 * `pad` leading bytes shifts the alignment, and the characters touched by the
 * padding or by the unknown bytes after the value are dropped.
 */
function alignedBase64(bytes: Uint8Array, pad: number): string {
  const padded = new Uint8Array(pad + bytes.length);
  padded.set(bytes, pad);
  const enc = base64(padded).replace(/=+$/, '');
  const start = Math.ceil((pad * 8) / 6);
  const end = Math.floor(((pad + bytes.length) * 8) / 6);
  return enc.slice(start, end);
}

/**
 * Shortest encoded form worth searching for (shorter ones would match by
 * chance). The value itself is always searched, whatever its length: the
 * API accepts any non-empty value, and a short one matches text containing it.
 */
const MIN_FORM = 8;

/** Every folded form of `value` worth searching for (deduplicated). */
export function canaryForms(value: string): string[] {
  const cases = new Set([value, value.toLowerCase(), value.toUpperCase()]);
  const encoded: string[] = [];
  for (const v of cases) {
    const bytes = utf8(v);
    encoded.push(hex(bytes));
    for (const pad of [0, 1, 2]) encoded.push(alignedBase64(bytes, pad));
  }
  const plain = [...cases].map(foldForCanary).filter((f) => f.length > 0);
  return [...new Set([...plain, ...encoded.map(foldForCanary).filter((f) => f.length >= MIN_FORM)])];
}
