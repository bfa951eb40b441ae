/**
 * The forms a canary value can take on its way out, each a plain string the
 * automaton searches for: as-is (original, lower and upper case), URL-encoded
 * (minimal and every byte), hex (lower, upper), and base64 / base64url at the
 * three byte alignments it can have inside a larger encoded message. A value
 * split into DNS labels is found by the scanner's dot-skipping cursor.
 */

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

/** Every encoded form of `value` worth searching for (deduplicated, at least 6 characters). */
export function canaryForms(value: string): string[] {
  const bytes = utf8(value);
  const h = hex(bytes);
  const pct = h.replace(/(..)/g, '%$1');
  const forms = [
    value, value.toLowerCase(), value.toUpperCase(),
    encodeURIComponent(value), h, h.toUpperCase(), pct, pct.toUpperCase(),
  ];
  for (const pad of [0, 1, 2]) {
    const b64 = alignedBase64(bytes, pad);
    forms.push(b64, b64.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...new Set(forms)].filter((f) => f.length >= 6);
}
