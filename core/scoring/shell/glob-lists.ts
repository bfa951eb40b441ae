/**
 * Globs an attacker writes instead of a name (`/???/c?t`, `~/.ss?`,
 * `/etc/[s]hadow`), matched against the lists of sensitive paths and of
 * binaries from config/filters/shell.toml, so the rules read the name the
 * glob reaches. Matching is a linear-time set simulation (`*` does not cross
 * '/'), never a regex built from input.
 */
import { MAX_FIELDS } from './limits.ts';
import { firstGlobChar, hasGlob } from './word-shapes.ts';

import type { PopularPackages } from './typosquat.ts';

export interface GlobLists {
  paths: readonly string[];
  commands: readonly string[];
  /** Very popular package names (shell.toml `[packages]`): installs one edit away are noted (typosquat.ts). */
  packages?: PopularPackages;
}

const STAR = 0;
const ANY = 1;
const CH = 2;
const CLASS = 3;

/**
 * A glob compiled to tokens: `*`, `?`, one character (a UTF-16 unit), or a
 * `[…]` class of code-unit ranges; kinds and units in typed arrays so the
 * matcher reads numbers, not objects of several shapes.
 */
interface Glob {
  length: number;
  kind: Uint8Array;
  /** The unit of a CH token. */
  unit: Uint16Array;
  /** A CLASS token's [from, to] unit pairs and whether it is negated. */
  classes: ({ ranges: number[]; neg: boolean } | null)[];
  /** Bit j set when token j is `*` (globs of at most MASK_TOKENS tokens). */
  starMask: number;
}

/** Globs longer than this keep their state set in arrays instead of one 32-bit integer. */
const MASK_TOKENS = 30;
const MAX_TOKENS = 512;

function tokens(glob: string): Glob {
  const kind: number[] = [];
  const unit: number[] = [];
  const classes: ({ ranges: number[]; neg: boolean } | null)[] = [];
  for (let i = 0; i < glob.length && kind.length < MAX_TOKENS; i++) {
    const ch = glob[i]!;
    if (ch === '*') { if (kind[kind.length - 1] !== STAR) { kind.push(STAR); unit.push(0); classes.push(null); } continue; }
    if (ch === '?') { kind.push(ANY); unit.push(0); classes.push(null); continue; }
    if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close > i) {
        let body = glob.slice(i + 1, close);
        const neg = body.startsWith('!') || body.startsWith('^');
        if (neg) body = body.slice(1);
        const ranges: number[] = [];
        for (let k = 0; k < body.length; k++) {
          if (body[k + 1] === '-' && k + 2 < body.length) { ranges.push(body.charCodeAt(k), body.charCodeAt(k + 2)); k += 2; }
          else ranges.push(body.charCodeAt(k), body.charCodeAt(k));
        }
        kind.push(CLASS); unit.push(0); classes.push({ ranges, neg });
        i = close;
        continue;
      }
    }
    kind.push(CH); unit.push(glob.charCodeAt(i)); classes.push(null);
  }
  let starMask = 0;
  if (kind.length <= MASK_TOKENS) for (let j = 0; j < kind.length; j++) if (kind[j] === STAR) starMask |= 1 << j;
  return { length: kind.length, kind: Uint8Array.from(kind), unit: Uint16Array.from(unit), classes, starMask };
}

function inClass(c: { ranges: number[]; neg: boolean }, unit: number): boolean {
  const r = c.ranges;
  for (let k = 0; k < r.length; k += 2) if (unit >= r[k]! && unit <= r[k + 1]!) return !c.neg;
  return c.neg;
}

/**
 * True when token j consumes the character whose first unit is `unit` (the
 * text is read by code point: `?` and `*` take a whole astral character,
 * which no single CH token equals; a class sees its first unit). `*` and `?`
 * never take '/'.
 */
function consumes(g: Glob, j: number, unit: number, astral: boolean): boolean {
  const k = g.kind[j]!;
  if (k === STAR || k === ANY) return unit !== 0x2f;
  if (k === CH) return !astral && g.unit[j] === unit;
  return inClass(g.classes[j]!, unit);
}

/** True when `glob` matches all of `text`. */
export function globFull(glob: string, text: string): boolean {
  return tokensMatch(tokens(glob), text);
}

/**
 * A linear-time set simulation of the tokens over the text's code points:
 * state j means the first j tokens matched; `*` does not cross '/'. Short
 * globs (every list entry and nearly every word) keep their state set in an
 * integer, so matching allocates nothing.
 */
function tokensMatch(g: Glob, text: string): boolean {
  const len = g.length;
  if (len > MASK_TOKENS) return tokensMatchLong(g, text);
  const stars = g.starMask;
  let states = closeStarMask(1, stars, len);
  for (let i = 0; i < text.length;) {
    const unit = text.charCodeAt(i);
    const astral = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    let next = 0;
    for (let live = states & ~(1 << len); live !== 0; live &= live - 1) {
      const j = 31 - Math.clz32(live & -live);
      if (!consumes(g, j, unit, astral)) continue;
      next |= (stars & (1 << j)) !== 0 ? 1 << j : 1 << (j + 1);
    }
    if (next === 0) return false;
    states = closeStarMask(next, stars, len);
    i += astral ? 2 : 1;
  }
  return (states & (1 << len)) !== 0;
}

