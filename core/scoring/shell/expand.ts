/**
 * Word expansion as the shell does it, statically: quotes removed, ANSI-C
 * strings already decoded by the parser, variables the script (or the call's
 * environment) assigned substituted, command substitutions replaced by their
 * output when it can be computed from the text alone, unquoted expansions
 * split on IFS, simple brace expansions spread. Unknown variables stay as
 * `$NAME` so path rules still read `$HOME/.ssh`.
 */
import type { Part, Script, Word } from './ast.ts';
import { MAX_FIELDS, MAX_WORD } from './limits.ts';
import { evalArith, substring, trimByPattern } from './param-ops.ts';
import { hasGlobChar } from './word-shapes.ts';

/** The output of a command substitution, when known; `decoded` when a decoder produced it. */
export interface Substitution { text: string; known: boolean; decoded: boolean }

export interface ExpandEnv {
  vars: Map<string, string>;
  /** `$0`, `$1`… of a `-c` string; null at top level. */
  positional: string[] | null;
  substitute(script: Script): Substitution;
}

export interface Expanded {
  fields: string[];
  /** Per field: it holds an unquoted glob character. */
  globs: boolean[];
  /** Some of the text came from an expansion (variable or substitution). */
  dynamic: boolean;
  /** A substitution's output came through a decoder (base64, hex, rev, tr, printf escapes). */
  decoded: boolean;
  /** The word was written to hide what it says: split quotes, escaped letters, ANSI-C escapes. */
  obfuscated: boolean;
}

const IFS_DEFAULT = ' \t\n';

function lookup(name: string, env: ExpandEnv): string | undefined {
  if (env.positional) {
    if (/^[0-9]$/.test(name)) return env.positional[Number(name)];
    if (name === '@' || name === '*') return env.positional.slice(1).join(' ');
    if (name === '#') return String(Math.max(0, env.positional.length - 1));
  }
  return env.vars.get(name);
}

function argText(p: Extract<Part, { k: 'param' }>, env: ExpandEnv): string {
  return p.arg ? expandWord(p.arg, env).fields.join(' ') : '';
}

function paramValue(p: Extract<Part, { k: 'param' }>, env: ExpandEnv, out: { dynamic: boolean; decoded: boolean }): string {
  const value = lookup(p.name, env);
  switch (p.op) {
    case '': case '@': case '^': case '^^': case ',': case ',,':
      if (value !== undefined) { out.dynamic = true; return value; }
      return `$${p.name}`;
    case ':-': case '-': case ':=': case '=':
      if (value !== undefined && (value !== '' || !p.op.startsWith(':'))) { out.dynamic = true; return value; }
      { const d = argText(p, env); if (p.op.includes('=')) env.vars.set(p.name, d); out.dynamic = true; return d; }
    case ':+': case '+':
      return value !== undefined && value !== '' ? argText(p, env) : '';
    case ':?': case '?':
      // An unknown variable keeps its guard (`${BUILD_ROOT:?}` stops the shell when empty); the home stays `$HOME`.
      return value ?? (p.name === 'HOME' ? `$${p.name}` : `\${${p.name}${p.op}}`);
    case '!': {
      const target = value === undefined ? undefined : env.vars.get(value);
      out.dynamic = true;
      return target ?? `$${value ?? p.name}`;
    }
    case '#':
      // `${#v}` is the length; `${v#pat}` parses to the same op with a pattern.
      if (p.arg === null) return value === undefined ? '0' : String(value.length);
      out.dynamic = true;
      return value === undefined ? `$${p.name}` : trimByPattern(value, p.arg.raw, '#') ?? value;
    case '/': case '//': {
      if (value === undefined) return `$${p.name}`;
      const raw = p.arg?.raw ?? '';
      const slash = raw.indexOf('/');
      const pat = slash < 0 ? raw : raw.slice(0, slash);
      const rep = slash < 0 ? '' : raw.slice(slash + 1);
      out.dynamic = true;
      if (!pat || hasGlobChar(pat)) return value;
      return p.op === '//' ? value.split(pat).join(rep) : value.replace(pat, () => rep);
    }
    case '%': case '%%': case '#?': case '##': {
      out.dynamic = true;
      if (value === undefined) return `$${p.name}`;
      return trimByPattern(value, p.arg?.raw ?? '', (p.op === '#?' ? '#' : p.op) as '%' | '%%' | '#' | '##') ?? value;
    }
    case ':': {
      out.dynamic = true;
      return substring(p.name, value, p.arg?.raw ?? '', env.vars) ?? value ?? `$${p.name}`;
    }
    default:
      out.dynamic = true;
      return value ?? `$${p.name}`;
  }
}

