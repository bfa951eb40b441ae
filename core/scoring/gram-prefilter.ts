/**
 * A quick "can any pattern occur here?" test in front of a large automaton:
 * the first `GRAM` bytes of every pattern go into a Bloom filter, and a text
 * is passed on only when one of its `GRAM`-byte windows may be one of them.
 * A pattern that occurs in a text has its first `GRAM` bytes there, so a
 * "no" is exact (no false negatives); a "maybe" runs the automaton, which
 * decides. Per byte: a rolling window and one bit test in a 16 KiB table
 * of the windows' last four bytes (it stays in the first-level cache and
 * turns most windows away), then for the few that pass, up to three bit
 * tests in the Bloom filter proper, where the automaton walks megabytes.
 */

/** Window length; patterns shorter than this turn the prefilter off (every text is passed on). */
export const GRAM = 8;

export interface GramPrefilter {
  /** False only when no pattern can occur in `bytes`. */
  mayMatch(bytes: Uint8Array): boolean;
  /**
   * The same test on a string mapped byte by byte on the way (no buffer):
   * `map[c]` is the byte for ASCII `c`, -1 drops it, -2 (or a character
   * beyond ASCII) gives up and returns null.
   */
  mayMatchMapped(text: string, map: Int16Array): boolean | null;
}

const ALWAYS: GramPrefilter = { mayMatch: () => true, mayMatchMapped: () => true };

/** log2 of the bits of the first-stage table (16 KiB). */
const QUICK_BITS_LOG = 17;
const QUICK_SHIFT = 32 - QUICK_BITS_LOG;
const QUICK_MULTIPLIER = 0x9e3779b1 | 0;

/** The window's hash; `hi` holds bytes [i-7, i-4], `lo` bytes [i-3, i]. */
function mix(hi: number, lo: number): number {
  let h = Math.imul(hi ^ Math.imul(lo, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Builds the prefilter over patterns whose characters are byte values (0-255). */
export function buildGramPrefilter(patterns: readonly string[]): GramPrefilter {
  if (patterns.length === 0) return { mayMatch: () => false, mayMatchMapped: () => false };
  if (patterns.some((p) => p.length < GRAM)) return ALWAYS;
  let bitsLog = 12;
  while (bitsLog < 23 && 1 << bitsLog < patterns.length * 64) bitsLog++;
  const shift = 32 - bitsLog;
  const bits = new Int32Array(1 << (bitsLog - 5));
  const quick = new Int32Array(1 << (QUICK_BITS_LOG - 5));
  // Three probes from one hash: the top bits, and two rotations of it.
  const probes = (h: number): [number, number, number] => [h >>> shift, ((h << 11) | (h >>> 21)) >>> shift, ((h << 22) | (h >>> 10)) >>> shift];
  for (const p of patterns) {
    let hi = 0;
    let lo = 0;
    for (let i = 0; i < GRAM; i++) { hi = (hi << 8) | (lo >>> 24); lo = (lo << 8) | (p.charCodeAt(i) & 0xff); }
    for (const b of probes(mix(hi, lo))) bits[b >>> 5]! |= 1 << (b & 31);
    const q = Math.imul(lo, QUICK_MULTIPLIER) >>> QUICK_SHIFT;
    quick[q >>> 5]! |= 1 << (q & 31);
  }
  // The Bloom filter proper, for a window whose last four bytes passed the first stage.
  const deep = (hi: number, lo: number): boolean => {
    const h = mix(hi, lo);
    let b = h >>> shift;
    if ((bits[b >>> 5]! & (1 << (b & 31))) === 0) return false;
    b = ((h << 11) | (h >>> 21)) >>> shift;
    if ((bits[b >>> 5]! & (1 << (b & 31))) === 0) return false;
    b = ((h << 22) | (h >>> 10)) >>> shift;
    return (bits[b >>> 5]! & (1 << (b & 31))) !== 0;
  };
  return {
    mayMatch(bytes) {
      let hi = 0;
      let lo = 0;
      for (let i = 0; i < bytes.length; i++) {
        hi = (hi << 8) | (lo >>> 24);
        lo = (lo << 8) | bytes[i]!;
        if (i < GRAM - 1) continue;
        const q = Math.imul(lo, QUICK_MULTIPLIER) >>> QUICK_SHIFT;
        if ((quick[q >>> 5]! & (1 << (q & 31))) !== 0 && deep(hi, lo)) return true;
      }
      return false;
    },
    mayMatchMapped(text, map) {
      let hi = 0;
      let lo = 0;
      let n = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const m = c < 128 ? map[c]! : -2;
        if (m === -1) continue;
        if (m < 0) return null;
        hi = (hi << 8) | (lo >>> 24);
        lo = (lo << 8) | m;
        if (++n < GRAM) continue;
        const q = Math.imul(lo, QUICK_MULTIPLIER) >>> QUICK_SHIFT;
        if ((quick[q >>> 5]! & (1 << (q & 31))) !== 0 && deep(hi, lo)) return true;
      }
      return false;
    },
  };
}