/** A star at j that is reached also reaches j + 1 (ascending, as stars never follow one another). */
function closeStarMask(states: number, stars: number, len: number): number {
  let s = states;
  if ((s & stars) === 0) return s;
  for (let j = 0; j < len; j++) if ((s & stars & (1 << j)) !== 0) s |= 1 << (j + 1);
  return s;
}

function closeStars(g: Glob, s: Uint8Array): void {
  for (let j = 0; j < g.length; j++) if (s[j] && g.kind[j] === STAR) s[j + 1] = 1;
}

/** tokensMatch for longer globs, with the state set in arrays. */
function tokensMatchLong(g: Glob, text: string): boolean {
  let states = new Uint8Array(g.length + 1);
  let next = new Uint8Array(g.length + 1);
  states[0] = 1;
  closeStars(g, states);
  for (let i = 0; i < text.length;) {
    const unit = text.charCodeAt(i);
    const astral = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    next.fill(0);
    let any = false;
    for (let j = 0; j < g.length; j++) {
      if (!states[j] || !consumes(g, j, unit, astral)) continue;
      if (g.kind[j] === STAR) next[j] = 1; else next[j + 1] = 1;
      any = true;
    }
    if (!any) return false;
    closeStars(g, next);
    [states, next] = [next, states];
    i += astral ? 2 : 1;
  }
  return states[g.length] === 1;
}

/** The text before a glob's first special character. */
const literalPrefix = (glob: string) => { const at = firstGlobChar(glob); return at < 0 ? glob : glob.slice(0, at); };

/** A list path, its segment count and which of its segments are dot-files. */
interface Candidate { cand: string; n: number; dots: number[] }
/** A glob's segment: it starts with '.', it holds a glob. */
interface GlobSegment { dot: boolean; glob: boolean }

/** A glob segment not starting with '.' does not reach a dot-file (`~/*` is not `~/.ssh`). */
function hidesDotfile(glob: GlobSegment[], path: Candidate): boolean {
  for (const i of path.dots) { const g = glob[i]; if (g !== undefined && !g.dot && g.glob) return true; }
  return false;
}

/** Each list's paths with their segment counts and dot-file segments, worked out once per lists object. */
const segmented = new WeakMap<GlobLists, Candidate[]>();
function pathsOf(lists: GlobLists): Candidate[] {
  let known = segmented.get(lists);
  if (!known) {
    segmented.set(lists, known = lists.paths.map((cand) => {
      const segs = cand.split('/');
      const dots: number[] = [];
      segs.forEach((seg, i) => { if (seg.startsWith('.')) dots.push(i); });
      return { cand, n: segs.length, dots };
    }));
  }
  return known;
}

/** Sensitive paths a glob word reaches (`~/.ss?/id_*` -> `~/.ssh/id_rsa`…), keeping any tail below them. */
export function resolvePathGlob(word: string, lists: GlobLists): string[] {
  if (word.length > 256) return [];
  const w = word.replace(/\/+$/, '');
  const prefix = literalPrefix(w);
  const segs = w.split('/');
  // The word's first n segments, whether they hold a glob, and their tokens, worked out once per n.
  const heads: ({ head: string; glob: boolean; toks: Glob | null; segs: GlobSegment[] | null } | undefined)[] = [];
  const out: string[] = [];
  for (const path of pathsOf(lists)) {
    const { cand, n } = path;
    if (!cand.startsWith(prefix) && !prefix.startsWith(cand)) continue;
    if (segs.length < n) continue;
    let h = heads[n];
    if (!h) { const head = segs.slice(0, n).join('/'); h = heads[n] = { head, glob: hasGlob(head), toks: null, segs: null }; }
    if (!h.glob && segs.length === n) continue;
    h.toks ??= tokens(h.head);
    if (!tokensMatch(h.toks, cand)) continue;
    h.segs ??= h.head.split('/').map((g) => ({ dot: g.startsWith('.'), glob: hasGlob(g) }));
    if (hidesDotfile(h.segs, path)) continue;
    const rest = segs.slice(n).join('/');
    out.push(rest ? `${cand}/${rest}` : cand);
    if (out.length >= MAX_FIELDS) break;
  }
  return [...new Set(out)];
}

/** Binaries a glob in command position can run (`/???/c?t` -> cat). */
export function resolveCommandGlob(word: string, lists: GlobLists): string[] {
  const base = word.slice(word.lastIndexOf('/') + 1);
  if (base.length > 64) return [];
  if (!hasGlob(base) && !hasGlob(word)) return [];
  const out: string[] = [];
  const toks = tokens(base);
  const prefix = literalPrefix(base);
  for (const name of lists.commands) {
    if (name.startsWith(prefix) && tokensMatch(toks, name)) out.push(name);
    if (out.length >= 8) break;
  }
  return out;
}
