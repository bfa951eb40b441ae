/**
 * Reads a SQLite write-ahead log the way SQLite's recovery does, but says
 * what it finds instead of silently stopping (https://www.sqlite.org/fileformat2.html#walformat):
 * a 32-byte header (magic 0x377f0682/0x377f0683 choosing the checksum byte
 * order, version 3007000, page size, checkpoint sequence, two salts, a
 * checksum over the first 24 bytes), then frames of a 24-byte header (page
 * number, database size after a commit or 0, the two salts, a cumulative
 * checksum over the first 8 header bytes and the page, seeded with the
 * previous frame's) and one page.
 *
 * SQLite replays frames up to the last commit frame before the first frame
 * whose salts or checksum fail, and ignores the rest. Ignoring is right for
 * a write a crash cut (a partial or unchecksummed final frame, frames of a
 * transaction that never committed) and for frames of an older WAL
 * generation (other salts). It is wrong when frames of this generation
 * follow the failing one: that is damage, and the frames after it are
 * records SQLite would drop without a word.
 */

/** What the WAL holds, as SQLite will read it. */
export type WalVerdict =
  | { kind: 'empty' }
  /** Every frame of this generation is checksummed and committed. */
  | { kind: 'clean'; frames: number }
  /** An incomplete final write: `discardedFrom` is the byte offset where what SQLite ignores begins. */
  | { kind: 'torn'; frames: number; discardedFrom: number; reason: string }
  /** The header, or a frame followed by frames of the same generation, fails its checksum. */
  | { kind: 'damaged'; frames: number; at: number; reason: string };

const MAGIC_LE = 0x377f0682;
const MAGIC_BE = 0x377f0683;
const VERSION = 3007000;
const HEADER = 32;
const FRAME_HEADER = 24;

/** SQLite's checksum: s0 += x(i) + s1; s1 += x(i+1) + s0, over 32-bit words of `bytes` (a multiple of 8 long). */
function checksum(view: DataView, from: number, length: number, littleEndian: boolean, seed: [number, number]): [number, number] {
  let s0 = seed[0];
  let s1 = seed[1];
  for (let i = from; i < from + length; i += 8) {
    s0 = (s0 + view.getUint32(i, littleEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, littleEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

/** Inspects the bytes of a `-wal` file. */
export function inspectWal(bytes: Uint8Array): WalVerdict {
  if (bytes.length === 0) return { kind: 'empty' };
  if (bytes.length < HEADER) return { kind: 'damaged', frames: 0, at: 0, reason: `the WAL header is cut short (${bytes.length} of ${HEADER} bytes)` };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0);
  if (magic !== MAGIC_LE && magic !== MAGIC_BE) return { kind: 'damaged', frames: 0, at: 0, reason: `the WAL header has no WAL magic number (0x${magic.toString(16)})` };
  const littleEndian = magic === MAGIC_LE;
  const pageSize = view.getUint32(8);
  if (view.getUint32(4) !== VERSION || pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    return { kind: 'damaged', frames: 0, at: 0, reason: 'the WAL header has an unknown version or page size' };
  }
  let sum = checksum(view, 0, 24, littleEndian, [0, 0]);
  if (sum[0] !== view.getUint32(24) || sum[1] !== view.getUint32(28)) return { kind: 'damaged', frames: 0, at: 0, reason: 'the WAL header fails its checksum' };
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  const frameSize = FRAME_HEADER + pageSize;
  const ofThisGeneration = (at: number) => view.getUint32(at + 8) === salt1 && view.getUint32(at + 12) === salt2;
  let frames = 0;
  let committedEnd = HEADER;
  let at = HEADER;
  let failing = false;
  for (; at + frameSize <= bytes.length; at += frameSize) {
    const stored: [number, number] = [view.getUint32(at + 16), view.getUint32(at + 20)];
    const computed = checksum(view, at + FRAME_HEADER, pageSize, littleEndian, checksum(view, at, 8, littleEndian, sum));
    if (!ofThisGeneration(at) || view.getUint32(at) === 0 || computed[0] !== stored[0] || computed[1] !== stored[1]) {
      failing = ofThisGeneration(at);
      // Frames of this generation after a failing one: SQLite would drop them too.
      for (let later = at + frameSize; later + FRAME_HEADER <= bytes.length; later += frameSize) {
        if (!ofThisGeneration(later)) continue;
        const reason = failing
          ? `WAL frame ${frames + 1} (page ${view.getUint32(at)}) fails its checksum and frames written after it follow`
          : `WAL frame ${frames + 1} carries salts of another generation and frames of this one follow`;
        return { kind: 'damaged', frames, at, reason };
      }
      break;
    }
    frames++;
    sum = computed;
    if (view.getUint32(at + 4) !== 0) committedEnd = at + frameSize;
  }
  // What SQLite ignores after the last commit, up to frames of an older generation (which are no loss).
  const stale = !failing && at + frameSize <= bytes.length;
  const ignoredEnd = stale ? at : bytes.length;
  if (committedEnd === ignoredEnd) return { kind: 'clean', frames };
  const reason = failing
    ? `the final WAL frame ${frames + 1} fails its checksum (a write cut short)`
    : at < ignoredEnd
      ? `an incomplete final WAL frame (${bytes.length - at} of ${frameSize} bytes)`
      : `frames of a transaction that never committed (${(at - committedEnd) / frameSize})`;
  return { kind: 'torn', frames, discardedFrom: committedEnd, reason };
}
