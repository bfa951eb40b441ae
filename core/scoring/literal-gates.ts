/**
 * Many case-insensitive patterns tried on one text (operation-risk's URL
 * patterns on a request's URL), each only when the text holds a string of
 * every literal factor the pattern cannot match without (required-literals.ts,
 * read through pattern-analysis.ts like the pattern rules' own gates).
 * One Aho-Corasick pass over the lower-cased text finds every factor string
 * of every pattern, so a text that matches none of them costs one scan and a
 * few lookups instead of a run of each regex: a rarely used regex left cold
 * by V8 between two requests is the costly part of such a call.
 *
 * Exact: a factor is necessary, so a pattern ruled out cannot match.
 */
import { buildMatcher, type MultiMatcher } from './aho-corasick.ts';
import { requiredLiterals } from './pattern-analysis.ts';

export interface LiteralGates {
  /** Reads `text` once; until the next `read`, `allows(i)` tells whether pattern i can match it. */
  read(text: string): void;
  /** False when the text last read lacks every string of some factor of pattern `i`. */
  allows(i: number): boolean;
}

/** Gates for `patterns`, in their order, as compiled with the `i` flag (and without `u`). */
export function literalGates(patterns: readonly string[]): LiteralGates {
  const ids = new Map<string, number>();
  // Per pattern: its factors, each the ids of its strings.
  const factors = patterns.map((p) => requiredLiterals(p, 'i').map((f) => f.map((s) => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, id = ids.size);
    return id;
  })));
  const matcher: MultiMatcher = buildMatcher([...ids.keys()]);
  // The strings found in the text last read (stamped), and its stamp.
  const seen = new Uint32Array(ids.size);
  let stamp = 0;
  const mark = (k: number): void => { seen[k] = stamp; };
  return {
    read(text) {
      if (++stamp === 0xffffffff) { seen.fill(0); stamp = 1; }
      matcher.scanDistinct(text.toLowerCase(), mark);
    },
    allows(i) {
      for (const f of factors[i]!) {
        let found = false;
        for (let k = 0; k < f.length && !found; k++) found = seen[f[k]!] === stamp;
        if (!found) return false;
      }
      return true;
    },
  };
}
