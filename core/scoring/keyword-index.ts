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
  let seen = new Uint32Array(0);
  let stamp = 0;
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
      if (!matcher) { matcher = buildMatcher(words); seen = new Uint32Array(words.length); }
      // Distinct ids in order of first hit: a stamp per scan instead of a fresh array.
      if (++stamp === 0xffffffff) { seen.fill(0); stamp = 1; }
      const found: number[] = [];
      scans++;
      matcher.scan(field.norm, (k) => { if (seen[k] !== stamp) { seen[k] = stamp; found.push(k); } });
      cache.set(field, found);
      return found;
    },
    get scans() { return scans; },
  };
}
