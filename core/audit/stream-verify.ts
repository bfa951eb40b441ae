/**
 * The start-up fast path of the whole-chain check on a store with a body
 * log: one sequential pass over the log's bytes, from the first hot record
 * to the anchor, hashing every body exactly as stored and following its
 * `sequence` and `prev_hash`, without pulling rows out of SQL or parsing a
 * body. The log is read in windows of whole lines, each checked on its own
 * (chain-window.ts), every other one on the host's second thread where it
 * has one (`Deps.chainWorker`), and the results joined in order; windows
 * that thread already checked ahead (`ChainWorker.ahead`: the Node host's
 * reads the log while the host starts) are taken first. It only
 * vouches for what it verified: anything it does not expect (a body that
 * does not hash to the next link, a sequence out of place, the log ending
 * early, the row count or the anchor disagreeing) stops it, and the
 * row-by-row check continues from the last record it verified, naming the
 * failure as it always has.
 */
import type { BodyLog, Storage } from '../../storage/types.ts';
import type { ChainWorker } from '../deps.ts';
import { bodyRef } from './audit-bodies.ts';
import { readAnchor } from './audit-schema.ts';
import type { WindowResult } from './chain-window.ts';
import { verifyWindow } from './chain-window.ts';

export interface Link {
  sequence: number;
  hash: string;
}

const WINDOW = 1024 * 1024;
/** Windows handed to the other thread and not yet joined, at most. */
const IN_FLIGHT = 2;

/**
 * Verifies the hot chain after `from` (the link before the first hot
 * record) from the body log; returns the last link it verified (`from` when
 * the fast path does not apply: no anchor, bodies kept in rows, rows
 * missing).
 */
export async function streamVerify(
  storage: Storage,
  bodies: BodyLog,
  from: Link,
  options: { hashBytes(bytes: Uint8Array): string; pause(): Promise<void>; worker?: ChainWorker; windowBytes?: number },
): Promise<Link> {
  const anchor = readAnchor(storage);
  if (!anchor || anchor.sequence <= from.sequence) return from;
  const first = storage.get<{ sequence: number; body: string }>('SELECT sequence, body FROM audit_records ORDER BY sequence LIMIT 1');
  const ref = bodyRef(first?.body);
  if (!first || !ref || first.sequence !== from.sequence + 1) return from;
  const rows = storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_records')?.n ?? 0;
  if (rows !== anchor.sequence - from.sequence) return from;

  // A body's hash is only vouched for once the next body links to it (or it matches the anchor):
  // on anything unexpected the row-by-row check resumes after the last vouched record.
  let link = from;
  let confirmed = from;
  /** Joins the next window's result; false once the pass is over (the anchor reached, or a break). */
  const join = (result: WindowResult): boolean => {
    if (result.count === 0 || result.firstSequence !== link.sequence + 1 || result.firstPrev !== link.hash) return false;
    confirmed = result.beforeLast ?? link;
    link = result.last!;
    if (link.sequence === anchor.sequence) {
      if (link.hash === anchor.hash) confirmed = link;
      return false;
    }
    return !result.broken;
  };

  let position = ref.offset;
  let going = true;
  const end = bodies.size;
  const windowBytes = options.windowBytes ?? WINDOW;
  // What the host's other thread has not checked ahead yet is shared: it goes on to about halfway, this thread checks the rest meanwhile.
  const tail = options.worker?.split ? await checkTail(bodies, await options.worker.split(position, end).catch(() => position), position, end, anchor.sequence, windowBytes, options) : null;
  // Windows the other thread checked ahead, joined in order; what lies between two is checked here.
  while (going && position < end && options.worker?.ahead) {
    const next = await options.worker.ahead(position).catch(() => null);
    if (!next || next.start + next.cut > end) break;
    if (next.start > position) {
      const gap = next.start - position;
      const between = verifyWindow(bodies.read(position, gap), anchor.sequence, options.hashBytes);
      going = join(between) && between.length === gap;
      if (!going) break;
      position = next.start;
    }
    // A window checked with no last sequence that runs past the anchor is checked again below, up to the anchor.
    if ((next.result.last?.sequence ?? 0) > anchor.sequence) break;
    going = join(next.result);
    position = next.start + next.cut;
  }
  if (tail && position === tail.start) {
    for (const { result, cut } of tail.windows) {
      if (!going) break;
      going = join(result);
      position += cut;
    }
  }

  // Windows of whole lines, alternately checked here and on the host's other thread, joined in order.
  const pending: Array<WindowResult | Promise<WindowResult>> = [];
  const windows = windowsOf(bodies, end, windowBytes);
  let index = 0;
  while (going && position < end) {
    const lines = windows.at(position);
    if (!lines) break;
    const cut = lines.length;
    const at = position;
    position += cut;
    const here = (): WindowResult => verifyWindow(bodies.read(at, cut), anchor.sequence, options.hashBytes);
    // Should the other thread fail, this one checks the window again (its bytes went over to that thread).
    pending.push(options.worker && index % 2 === 1 ? options.worker.verifyWindow(lines, anchor.sequence).catch(here) : verifyWindow(lines, anchor.sequence, options.hashBytes));
    index += 1;
    while (going && pending.length > IN_FLIGHT) going = join(await pending.shift()!);
    await options.pause();
  }
  while (going && pending.length > 0) going = join(await pending.shift()!);
  return confirmed;
}

/**
 * Checks the log here from `start` (a line start after `from`) to `end`, in
 * windows joined later; null when there is nothing to check.
 */
async function checkTail(
  bodies: BodyLog,
  start: number,
  from: number,
  end: number,
  lastSequence: number,
  windowBytes: number,
  options: { hashBytes(bytes: Uint8Array): string; pause(): Promise<void> },
): Promise<{ start: number; windows: Array<{ result: WindowResult; cut: number }> } | null> {
  if (start <= from || start >= end) return null;
  const checked: Array<{ result: WindowResult; cut: number }> = [];
  const windows = windowsOf(bodies, end, windowBytes);
  let position = start;
  while (position < end) {
    const lines = windows.at(position);
    if (!lines) break;
    const result = verifyWindow(lines, lastSequence, options.hashBytes);
    checked.push({ result, cut: lines.length });
    if (result.broken || result.length < lines.length) break;
    position += lines.length;
    await options.pause();
  }
  return { start, windows: checked };
}

/** The log's windows: from a line start, the whole lines within `windowBytes` (more when one line is longer); null when none is whole. */
function windowsOf(bodies: BodyLog, end: number, windowBytes: number): { at(position: number): Uint8Array | null } {
  let window = windowBytes;
  return {
    at(position) {
      for (;;) {
        const bytes = bodies.read(position, Math.min(window, end - position));
        const cut = bytes.lastIndexOf(0x0a) + 1;
        if (cut > 0) return bytes.subarray(0, cut);
        if (window >= end - position) return null;
        window *= 2;
      }
    },
  };
}