/** `pre{a,b}post` -> [`preapost`, `prebpost`], unnested comma braces only, at most MAX_FIELDS results. */
function braceExpand(word: string): string[] {
  let done: string[] = [];
  let todo = [word];
  for (let round = 0; round < 8 && todo.length > 0; round++) {
    const next: string[] = [];
    for (const s of todo) {
      const open = s.indexOf('{');
      const close = open < 0 ? -1 : s.indexOf('}', open);
      const inner = close < 0 ? '' : s.slice(open + 1, close);
      if (close < 0 || !inner.includes(',') || inner.includes('{')) { done.push(s); continue; }
      for (const alt of inner.split(',')) {
        if (done.length + next.length >= MAX_FIELDS) break;
        next.push(s.slice(0, open) + alt + s.slice(close + 1));
      }
    }
    todo = next;
  }
  done = done.concat(todo);
  return done.slice(0, MAX_FIELDS);
}

const LETTERS = /[A-Za-z0-9]/;

/** True when a command word was written to hide itself (`c''at`, `r\m`, `"r"m`, `$'\x72m'`). */
function obfuscated(w: Word): boolean {
  // One pass over the literal parts for what the tests below ask in turn (the escape tests first, as before).
  let emptyQuoted = false; let quotedLetters = false; let bareLetters = false;
  for (const p of w.parts) {
    if (p.k !== 'lit') continue;
    if (p.escaped && (p.q === 1 || (p.q === 0 && LETTERS.test(p.s)))) return true;
    if (p.q !== 0 && p.s === '') emptyQuoted = true;
    else if (LETTERS.test(p.s)) { if (p.q === 0) bareLetters = true; else quotedLetters = true; }
  }
  if (w.parts.length < 2) return false;
  return emptyQuoted || (quotedLetters && bareLetters);
}

/** Collects fields while a word expands (a class: no closures on the hot path). */
class Fields {
  fields: string[] = [];
  globs: boolean[] = [];
  cur = '';
  started = false;
  glob = false;
  constructor(readonly ifs: string) {}
  push(): void {
    if (this.started || this.cur !== '') { this.fields.push(this.cur.slice(0, MAX_WORD)); this.globs.push(this.glob); }
    this.cur = ''; this.started = false; this.glob = false;
  }
  /**
   * Appends an unquoted expansion, splitting it on IFS, read by code point.
   * The pieces between separators are slices of `value`, not strings grown a
   * character at a time (a substitution's text runs to hundreds of characters).
   */
  split(value: string): void {
    const ifs = this.ifs;
    if (ifs === '') { this.cur += value; return; }
    let start = 0;
    let i = 0;
    while (i < value.length) {
      const width = codePointWidth(value, i);
      if (inIfs(ifs, value, i, width)) {
        if (i > start || !defaultBlank(value, i, width)) { this.cur += value.slice(start, i); this.push(); }
        else if (this.cur !== '') this.push();
        i += width;
        start = i;
        continue;
      }
      i += width;
      if (i - start > MAX_WORD) break;
    }
    const piece = value.slice(start, i);
    this.cur += piece;
    if (piece !== '') this.started = true;
  }
}

/** 2 where a surrogate pair starts at `i` (one code point, as a string iterator reads it), else 1. */
function codePointWidth(s: string, i: number): 1 | 2 {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
}

/** `ifs.includes(ch)` for the code point `ch` of `width` units at s[i]. */
function inIfs(ifs: string, s: string, i: number, width: 1 | 2): boolean {
  if (width === 2) return ifs.includes(s.slice(i, i + 2));
  const c = s.charCodeAt(i);
  for (let k = 0; k < ifs.length; k++) if (ifs.charCodeAt(k) === c) return true;
  return false;
}

