/**
 * The start-up fast path of the whole-chain check on a store with a body
 * log: one sequential pass over the log's bytes, from the first hot record
 * to the anchor, hashing every body exactly as stored and following its
 * `sequence` and `prev_hash`, without pulling rows out of SQL or parsing a
 * body. The log is read in windows of whole lines, each checked on its own
 * (chain-window.ts), every other one on the host's second thread where it
 * has one (`Deps.chainWorker`), and the results joined in order. It only
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

const WINDOW = 8 * 1024 * 1024;
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

  // Windows of whole lines, alternately checked here and on the host's other thread, joined in order.
  const pending: Array<WindowResult | Promise<WindowResult>> = [];
  let position = ref.offset;
  let window = options.windowBytes ?? WINDOW;
  let index = 0;
  let going = true;
  const end = bodies.size;
  while (going && position < end) {
    const bytes = bodies.read(position, Math.min(window, end - position));
    const cut = bytes.lastIndexOf(0x0a) + 1;
    if (cut === 0) {
      if (window >= end - position) break;
      window *= 2;
      continue;
    }
    const lines = bytes.subarray(0, cut);
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
  options.worker?.release?.();
  return confirmed;
}
