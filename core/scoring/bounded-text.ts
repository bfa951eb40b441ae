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
