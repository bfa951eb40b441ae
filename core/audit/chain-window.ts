/**
 * One window of the body log checked on its own, so that windows can be
 * checked on several threads at once and their results joined in order
 * (stream-verify.ts): each line (one record's body, as hashed) is hashed,
 * and every line after the first must carry the next `sequence` and name the
 * line before it as its `prev_hash`. The first line's own link is returned
 * for the caller to check against whatever precedes the window.
 *
 * `verifyWindow` is self-contained on purpose (no imports, no reference to
 * anything outside its body): the Node host runs its source text in a worker
 * thread (adapters/node/chain-worker.ts).
 */

export interface WindowLink {
  sequence: number;
  hash: string;
}

export interface WindowResult {
  /** Lines verified from the window's start. */
  count: number;
  /** The first line's `sequence` and `prev_hash` (-1 and '' when no line verified). */
  firstSequence: number;
  firstPrev: string;
  /** The last verified line's link, and the one before it (null when fewer lines verified). */
  last: WindowLink | null;
  beforeLast: WindowLink | null;
  /** Bytes of the window the verified lines span (each with its line end). */
  length: number;
  /** True when a line did not verify (the result stops before it). */
  broken: boolean;
}

/**
 * Verifies the lines of `bytes` (whole lines, each ending in a line feed),
 * stopping after the line whose sequence is `lastSequence` and before a
 * line that does not verify. `hashHex` is SHA-256 of bytes as lower-case hex.
 */
export function verifyWindow(bytes: Uint8Array, lastSequence: number, hashHex: (bytes: Uint8Array) => string): WindowResult {
  // '"prev_hash":"' and '"sequence":' as bytes; a body's strings escape every '"', so each occurs once, as the key.
  const prevKey = [34, 112, 114, 101, 118, 95, 104, 97, 115, 104, 34, 58, 34];
  const sequenceKey = [34, 115, 101, 113, 117, 101, 110, 99, 101, 34, 58];
  const result: WindowResult = { count: 0, firstSequence: -1, firstPrev: '', last: null, beforeLast: null, length: 0, broken: false };
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(10, start);
    if (end < 0) break;
    // The keys, found through their fifth byte ('v' of prev_hash, 'q' of sequence).
    let prevAt = -1;
    for (let at = bytes.indexOf(118, start + 4); at !== -1 && at < end; at = bytes.indexOf(118, at + 1)) {
      let i = 0;
      while (i < 13 && bytes[at - 4 + i] === prevKey[i]) i++;
      if (i === 13) {
        prevAt = at - 4 + 13;
        break;
      }
    }
    let sequence = -1;
    for (let at = bytes.indexOf(113, start + 3); at !== -1 && at < end; at = bytes.indexOf(113, at + 1)) {
      let i = 0;
      while (i < 11 && bytes[at - 3 + i] === sequenceKey[i]) i++;
      if (i === 11) {
        let digits = 0;
        let value = 0;
        let p = at - 3 + 11;
        for (; p < end && bytes[p]! >= 48 && bytes[p]! <= 57 && digits < 16; p++, digits++) value = value * 10 + (bytes[p]! - 48);
        if (digits > 0 && (bytes[p] === 44 || bytes[p] === 125)) sequence = value;
        break;
      }
    }
    if (prevAt < 0 || sequence < 0 || prevAt + 64 >= end || bytes[prevAt + 64] !== 34) break;
    const previous = result.last;
    if (previous === null) {
      let prev = '';
      for (let i = 0; i < 64; i++) prev += String.fromCharCode(bytes[prevAt + i]!);
      result.firstSequence = sequence;
      result.firstPrev = prev;
    } else {
      if (sequence !== previous.sequence + 1) break;
      let i = 0;
      while (i < 64 && bytes[prevAt + i] === previous.hash.charCodeAt(i)) i++;
      if (i !== 64) break;
    }
    result.beforeLast = previous;
    result.last = { sequence, hash: hashHex(bytes.subarray(start, end)) };
    result.count += 1;
    result.length = end + 1;
    start = end + 1;
    if (sequence >= lastSequence) return result;
  }
  result.broken = start < bytes.length;
  return result;
}
