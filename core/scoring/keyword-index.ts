/**
 * One keyword automaton shared by every pattern filter of an engine. Each
 * filter registers its rules' keywords at build time and gets their ids; at
 * evaluation a field is scanned ONCE for all filters' keywords (the hits are
 * kept per field object, which lives for one evaluation), instead of once per
 * filter.
 */
import { buildMatcher, type MultiMatcher } from './aho-corasick.ts';

export interface KeywordIndex {
  /** Registers lower-cased keywords; returns their ids. Call before the first `hits`. */
  register(words: readonly string[]): number[];
  /** The distinct ids of the registered keywords found in `field.norm` (one scan per field). */
  hits(field: { norm: string }): readonly number[];
  /** Scans done so far (a work counter for tests and benchmarks). */
  readonly scans: number;
}

export function createKeywordIndex(): KeywordIndex {
  const words: string[] = [];
  const ids = new Map<string, number>();
  let matcher: MultiMatcher | null = null;
  let cache = new WeakMap<object, readonly number[]>();
  let scans = 0;
  return {
    register(list) {
      return list.map((w) => {
        let id = ids.get(w);
        if (id === undefined) {
          id = words.length;
          ids.set(w, id);
          words.push(w);
          matcher = null;
          cache = new WeakMap();
        }
        return id;
      });
    },
    hits(field) {
      const known = cache.get(field);
      if (known) return known;
      matcher ??= buildMatcher(words);
      const seen = new Uint8Array(words.length);
      const found: number[] = [];
      scans++;
      matcher.scan(field.norm, (k) => { if (seen[k] === 0) { seen[k] = 1; found.push(k); } });
      cache.set(field, found);
      return found;
    },
    get scans() { return scans; },
  };
}
