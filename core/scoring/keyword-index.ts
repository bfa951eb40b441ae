/**
 * One keyword automaton shared by every pattern filter of an engine. Each
 * filter registers its rules' keywords at build time and gets their ids; at
 * evaluation a field is scanned ONCE for all filters' keywords (the hits are
 * kept on the field object, which lives for one evaluation, marked with the
 * index and its automaton's generation), instead of once per filter. The
 * hits are also sorted by the filter (owner) that registered them, once per
 * field, so each filter walks its own few hits rather than everyone's.
 */
import { buildMatcher, type MultiMatcher } from './aho-corasick.ts';

/**
 * Where a field keeps its hits: the index and automaton generation that
 * found them, the ids, and (once asked for) the ids of each owner. Fields
 * with the same `norm` may share one holder (emptyKeywordHits: a written
 * file's content and its copy read by the command rules): a scan of either
 * fills it in place, so the text is scanned once for both.
 */
export interface KeywordHits { index: object; generation: number; ids: readonly number[]; byOwner: (number[] | undefined)[] | null }

/** A holder no index has filled yet, for fields that share their hits. */
export const emptyKeywordHits = (): KeywordHits => ({ index: NO_INDEX, generation: -1, ids: NONE, byOwner: null });

export interface KeywordIndex {
  /** A new owner number, for a filter that registers keywords as one and asks `hitsFor`. */
  newOwner(): number;
  /** Registers lower-cased keywords (for `owner` when given); returns their ids. Call before the first `hits`. */
  register(words: readonly string[], owner?: number): number[];
  /** True when `word` is registered already (registering it again for another owner does not grow the automaton). */
  has(word: string): boolean;
  /** The distinct ids of the registered keywords found in `field.norm` (one scan per field), in order of first hit. */
  hits(field: { norm: string; keywordHits?: KeywordHits | null }): readonly number[];
  /** Those of `hits` that `owner` registered, in the same order. */
  hitsFor(field: { norm: string; keywordHits?: KeywordHits | null }, owner: number): readonly number[];
  /** Scans done so far (a work counter for tests and benchmarks). */
  readonly scans: number;
}

const NONE: readonly number[] = [];
const NO_INDEX = {};
/** Owners kept as bits of a number (the rest are listed). */
const MASK_OWNERS = 31;

export function createKeywordIndex(): KeywordIndex {
  const words: string[] = [];
  const ids = new Map<string, number>();
  // The owners that registered each id: the first 31 as bits of one number
  // (a hit's owners are read at every field's scan), any later ones listed.
  const ownerBits: number[] = [];
  const moreOwners: (number[] | undefined)[] = [];
  let ownerCount = 0;
  let matcher: MultiMatcher | null = null;
  let generation = 0;
  let scans = 0;
  let seen = new Uint32Array(0);
  let stamp = 0;
  const self: KeywordIndex = {
    newOwner: () => ownerCount++,
    register(list, owner) {
      return list.map((w) => {
        let id = ids.get(w);
        if (id === undefined) {
          id = words.length;
          ids.set(w, id);
          words.push(w);
          ownerBits.push(0);
          moreOwners.push(undefined);
          matcher = null;
          generation++;
        }
        if (owner !== undefined && owner < MASK_OWNERS) ownerBits[id] = ownerBits[id]! | (1 << owner);
        else if (owner !== undefined && !moreOwners[id]?.includes(owner)) (moreOwners[id] ??= []).push(owner);
        return id;
      });
    },
    has: (word) => ids.has(word),
    hits(field) {
      const known = field.keywordHits;
      if (known && known.index === self && known.generation === generation) return known.ids;
      if (!matcher) { matcher = buildMatcher(words); seen = new Uint32Array(words.length); }
      // Distinct ids in order of first hit: a stamp per scan instead of a fresh array.
      if (++stamp === 0xffffffff) { seen.fill(0); stamp = 1; }
      const found: number[] = [];
      scans++;
      matcher.scanDistinct(field.norm, (k) => { if (seen[k] !== stamp) { seen[k] = stamp; found.push(k); } });
      if (known) { known.index = self; known.generation = generation; known.ids = found; known.byOwner = null; }
      else field.keywordHits = { index: self, generation, ids: found, byOwner: null };
      return found;
    },
    hitsFor(field, owner) {
      const found = self.hits(field);
      const known = field.keywordHits!;
      let byOwner = known.byOwner;
      if (byOwner === null) {
        byOwner = known.byOwner = new Array<number[] | undefined>(ownerCount);
        for (const k of found) {
          // Each owner in turn, lowest bit first.
          for (let m = ownerBits[k]!; m !== 0; m &= m - 1) (byOwner[31 - Math.clz32(m & -m)] ??= []).push(k);
          const more = moreOwners[k];
          if (more !== undefined) for (const o of more) (byOwner[o] ??= []).push(k);
        }
      }
      return byOwner[owner] ?? NONE;
    },
    get scans() { return scans; },
  };
  return self;
}
