/**
 * A text's census: how many ASCII digits, characters beyond ASCII and
 * control characters it holds (the categories of required-literals.ts), in
 * one pass. A rule whose every match holds more of one than the text has
 * cannot match it: invisible-character, control-character, card and SSN
 * patterns are ruled out on most text without running them.
 */
import type { RunLengths } from './required-run.ts';

/** Each ASCII unit's category: 0 digit, 2 control, 3 none (beyond ASCII is 1). */
const CATEGORY = new Uint8Array(128).map((_, c) => {
  if (c >= 0x30 && c <= 0x39) return 0;
  if ((c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return 2;
  return 3;
});

/**
 * Where a text's census is kept among the facts the pattern filters learn
 * about it (the field's RunLengths map): one key per category, never a class table.
 */
const KEYS = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)] as const;

/** Counts of `text`'s units per category: [digit, beyond-ascii, control]. */
export function census(text: string): [number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    counts[c < 128 ? CATEGORY[c]! : 1]!++;
  }
  return [counts[0], counts[1], counts[2]];
}

/** False when `text` holds fewer characters of some category than `need` says (counted once per text, kept in `facts`). */
export function censusAllows(text: string, need: readonly number[], facts: RunLengths): boolean {
  let digits = facts.get(KEYS[0]);
  if (digits === undefined) {
    const [d, b, c] = census(text);
    facts.set(KEYS[0], d).set(KEYS[1], b).set(KEYS[2], c);
    digits = d;
  }
  return digits >= need[0]! && facts.get(KEYS[1])! >= need[1]! && facts.get(KEYS[2])! >= need[2]!;
}
