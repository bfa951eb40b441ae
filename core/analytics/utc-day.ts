/**
 * UTC day arithmetic and the analytics timestamp format.
 *
 * Days are `YYYY-MM-DD` strings in UTC; analytics timestamps carry exactly
 * six fractional digits (`2026-11-22T10:00:00.123000Z`).
 */

const DAY_MS = 86_400_000;
const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** The UTC day of an epoch-ms instant. */
export function dayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The UTC day `offset` days after `day` (negative for before). */
export function addDays(day: string, offset: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The UTC day of a stored timestamp. Offsets other than `Z` are converted;
 * an unparseable timestamp yields null (the record is counted as a gap-free
 * but undated record and skipped by the rollups).
 */
export function dayOfTimestamp(timestamp: string): string | null {
  const match = ISO.exec(timestamp);
  if (match && match[4] === 'Z') return match[1]!;
  const ms = Date.parse(timestamp);
  return Number.isFinite(ms) ? dayOf(ms) : null;
}

/** An epoch-ms instant with six fractional digits. */
export function micros(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * A stored timestamp re-expressed in UTC with exactly six fractional digits:
 * extra digits are cut (never rounded up past the instant), missing ones are
 * zero-filled. Null when unparseable.
 */
export function microsOfTimestamp(timestamp: string): string | null {
  const match = ISO.exec(timestamp);
  if (match && match[4] === 'Z') return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(6, '0').slice(0, 6)}Z`;
  const ms = Date.parse(timestamp);
  return Number.isFinite(ms) ? micros(ms) : null;
}

/**
 * Parts per million of each part in `total`, as integers that sum to exactly
 * 1,000,000 when the parts sum to `total` (largest remainder); all 0 when
 * `total` is 0.
 */
export function ppmSplit(parts: readonly number[], total: number): number[] {
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((part) => (part * 1_000_000) / total);
  const floors = exact.map(Math.floor);
  const sum = parts.reduce((a, b) => a + b, 0);
  if (sum !== total) return exact.map(Math.round);
  let missing = 1_000_000 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - floors[index]! })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index] = floors[index]! + 1;
    missing -= 1;
  }
  return floors;
}
