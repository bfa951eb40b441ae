/** RFC 4648 base32 (and base32hex) decoding for the decoders chained in front of a shell. */
import { MAX_WORD } from './limits.ts';
import { utf8OrNull } from './utf8.ts';

const ALPHABETS = { std: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', hex: '0123456789ABCDEFGHIJKLMNOPQRSTUV' } as const;

/** Decoded text, or null when `text` is not base32 of that alphabet (or decodes to non-text). */
export function decodeBase32(text: string, alphabet: keyof typeof ALPHABETS = 'std'): string | null {
  const s = text.replace(/\s+/g, '').replace(/=+$/, '').toUpperCase();
  const chars = ALPHABETS[alphabet];
  if (s.length === 0 || s.length > MAX_WORD * 2) return null;
  const bytes = new Uint8Array(Math.floor((s.length * 5) / 8));
  let buf = 0; let bits = 0; let n = 0;
  for (const ch of s) {
    const v = chars.indexOf(ch);
    if (v < 0) return null;
    buf = ((buf << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) { bits -= 8; bytes[n++] = (buf >> bits) & 0xff; }
  }
  return utf8OrNull(bytes.subarray(0, n));
}
