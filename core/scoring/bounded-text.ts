/**
 * Scan windows. Every pattern filter sees at most `REGEX_WINDOW` characters of
 * a field: the first 12 KiB, four evenly spaced 512-character samples of the
 * middle, and the last 2 KiB, joined by newlines. Attack payloads sit at the
 * start or the end of a field in practice (a command, a URL, a trailer after
 * padding), and the samples catch bulk data in between; with vetted patterns
 * (safe-regex.ts) this bounds the regex work per field.
 *
 * The canary automaton is linear, so it reads far more: the first 1 MiB and the
 * last 64 KiB of each field (`CANARY_WINDOW`).
 *
 * Both also have a budget per call (below), so the number of fields does not
 * multiply the work.
 */

export const REGEX_HEAD = 12 * 1024;
export const REGEX_TAIL = 2 * 1024;
export const REGEX_SAMPLES = 4;
export const REGEX_SAMPLE_SIZE = 512;
export const REGEX_WINDOW = REGEX_HEAD + REGEX_TAIL + REGEX_SAMPLES * REGEX_SAMPLE_SIZE;
export const CANARY_HEAD = 1024 * 1024;
export const CANARY_TAIL = 64 * 1024;

/** The part of `text` the regex-based filters read. */
export function regexWindow(text: string): string {
  if (text.length <= REGEX_WINDOW) return text;
  const parts = [text.slice(0, REGEX_HEAD)];
  const middle = text.length - REGEX_HEAD - REGEX_TAIL;
  const stride = Math.floor(middle / (REGEX_SAMPLES + 1));
  for (let k = 1; k <= REGEX_SAMPLES; k++) {
    const start = REGEX_HEAD + k * stride;
    parts.push(text.slice(start, start + REGEX_SAMPLE_SIZE));
  }
  parts.push(text.slice(text.length - REGEX_TAIL));
  return parts.join('\n');
}

/** The part of `text` the canary automaton reads. */
export function canaryWindow(text: string): string {
  if (text.length <= CANARY_HEAD + CANARY_TAIL) return text;
  return text.slice(0, CANARY_HEAD) + '\n' + text.slice(text.length - CANARY_TAIL);
}

/**
 * Per call, on top of the per-field windows: the regex windows of all of a
 * call's fields together take at most `CALL_REGEX_BUDGET` characters; each
 * field past it is read through `tightWindow` (its first and last 512
 * characters), so a call with thousands of large fields still has every
 * field scanned, in windowed form, for a bounded cost (the budget plus at
 * most a kilobyte a field, never more than the call itself).
 */
export const CALL_REGEX_BUDGET = 256 * 1024;
export const TIGHT_HEAD = 512;
export const TIGHT_TAIL = 512;

/** The small window of a field past the call's regex budget. */
export function tightWindow(text: string): string {
  if (text.length <= TIGHT_HEAD + TIGHT_TAIL) return text;
  return text.slice(0, TIGHT_HEAD) + '\n' + text.slice(text.length - TIGHT_TAIL);
}

/**
 * Likewise for one canary scan (all of a call's outbound texts): at most
 * `CALL_CANARY_BUDGET` characters through `canaryWindow`, then each further
 * text through `tightCanaryWindow` (its first and last 32 KiB).
 */
export const CALL_CANARY_BUDGET = 8 * 1024 * 1024;
export const TIGHT_CANARY_SIDE = 32 * 1024;

/** The canary window of a text past the scan's budget. */
export function tightCanaryWindow(text: string): string {
  if (text.length <= 2 * TIGHT_CANARY_SIDE) return text;
  return text.slice(0, TIGHT_CANARY_SIDE) + '\n' + text.slice(text.length - TIGHT_CANARY_SIDE);
}
