/**
 * Globs an attacker writes instead of a name (`/???/c?t`, `~/.ss?`,
 * `/etc/[s]hadow`), matched against the lists of sensitive paths and of
 * binaries from config/filters/shell.toml, so the rules read the name the
 * glob reaches. Matching is a linear-time set simulation (`*` does not cross
 * '/'), never a regex built from input.
 */
import { MAX_FIELDS } from './limits.ts';

import type { PopularPackages } from './typosquat.ts';

export interface GlobLists {
  paths: readonly string[];
  commands: readonly string[];
  /** Very popular package names (shell.toml `[packages]`): installs one edit away are noted (typosquat.ts). */
  packages?: PopularPackages;
}

type Tok = { t: 'star' } | { t: 'any' } | { t: 'ch'; c: string } | { t: 'class'; test: (c: string) => boolean };

function tokens(glob: string): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < glob.length && out.length < 512; i++) {
    const ch = glob[i]!;
    if (ch === '*') { if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' }); continue; }
    if (ch === '?') { out.push({ t: 'any' }); continue; }
    if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close > i) {
        let body = glob.slice(i + 1, close);
        const neg = body.startsWith('!') || body.startsWith('^');
        if (neg) body = body.slice(1);
        const ranges: [number, number][] = [];
        for (let k = 0; k < body.length; k++) {
          if (body[k + 1] === '-' && k + 2 < body.length) { ranges.push([body.charCodeAt(k), body.charCodeAt(k + 2)]); k += 2; }
          else ranges.push([body.charCodeAt(k), body.charCodeAt(k)]);
        }
        out.push({ t: 'class', test: (c) => { const n = c.charCodeAt(0); return ranges.some(([a, b]) => n >= a && n <= b) !== neg; } });
        i = close;
        continue;
      }
    }
    out.push({ t: 'ch', c: ch });
  }
  return out;
}

/** True when `glob` matches all of `text`. */
export function globFull(glob: string, text: string): boolean {
  return tokensMatch(tokens(glob), text);
}

function closeStars(toks: Tok[], s: Uint8Array): void {
  for (let j = 0; j < toks.length; j++) if (s[j] && toks[j]!.t === 'star') s[j + 1] = 1;
}

function tokensMatch(toks: Tok[], text: string): boolean {
  let states = new Uint8Array(toks.length + 1);
  let next = new Uint8Array(toks.length + 1);
  states[0] = 1;
  closeStars(toks, states);
  for (const c of text) {
    next.fill(0);
    let any = false;
    for (let j = 0; j < toks.length; j++) {
      if (!states[j]) continue;
      const t = toks[j]!;
      if (t.t === 'star') { if (c !== '/') { next[j] = 1; any = true; } }
      else if (t.t === 'any' ? c !== '/' : t.t === 'ch' ? t.c === c : t.test(c)) { next[j + 1] = 1; any = true; }
    }
    if (!any) return false;
    closeStars(toks, next);
    [states, next] = [next, states];
  }
  return states[toks.length] === 1;
}

/** The text before a glob's first special character. */
const literalPrefix = (glob: string) => { const m = /[*?[]/.exec(glob); return m ? glob.slice(0, m.index) : glob; };

/** True when `s` holds a glob: `*`, `?` or a closed `[…]` class (a lone `[` is the test command). */
export const hasGlob = (s: string) => /[*?]|\[[^\]]+\]/.test(s);

/** A glob segment not starting with '.' does not reach a dot-file (`~/*` is not `~/.ssh`). */
function hidesDotfile(glob: string, path: string): boolean {
  const g = glob.split('/');
  return path.split('/').some((seg, i) => seg.startsWith('.') && !(g[i] ?? '').startsWith('.') && hasGlob(g[i] ?? ''));
}

/** Each list's paths with their segment counts, worked out once per lists object. */
const segmented = new WeakMap<GlobLists, { cand: string; n: number }[]>();
function pathsOf(lists: GlobLists): { cand: string; n: number }[] {
  let known = segmented.get(lists);
  if (!known) segmented.set(lists, known = lists.paths.map((cand) => ({ cand, n: cand.split('/').length })));
  return known;
}

/** Sensitive paths a glob word reaches (`~/.ss?/id_*` -> `~/.ssh/id_rsa`…), keeping any tail below them. */
export function resolvePathGlob(word: string, lists: GlobLists): string[] {
  if (word.length > 256) return [];
  const w = word.replace(/\/+$/, '');
  const prefix = literalPrefix(w);
  const segs = w.split('/');
  const compiled = new Map<number, Tok[]>();
  const out: string[] = [];
  for (const { cand, n } of pathsOf(lists)) {
    if (!cand.startsWith(prefix) && !prefix.startsWith(cand)) continue;
    if (segs.length < n) continue;
    const head = segs.slice(0, n).join('/');
    if (!hasGlob(head) && segs.length === n) continue;
    let toks = compiled.get(n);
    if (!toks) { toks = tokens(head); compiled.set(n, toks); }
    if (!tokensMatch(toks, cand) || hidesDotfile(head, cand)) continue;
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
