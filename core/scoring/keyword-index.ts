/**
 * One keyword automaton shared by every pattern filter of an engine. Each
 * filter registers its rules' keywords at build time and gets their ids; at
 * evaluation a field is scanned ONCE for all filters' keywords (the hits are
 * kept on the field object, which lives for one evaluation, marked with the
 * index and its automaton's generation), instead of once per filter.
 */
import { buildMatcher, type MultiMatcher } from './aho-corasick.ts';

/** Where a field keeps its hits: the index and automaton generation that found them, and the ids. */
export interface KeywordHits { index: object; generation: number; ids: readonly number[] }

export interface KeywordIndex {
  /** Registers lower-cased keywords; returns their ids. Call before the first `hits`. */
  register(words: readonly string[]): number[];
  /** The distinct ids of the registered keywords found in `field.norm` (one scan per field). */
  hits(field: { norm: string; keywordHits?: KeywordHits | null }): readonly number[];
  /** Scans done so far (a work counter for tests and benchmarks). */
  readonly scans: number;
}

export function createKeywordIndex(): KeywordIndex {
  const words: string[] = [];
  const ids = new Map<string, number>();
  let matcher: MultiMatcher | null = null;
  let generation = 0;
  let scans = 0;
  let seen = new Uint32Array(0);
  let stamp = 0;
  const self: KeywordIndex = {
    register(list) {
      return list.map((w) => {
        let id = ids.get(w);
        if (id === undefined) {
          id = words.length;
          ids.set(w, id);
          words.push(w);
          matcher = null;
          generation++;
        }
        return id;
      });
    },
    hits(field) {
      const known = field.keywordHits;
      if (known && known.index === self && known.generation === generation) return known.ids;
      if (!matcher) { matcher = buildMatcher(words); seen = new Uint32Array(words.length); }
      // Distinct ids in order of first hit: a stamp per scan instead of a fresh array.
      if (++stamp === 0xffffffff) { seen.fill(0); stamp = 1; }
      const found: number[] = [];
      scans++;
      matcher.scanDistinct(field.norm, (k) => { if (seen[k] !== stamp) { seen[k] = stamp; found.push(k); } });
      field.keywordHits = { index: self, generation, ids: found };
      return found;
    },
    get scans() { return scans; },
  };
  return self;
}
