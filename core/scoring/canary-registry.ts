/**
 * The canary registry: decoy strings kept in memory (seeded at start from
 * `[[canary.tokens]]` in filters/canary.toml), and one Aho-Corasick automaton
 * over every value and its encoded forms (behind a Bloom prefilter of their
 * first bytes, gram-prefilter.ts), rebuilt lazily after a change.
 *
 * Values never leave this module: listings carry `value_prefix` (four
 * characters and an ellipsis) and detections report ids and labels only.
 */
import { buildMatcher, type MultiMatcher } from './aho-corasick.ts';
import { CALL_CANARY_BUDGET, canaryWindow, tightCanaryWindow } from './bounded-text.ts';
import { canaryForms } from './canary-encodings.ts';
import { ASCII_FOLD, foldBytes } from './canary-fold.ts';
import { buildGramPrefilter, type GramPrefilter } from './gram-prefilter.ts';

/** A canary as the API shows it. */
export interface CanaryInfo {
  id: string;
  label: string;
  value_prefix: string;
}

export interface CanaryHit {
  id: string;
  label: string;
}

export interface CanaryRegistry {
  /** Registers a value (or a generated one when `value` is omitted). */
  add(label: string, value?: string): CanaryInfo;
  /** Replaces a canary's value (generated when omitted); null for an unknown id. */
  rotate(id: string, value?: string): CanaryInfo | null;
  /** False for an unknown id. */
  remove(id: string): boolean;
  list(): CanaryInfo[];
  readonly size: number;
  /**
   * Canaries found in the texts, in any form canary-fold.ts undoes (one
   * automaton pass per folded text). The texts of one scan are read through
   * `canaryWindow` up to `CALL_CANARY_BUDGET` characters in all, then each
   * through `tightCanaryWindow` (bounded-text.ts).
   */
  scan(texts: readonly string[]): CanaryHit[];
  /**
   * True when `scan([text])` finds a canary. The answer for a text of up to
   * `MEMO_TEXT_MAX` characters is remembered until the canaries change (at
   * most `MEMO_ENTRIES` texts): filter messages, the decision reason and the
   * action repeat from call to call, and each costs a folded scan.
   */
  carries(text: string): boolean;
  /** Characters read by scans so far (a work counter for tests and benchmarks). */
  readonly scannedChars: number;
}

export interface CanaryRegistryOptions {
  /** Secure random bytes (Deps.random.bytes). */
  randomBytes(length: number): Uint8Array;
}

/** Longest text whose `carries` answer is remembered. */
export const MEMO_TEXT_MAX = 512;
/** Most answers remembered (all are dropped when full). */
export const MEMO_ENTRIES = 4096;

/** Generated values: 48 hex characters. */
export const GENERATED_VALUE_BYTES = 24;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The public prefix: the first four characters and U+2026. */
export function valuePrefix(value: string): string {
  return Array.from(value).slice(0, 4).join('') + '\u2026';
}

/** Creates an empty registry. */
export function createCanaryRegistry(options: CanaryRegistryOptions): CanaryRegistry {
  const entries = new Map<string, { label: string; value: string }>();
  let scanned = 0;
  let automaton: { matcher: MultiMatcher; prefilter: GramPrefilter; owners: string[] } | null = null;
  // `carries` answers for the current canaries (cleared with the automaton).
  const memo = new Map<string, boolean>();
  const changed = () => { automaton = null; memo.clear(); };
  const generate = (): string => {
    const bytes = options.randomBytes(GENERATED_VALUE_BYTES);
    if (bytes.length !== GENERATED_VALUE_BYTES) throw new Error('random source returned the wrong length');
    return toHex(bytes);
  };
  const newId = (): string => `cnry_${toHex(options.randomBytes(8))}`;
  const info = (id: string): CanaryInfo => {
    const e = entries.get(id)!;
    return { id, label: e.label, value_prefix: valuePrefix(e.value) };
  };
  const built = () => {
    if (automaton) return automaton;
    const patterns: string[] = [];
    const owners: string[] = [];
    for (const [id, e] of entries) for (const f of canaryForms(e.value)) { patterns.push(f); owners.push(id); }
    automaton = { matcher: buildMatcher(patterns), prefilter: buildGramPrefilter(patterns), owners };
    return automaton;
  };
  return {
    add(label, value) {
      const v = value ?? generate();
      let id = newId();
      while (entries.has(id)) id = newId();
      entries.set(id, { label, value: v });
      changed();
      return info(id);
    },
    rotate(id, value) {
      const e = entries.get(id);
      if (!e) return null;
      e.value = value ?? generate();
      changed();
      return info(id);
    },
    remove(id) {
      const had = entries.delete(id);
      if (had) changed();
      return had;
    },
    list: () => [...entries.keys()].map(info),
    get size() { return entries.size; },
    get scannedChars() { return scanned; },
    carries(text) {
      if (text.length > MEMO_TEXT_MAX) return this.scan([text]).length > 0;
      const known = memo.get(text);
      if (known !== undefined) return known;
      const found = this.scan([text]).length > 0;
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(text, found);
      return found;
    },
    scan(texts) {
      if (entries.size === 0) return [];
      const { matcher, prefilter, owners } = built();
      const found = new Set<string>();
      let left = CALL_CANARY_BUDGET;
      for (const text of texts) {
        const window = left > 0 ? canaryWindow(text) : tightCanaryWindow(text);
        left -= window.length;
        scanned += window.length;
        // Plain ASCII text (no escape to decode) is tested as it folds, without a buffer.
        if (prefilter.mayMatchMapped(window, ASCII_FOLD) === false) continue;
        const bytes = foldBytes(window);
        if (prefilter.mayMatch(bytes)) matcher.scanBytes(bytes, (p) => { found.add(owners[p]!); return found.size >= 16; });
      }
      if (found.size === 0) return [];
      return [...found].filter((id) => entries.has(id)).map((id) => ({ id, label: entries.get(id)!.label }));
    },
  };
}
