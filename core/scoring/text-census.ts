/**
 * A text's census: how many ASCII digits, characters beyond ASCII and
 * control characters it holds (the categories of required-literals.ts), and
 * which printable ASCII characters occur in it, in one pass. A rule whose
 * every match holds more of one category than the text has cannot match it:
 * invisible-character, control-character, card and SSN patterns are ruled out
 * on most text without running them. Nor can a rule match a text that lacks
 * a character of every string of one of its literal factors (an '@', a ':'
 * or a '|' most text has not): charsAllow.
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
const KEYS = [new Uint8Array(0), new Uint8Array(0), new Uint8Array(0), new Uint8Array(0), new Uint8Array(0), new Uint8Array(0)] as const;

/** Counts of `text`'s units per category: [digit, beyond-ascii, control]. */
export function census(text: string): [number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    counts[c < 128 ? CATEGORY[c]! : 1]!++;
  }
  return [counts[0], counts[1], counts[2]];
}

/**
 * The censuses of the last few texts asked about, by their facts (the rules
 * of every filter ask about each field's text in turn, so one filter's next
 * question is mostly about a text another filter asked about last): a
 * census found here costs no map lookups. `last` is the one asked about last.
 */
const SLOTS = 8;
const slotFacts: (RunLengths | null)[] = new Array<RunLengths | null>(SLOTS).fill(null);
const slotCensus = Array.from({ length: SLOTS }, () => new Int32Array(6));
let slotNext = 0;
let lastFacts: RunLengths | null = null;
let last = slotCensus[0]!;

/**
 * Takes `text`'s census once (kept in `facts`, and in a slot): the three
 * category counts, then the printable ASCII characters present as three
 * 32-bit words (0x20-0x3f, 0x40-0x5f, 0x60-0x7f).
 */
function take(text: string, facts: RunLengths): Int32Array {
  if (facts === lastFacts) return last;
  for (let s = 0; s < SLOTS; s++) if (slotFacts[s] === facts) { lastFacts = facts; return last = slotCensus[s]!; }
  const slot = slotNext;
  slotNext = (slotNext + 1) % SLOTS;
  const out = slotCensus[slot]!;
  slotFacts[slot] = facts;
  lastFacts = facts;
  last = out;
  const digits = facts.get(KEYS[0]);
  if (digits !== undefined) {
    for (let k = 0; k < 6; k++) out[k] = facts.get(KEYS[k]!)!;
    return out;
  }
  let d = 0;
  let b = 0;
  let k = 0;
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) { b++; continue; }
    const cat = CATEGORY[c]!;
    if (cat === 0) d++;
    else if (cat === 2) k++;
    if (c < 0x40) { if (c >= 0x20) w0 |= 1 << (c - 0x20); }
    else if (c < 0x60) w1 |= 1 << (c - 0x40);
    else w2 |= 1 << (c - 0x60);
  }
  facts.set(KEYS[0], d).set(KEYS[1], b).set(KEYS[2], k).set(KEYS[3], w0).set(KEYS[4], w1).set(KEYS[5], w2);
  out[0] = d; out[1] = b; out[2] = k; out[3] = w0; out[4] = w1; out[5] = w2;
  return out;
}

/** False when `text` holds fewer characters of some category than `need` says (counted once per text, kept in `facts`). */
export function censusAllows(text: string, need: readonly number[], facts: RunLengths): boolean {
  const c = take(text, facts);
  return c[0]! >= need[0]! && c[1]! >= need[1]! && c[2]! >= need[2]!;
}

/**
 * A pattern's literal factors as the characters they need (charNeeds), in
 * one array (read at every rule tried, so no array per factor): per factor
 * the number of its strings, then three words per string: the printable
 * ASCII characters of that string, as take() lays them out. A string's other
 * characters (tab, line feed, carriage return) are left out, so it may ask
 * less, never more.
 */
export type CharNeeds = Int32Array;

/** The character needs of literal factors (each a set of strings one of which every match holds), or null when they rule nothing out. */
export function charNeeds(factors: readonly (readonly string[])[]): CharNeeds | null {
  const out: number[] = [];
  for (const f of factors) {
    const words = new Int32Array(3 * f.length);
    let asks = true;
    f.forEach((s, k) => {
      let any = false;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c < 0x20 || c >= 0x80) continue;
        words[3 * k + ((c - 0x20) >> 5)]! |= 1 << ((c - 0x20) & 31);
        any = true;
      }
      if (!any) asks = false;
    });
    // A string that asks nothing makes the whole factor hold on every text.
    if (asks && f.length > 0) out.push(f.length, ...words);
  }
  return out.length > 0 ? Int32Array.from(out) : null;
}

/** False when, for some factor, `text` lacks a character of each of its strings (the census is taken once per text, kept in `facts`). */
export function charsAllow(text: string, needs: CharNeeds, facts: RunLengths): boolean {
  const c = take(text, facts);
  const w0 = c[3]!;
  const w1 = c[4]!;
  const w2 = c[5]!;
  for (let at = 0; at < needs.length;) {
    const end = at + 1 + 3 * needs[at]!;
    let held = false;
    for (let k = at + 1; k < end && !held; k += 3) held = (needs[k]! & ~w0) === 0 && (needs[k + 1]! & ~w1) === 0 && (needs[k + 2]! & ~w2) === 0;
    if (!held) return false;
    at = end;
  }
  return true;
}

/**
 * A string's pairs of adjacent characters as bit numbers of a text's pair
 * set (pairsAllow): each unit's low seven bits, so ASCII pairs are exact and
 * others share a bit with some ASCII pair (a text then seems to hold more
 * pairs than it does, never fewer). Empty for a string of one character.
 */
export function pairBits(s: string): Uint16Array {
  const bits = new Set<number>();
  for (let i = 1; i < s.length; i++) bits.add(((s.charCodeAt(i - 1) & 127) << 7) | (s.charCodeAt(i) & 127));
  return Uint16Array.from(bits);
}

/**
 * The pair sets of the last few texts asked about (the rules of every filter
 * ask about each field's text in turn): 16,384 bits each, one per pair of
 * seven-bit units.
 */
const PAIR_SLOTS = 4;
const pairTexts: (string | null)[] = new Array<string | null>(PAIR_SLOTS).fill(null);
const pairSets = Array.from({ length: PAIR_SLOTS }, () => new Int32Array(512));
let pairNext = 0;

/** `text`'s pair set, taken once while it stays among the last few texts. */
function pairsOf(text: string): Int32Array {
  for (let k = 0; k < PAIR_SLOTS; k++) if (pairTexts[k] === text) return pairSets[k]!;
  const k = pairNext;
  pairNext = (pairNext + 1) % PAIR_SLOTS;
  const set = pairSets[k]!;
  set.fill(0);
  for (let i = 1; i < text.length; i++) {
    const b = ((text.charCodeAt(i - 1) & 127) << 7) | (text.charCodeAt(i) & 127);
    set[b >> 5]! |= 1 << (b & 31);
  }
  pairTexts[k] = text;
  return set;
}

/**
 * False when `text` cannot hold a string whose pairs are `bits` (pairBits):
 * one of them is missing from the text. A string of one character (no
 * pairs) may always occur. Costs a pass over the text the first time it is
 * asked about, then a lookup per pair: a string that is not there is ruled
 * out without searching the text for it.
 */
export function pairsAllow(text: string, bits: Uint16Array): boolean {
  if (bits.length === 0) return true;
  const set = pairsOf(text);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i]!;
    if ((set[b >> 5]! & (1 << (b & 31))) === 0) return false;
  }
  return true;
}