/** `IFS_DEFAULT.includes(ch)` (space, tab, newline) for the code point at s[i]. */
function defaultBlank(s: string, i: number, width: 1 | 2): boolean {
  const c = s.charCodeAt(i);
  return width === 1 && (c === 0x20 || c === 0x09 || c === 0x0a);
}

/** A word that is one literal, quoted or bare with no comma (no brace expansion): its one field is the text itself. */
function singleLiteral(w: Word): Extract<Part, { k: 'lit' }> | null {
  if (w.parts.length !== 1) return null;
  const p = w.parts[0]!;
  return p.k === 'lit' && (p.q !== 0 || (p.s !== '' && !p.s.includes(','))) ? p : null;
}

/**
 * A single literal (see singleLiteral) with no escape: most words are. It
 * expands to one field, its text, from nothing dynamic, decoded or
 * obfuscated; null for any other word.
 */
export function plainLiteral(w: Word): Extract<Part, { k: 'lit' }> | null {
  const p = singleLiteral(w);
  return p !== null && p.escaped !== true ? p : null;
}

/** A plain literal's one field (see plainLiteral). */
export const plainField = (p: Extract<Part, { k: 'lit' }>): string => p.s.slice(0, MAX_WORD);

/** Whether a plain literal's one field holds an unquoted glob character (see plainLiteral). */
export const plainGlob = (p: Extract<Part, { k: 'lit' }>): boolean => p.q === 0 && hasGlobChar(p.s);

/** `text.replace(/\n+$/, '')`: a substitution's output loses its trailing newlines. */
function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x0a) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Expands one word into its fields. `ifs` is the script's current IFS. */
export function expandWord(w: Word, env: ExpandEnv, ifs = IFS_DEFAULT): Expanded {
  const p = singleLiteral(w);
  if (p !== null) return { fields: [plainField(p)], globs: [plainGlob(p)], dynamic: false, decoded: false, obfuscated: p.escaped === true ? obfuscated(w) : false };
  const b = new Fields(ifs);
  const flags = { dynamic: false, decoded: false };
  for (const p of w.parts) {
    if (b.fields.length >= MAX_FIELDS) break;
    if (p.k === 'lit') {
      b.cur += p.s;
      if (p.q !== 0) b.started = true;
      else if (hasGlobChar(p.s)) b.glob = true;
      continue;
    }
    let value: string;
    if (p.k === 'param') value = paramValue(p, env, flags);
    else if (p.k === 'arith') { const n = evalArith(p.s, env.vars); value = n === null ? `$((${p.s}))` : String(n); }
    else if (p.process) value = '/dev/fd/63';
    else {
      const s = env.substitute(p.script);
      value = withoutTrailingNewlines(s.text);
      flags.dynamic = true;
      if (s.decoded) flags.decoded = true;
    }
    if (b.cur.length + value.length > MAX_WORD) value = value.slice(0, Math.max(0, MAX_WORD - b.cur.length));
    if (p.q === 0 && (p.k === 'cmd' || (p.k === 'param' && value !== '' && !value.startsWith('$')))) b.split(value);
    else { b.cur += value; b.started = true; }
  }
  b.push();
  const { fields, globs } = b;
  // Brace expansion of a plain unquoted word (`{cat,/etc/passwd}`, `src/{a,b}`).
  if (fields.length === 1 && w.parts.length === 1 && w.parts[0]!.k === 'lit' && w.parts[0]!.q === 0 && fields[0]!.includes(',')) {
    const spread = braceExpand(fields[0]!);
    if (spread.length > 1) return { fields: spread, globs: spread.map((f) => hasGlobChar(f)), dynamic: flags.dynamic, decoded: flags.decoded, obfuscated: false };
  }
  return { fields, globs, dynamic: flags.dynamic, decoded: flags.decoded, obfuscated: w.parts.length > 1 || (w.parts[0]?.k === 'lit' && w.parts[0].escaped === true) ? obfuscated(w) : false };
}
