import { describe, expect, it } from 'vitest';
import { isUtf8, utf8OrNull } from '../../../core/scoring/shell/utf8.ts';

const fatal = new TextDecoder('utf-8', { fatal: true });
const decodes = (bytes: Uint8Array) => { try { fatal.decode(bytes); return true; } catch { return false; } };
// Every boundary of the UTF-8 byte ranges (leads, continuation limits, overlongs, surrogates, past U+10FFFF).
const EDGES = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff];

describe('decoded bytes read as UTF-8 text', () => {
  it('accepts exactly the byte sequences a fatal TextDecoder accepts', () => {
    const wrong: string[] = [];
    const check = (bytes: Uint8Array) => { if (isUtf8(bytes) !== decodes(bytes)) wrong.push([...bytes].map((x) => x.toString(16)).join(' ')); };
    for (const a of EDGES) for (const b of EDGES) for (const c of EDGES) {
      const u = Uint8Array.from([0x41, a, b, c, 0x41]);
      for (const bytes of [u.subarray(1, 2), u.subarray(1, 3), u.subarray(1, 4), u]) check(bytes);
      // Four-byte sequences: only the leads that start one (and one past them) need a fourth byte.
      if (a >= 0xf0 && a <= 0xf5) for (const d of EDGES) check(Uint8Array.from([a, b, c, d]));
    }
    expect(wrong).toEqual([]);
  });

  it('gives the decoder\'s text for UTF-8 (a leading BOM dropped) and null for binary', () => {
    expect(utf8OrNull(new TextEncoder().encode('rm -rf ~/ é 😀'))).toBe('rm -rf ~/ é 😀');
    expect(utf8OrNull(Uint8Array.from([0xef, 0xbb, 0xbf, 0x69, 0x64]))).toBe('id');
    expect(utf8OrNull(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00]))).toBeNull();
    expect(utf8OrNull(Uint8Array.from([0xed, 0xa0, 0x80]))).toBeNull();
  });
});
