/**
 * UTF-8 text of decoded bytes without a thrown exception on the common
 * failure: decoders in front of a shell (`base64 -d | gunzip | sh`) often
 * produce binary, and a fatal TextDecoder's throw costs ~10 µs per payload.
 * The check follows the WHATWG UTF-8 decoder's byte ranges exactly (no
 * overlongs, surrogates or code points past U+10FFFF), so a text it accepts
 * decodes without error and one it rejects would have thrown.
 */

const FATAL = new TextDecoder('utf-8', { fatal: true });

/** True when `bytes` is well-formed UTF-8 (what a fatal TextDecoder accepts). */
export function isUtf8(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) { i++; continue; }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) { need = 2; if (b === 0xe0) lo = 0xa0; else if (b === 0xed) hi = 0x9f; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; if (b === 0xf0) lo = 0x90; else if (b === 0xf4) hi = 0x8f; }
    else return false;
    if (i + need >= n) return false;
    const second = bytes[i + 1]!;
    if (second < lo || second > hi) return false;
    for (let k = 2; k <= need; k++) { const c = bytes[i + k]!; if (c < 0x80 || c > 0xbf) return false; }
    i += need + 1;
  }
  return true;
}

/** The UTF-8 text of `bytes`, or null when they are not well-formed UTF-8. */
export function utf8OrNull(bytes: Uint8Array): string | null {
  if (!isUtf8(bytes)) return null;
  try { return FATAL.decode(bytes); } catch { return null; }
}
