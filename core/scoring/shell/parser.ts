/**
 * A bounded, tolerant shell parser (POSIX sh plus the bash forms agents and
 * attackers write: `$'…'`, `<<<`, `&>`, `function f`, `((…))`). It never
 * throws: what it cannot make sense of is recorded in `problems` and the
 * parse goes on from the next character, so a broken line still yields the
 * commands it contains. Work is bounded by `Budget`, text by MAX_PARSE_CHARS
 * and nesting by MAX_DEPTH.
 *
 * Why hand-written: shell-quote only tokenises (no substitutions, heredocs or
 * nesting) and cost ~108 µs per command here; tree-sitter-bash through
 * web-tree-sitter cost ~205 µs to parse and ~370 µs with a tree walk plus
 * 1.5 MB of WASM; sh-syntax (mvdan/sh as Go WASM) answers asynchronously at
 * ~17 ms per command. The scoring engine is synchronous with a p99 budget of
 * 100 µs for the whole pipeline.
 */
import type { AndOr, Assignment, Command, Parsed, Part, Pipeline, Quoting, Redirect, Script, Word } from './ast.ts';
import { createBudget, MAX_DEPTH, MAX_NEST, MAX_PARSE_CHARS, type Budget } from './limits.ts';

const META = new Set([' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')']);
/** By ASCII code: 1 for META's characters, 2 for the quoting and expansion characters a bare word stops at too ('"\\$`). */
const STOP = new Uint8Array(128);
for (const ch of META) STOP[ch.charCodeAt(0)] = 1;
for (const ch of '\'"\\$`') STOP[ch.charCodeAt(0)] = 2;
const RESERVED_END = new Set(['then', 'do', 'done', 'fi', 'else', 'elif', 'esac', '}', ';;']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INFINITE_COND = /^(?::|true|1|\[\s*1\s*\]|\(\(\s*1\s*\)\)|\/bin\/true)$/;

interface Pending { redirect: Redirect; delim: string; strip: boolean }

class Cursor {
  pos = 0;
  /** Lists open inside one another (subshells, groups, loops) at this depth. */
  nest = 0;
  pending: Pending[] = [];
  constructor(readonly src: string, readonly budget: Budget, readonly problems: string[], readonly depth: number) {}
  peek(o = 0): string { return this.src[this.pos + o] ?? ''; }
  eof(): boolean { return this.pos >= this.src.length; }
  startsWith(s: string): boolean { return this.src.startsWith(s, this.pos); }
  problem(what: string): void { if (this.problems.length < 8) this.problems.push(what); }
}

/** Parses shell text; never throws. */
export function parseShell(text: string, budget: Budget = createBudget(), depth = 0): Parsed {
  const problems: string[] = [];
  let truncated = false;
  let src = text;
  if (src.length > MAX_PARSE_CHARS) { src = src.slice(0, MAX_PARSE_CHARS); truncated = true; }
  if (depth > MAX_DEPTH) return { script: [], problems: ['nesting deeper than the parser follows'], truncated: false };
  const c = new Cursor(src, budget, problems, depth);
  const script = parseList(c, null);
  if (!c.eof()) c.problem(`unexpected '${c.peek()}'`);
  if (c.pending.length > 0 && !truncated) c.problem('unterminated here-document');
  if (!budget.spend(0)) c.problem('parse budget exhausted');
  if (truncated) return { script, problems: problems.filter((p) => !p.startsWith('unterminated')), truncated };
  return { script, problems, truncated };
}

function skipBlanks(c: Cursor): void {
  const src = c.src;
  for (;;) {
    const ch = src.charCodeAt(c.pos);
    if (ch === 0x20 || ch === 0x09 || ch === 0x0d) c.pos++;
    else if (ch === 0x5c && src.charCodeAt(c.pos + 1) === 0x0a) c.pos += 2;
    else if (ch === 0x23) { const end = src.indexOf('\n', c.pos); c.pos = end < 0 ? src.length : end; }
    else return;
  }
}

/** Consumes a newline and reads the bodies of pending here-documents. */
function newline(c: Cursor): void {
  c.pos++;
  while (c.pending.length > 0) {
    const h = c.pending.shift()!;
    const lines: string[] = [];
    let found = false;
    while (!c.eof()) {
      let end = c.src.indexOf('\n', c.pos);
      if (end < 0) end = c.src.length;
      let line = c.src.slice(c.pos, end);
      c.pos = Math.min(c.src.length, end + 1);
      if (h.strip) line = line.replace(/^\t+/, '');
      if (line === h.delim) { found = true; break; }
      lines.push(line);
      if (!c.budget.spend()) break;
    }
    if (!found) c.problem('unterminated here-document');
    h.redirect.heredoc = { body: lines.join('\n') + (lines.length ? '\n' : ''), quoted: h.redirect.heredoc?.quoted ?? false };
  }
}

/** Separators between list items; returns true when one was consumed. */
function separator(c: Cursor): { sep: boolean; bg: boolean } {
  skipBlanks(c);
  const ch = c.peek();
  if (ch === ';' && c.peek(1) !== ';') { c.pos++; return { sep: true, bg: false }; }
  if (ch === '&' && c.peek(1) !== '&' && c.peek(1) !== '>') { c.pos++; return { sep: true, bg: true }; }
  if (ch === '\n') { newline(c); return { sep: true, bg: false }; }
  return { sep: false, bg: false };
}

/** A list until `)` (when `closer` is ')'), a reserved word in `stops`, or the end. */
function parseList(c: Cursor, closer: ')' | null, stops: ReadonlySet<string> = RESERVED_END): Script {
  if (c.nest >= MAX_NEST) { c.problem('nesting deeper than the parser follows'); c.pos = c.src.length; return []; }
  c.nest++;
  try { return parseItems(c, closer, stops); } finally { c.nest--; }
}

function parseItems(c: Cursor, closer: ')' | null, stops: ReadonlySet<string>): Script {
  const items: AndOr[] = [];
  for (let guard = 0; guard < 1_000_000; guard++) {
    skipBlanks(c);
    while (c.peek() === '\n' || (c.peek() === ';' && c.peek(1) !== ';')) { if (c.peek() === '\n') newline(c); else c.pos++; skipBlanks(c); }
    if (c.eof() || !c.budget.spend()) break;
    if (c.peek() === ')') { if (closer === ')') break; c.problem("unbalanced ')'"); c.pos++; continue; }
    if (c.startsWith(';;')) { if (stops.has(';;')) break; c.pos += 2; continue; }
    const w = peekWord(c);
    if (w !== null && stops.has(w)) break;
    const start = c.pos;
    const item = parseAndOr(c, closer, stops);
    if (item) items.push(item);
    const s = separator(c);
    if (item && s.bg) item.background = true;
    if (c.pos === start) {
      // Nothing consumed: a stray operator. Record it and move on.
      c.problem(`unexpected '${c.peek()}'`);
      c.pos++;
    }
  }
  return items;
}

function parseAndOr(c: Cursor, closer: ')' | null, stops: ReadonlySet<string>): AndOr | null {
  const first = parsePipeline(c, closer, stops);
  if (!first) return null;
  const item: AndOr = { pipes: [first], ops: [], background: false };
  for (;;) {
    skipBlanks(c);
    const op = c.startsWith('&&') ? '&&' : c.startsWith('||') ? '||' : null;
    if (!op) break;
    c.pos += 2;
    skipBlanks(c);
    while (c.peek() === '\n') { newline(c); skipBlanks(c); }
    const next = parsePipeline(c, closer, stops);
    if (!next) { c.problem(`nothing after '${op}'`); break; }
    item.pipes.push(next);
    item.ops.push(op);
  }
  return item;
}

function parsePipeline(c: Cursor, closer: ')' | null, stops: ReadonlySet<string>): Pipeline | null {
  skipBlanks(c);
  if (c.peek() === '!' && META.has(c.peek(1) || ' ')) { c.pos++; skipBlanks(c); }
  const first = parseCommand(c, closer, stops);
  if (!first) return null;
  const p: Pipeline = { cmds: [first] };
  for (;;) {
    skipBlanks(c);
    if (c.peek() !== '|' || c.peek(1) === '|') break;
    c.pos += c.peek(1) === '&' ? 2 : 1;
    skipBlanks(c);
    while (c.peek() === '\n') { newline(c); skipBlanks(c); }
    const next = parseCommand(c, closer, stops);
    if (!next) { c.problem("nothing after '|'"); break; }
    p.cmds.push(next);
  }
  return p;
}

/** The next bare word when it is a plain literal (for reserved words), without consuming it. */
function peekWord(c: Cursor): string | null {
  const src = c.src;
  let i = c.pos;
  let code = 0;
  for (; i < src.length; i++) { code = src.charCodeAt(i); if (code < 128 && STOP[code] !== 0) break; }
  if (i === c.pos) return c.startsWith(';;') ? ';;' : null;
  if (i < src.length && STOP[code] !== 1) return null;
  return src.slice(c.pos, i);
}

function expectWord(c: Cursor, word: string): boolean {
  skipBlanks(c);
  while (c.peek() === '\n' || c.peek() === ';') { if (c.peek() === '\n') newline(c); else c.pos++; skipBlanks(c); }
  if (peekWord(c) === word) { c.pos += word.length; return true; }
  c.problem(`expected '${word}'`);
  return false;
}

const textOf = (s: Script): string => s.map((a) => a.pipes.map((p) => p.cmds.map((cmd) => cmd.kind === 'simple' ? cmd.words.map((w) => w.raw).join(' ') : cmd.kind).join('|')).join('&&')).join(';');

function parseCommand(c: Cursor, closer: ')' | null, stops: ReadonlySet<string>): Command | null {
  skipBlanks(c);
  if (!c.budget.spend()) return null;
  const ch = c.peek();
  if (ch === '(' && c.peek(1) === '(') {
    // Arithmetic command: skip to the matching '))'.
    const end = matchParens(c.src, c.pos + 1);
    c.pos = end < 0 ? c.src.length : end + 1;
    if (c.peek() === ')') c.pos++;
    return { kind: 'simple', assigns: [], words: [], redirs: [] };
  }
  if (ch === '(') {
    c.pos++;
    const body = parseList(c, ')');
    if (c.peek() === ')') c.pos++; else c.problem("unterminated '('");
    return { kind: 'group', body, redirs: parseRedirects(c) };
  }
  const w = peekWord(c);
  if (w === '{') {
    c.pos++;
    const body = parseList(c, closer, new Set([...RESERVED_END, '}']));
    expectWord(c, '}');
    return { kind: 'group', body, redirs: parseRedirects(c) };
  }
  if (w === 'if') {
    c.pos += 2;
    const parts: Script = [];
    const ifStops = new Set(['then', 'elif', 'else', 'fi']);
    for (let guard = 0; guard < 10_000 && !c.eof(); guard++) {
      parts.push(...parseList(c, closer, ifStops));
      const kw = peekWord(c);
      if (kw === 'fi') { c.pos += 2; break; }
      if (kw === 'then' || kw === 'elif' || kw === 'else') { c.pos += kw.length; continue; }
      c.problem("unterminated 'if'");
      break;
    }
    return { kind: 'group', body: parts, redirs: parseRedirects(c) };
  }
  if (w === 'while' || w === 'until') {
    c.pos += w.length;
    const cond = parseList(c, closer, new Set(['do']));
    expectWord(c, 'do');
    const body = parseList(c, closer, new Set(['done']));
    expectWord(c, 'done');
    const ct = textOf(cond).trim();
    const infinite = w === 'while' ? INFINITE_COND.test(ct) : /^(?:false|\/bin\/false)$/.test(ct);
    return { kind: 'loop', infinite, cond, body, redirs: parseRedirects(c) };
  }
  if (w === 'for' || w === 'select') {
    c.pos += w.length;
    skipBlanks(c);
    if (c.startsWith('((')) {
      // `end` is the inner ')' of the closing '))'.
      const end = matchParens(c.src, c.pos + 1);
      const header = c.src.slice(c.pos + 2, end < 0 ? c.src.length : end);
      c.pos = end < 0 ? c.src.length : end + 1;
      if (c.peek() === ')') c.pos++; else c.problem("unterminated 'for (('");
      expectWord(c, 'do');
      const body = parseList(c, closer, new Set(['done']));
      expectWord(c, 'done');
      const infinite = /^\s*[^;]*;\s*;\s*[^;]*$/.test(header);
      return { kind: 'loop', infinite, cond: [], body, redirs: parseRedirects(c) };
    }
    const nameWord = readWord(c);
    const name = nameWord ? nameWord.raw : '';
    skipBlanks(c);
    let items: Word[] | null = null;
    if (peekWord(c) === 'in') {
      c.pos += 2;
      items = [];
      for (;;) {
        skipBlanks(c);
        const ch2 = c.peek();
        if (c.eof() || ch2 === ';' || ch2 === '\n' || ch2 === '&') break;
        const iw = readWord(c);
        if (!iw) break;
        items.push(iw);
      }
    }
    expectWord(c, 'do');
    const body = parseList(c, closer, new Set(['done']));
    expectWord(c, 'done');
    return { kind: 'for', name, items, body, redirs: parseRedirects(c) };
  }
  if (w === 'case') {
    c.pos += 4;
    skipBlanks(c);
    readWord(c);
    expectWord(c, 'in');
    const arms: Script = [];
    for (let guard = 0; guard < 10_000; guard++) {
      skipBlanks(c);
      while (c.peek() === '\n' || c.peek() === ';') { if (c.peek() === '\n') newline(c); else c.pos++; skipBlanks(c); }
      if (c.eof()) { c.problem("unterminated 'case'"); break; }
      if (peekWord(c) === 'esac') { c.pos += 4; break; }
      // Pattern list up to ')'.
      if (c.peek() === '(') c.pos++;
      while (!c.eof() && c.peek() !== ')' && c.peek() !== '\n') { if (!readWord(c)) c.pos++; skipBlanks(c); }
      if (c.peek() === ')') c.pos++;
      arms.push(...parseList(c, closer, new Set([';;', 'esac'])));
      if (c.startsWith(';;')) c.pos += 2;
    }
    return { kind: 'group', body: arms, redirs: parseRedirects(c) };
  }
  if (w === 'function') {
    c.pos += 8;
    skipBlanks(c);
    const nw = readWord(c);
    skipBlanks(c);
    if (c.startsWith('()')) c.pos += 2;
    else { const m = /^\(\s{0,8}\)/.exec(c.src.slice(c.pos, c.pos + 12)); if (m) c.pos += m[0].length; }
    skipBlanks(c);
    while (c.peek() === '\n') { newline(c); skipBlanks(c); }
    const body = parseCommand(c, closer, stops);
    return { kind: 'func', name: nw?.raw ?? '', body: body ?? { kind: 'group', body: [], redirs: [] } };
  }
  if (w !== null && RESERVED_END.has(w)) return null;
  return parseSimple(c);
}

function parseSimple(c: Cursor): Command | null {
  const assigns: Assignment[] = [];
  const words: Word[] = [];
  const redirs: Redirect[] = [];
  for (let guard = 0; guard < 100_000; guard++) {
    skipBlanks(c);
    if (c.eof() || !c.budget.spend()) break;
    const r = parseRedirect(c);
    if (r) { redirs.push(r); continue; }
    const ch = c.peek();
    if (ch === '(' && words.length === 1 && assigns.length === 0) {
      // name () compound: a function definition.
      const m = /^\(\s*\)/.exec(c.src.slice(c.pos, c.pos + 16));
      if (m) {
        c.pos += m[0].length;
        skipBlanks(c);
        while (c.peek() === '\n') { newline(c); skipBlanks(c); }
        const body = parseCommand(c, null, RESERVED_END);
        return { kind: 'func', name: words[0]!.raw, body: body ?? { kind: 'group', body: [], redirs: [] } };
      }
    }
    // A process substitution (`diff <(sort a) <(sort b)`, `sh <(curl …)`) is a word: readWord takes it.
    if (META.has(ch) && !((ch === '<' || ch === '>') && c.peek(1) === '(')) {
      if (ch === '(' && words.length > 0 && words[words.length - 1]!.raw.endsWith('=')) {
        // `declare -a name=( … )`: an array value after a builtin.
        const end = matchParens(c.src, c.pos);
        c.pos = end < 0 ? c.src.length : end + 1;
        continue;
      }
      if (ch === '(') { c.problem("unexpected '('"); c.pos++; continue; }
      break;
    }
    const w = readWord(c);
    if (!w) break;
    if (words.length === 0) {
      const a = asAssignment(w);
      if (a) {
        if (c.peek() === '(' ) {
          // Array assignment: name=( words ).
          c.pos++;
          const items: Word[] = [];
          for (let g = 0; g < 10_000; g++) {
            skipBlanks(c);
            while (c.peek() === '\n') { newline(c); skipBlanks(c); }
            if (c.eof() || c.peek() === ')') break;
            const iw = readWord(c);
            if (!iw) { c.pos++; continue; }
            items.push(iw);
          }
          if (c.peek() === ')') c.pos++;
          a.value = { parts: items.flatMap((iw, i) => i === 0 ? iw.parts : [{ k: 'lit' as const, s: ' ', q: 2 as Quoting }, ...iw.parts]), raw: items.map((iw) => iw.raw).join(' ') };
        }
        assigns.push(a);
        continue;
      }
    }
    words.push(w);
  }
  if (words.length === 0 && assigns.length === 0 && redirs.length === 0) return null;
  return { kind: 'simple', assigns, words, redirs };
}

function asAssignment(w: Word): Assignment | null {
  const first = w.parts[0];
  if (!first || first.k !== 'lit' || first.q !== 0) return null;
  const eq = first.s.indexOf('=');
  if (eq <= 0) return null;
  let name = first.s.slice(0, eq);
  if (name.endsWith('+')) name = name.slice(0, -1);
  if (!NAME.test(name)) return null;
  const rest = first.s.slice(eq + 1);
  const parts: Part[] = rest ? [{ k: 'lit', s: rest, q: 0 }, ...w.parts.slice(1)] : w.parts.slice(1);
  return { name, value: { parts, raw: w.raw.slice(w.raw.indexOf('=') + 1) } };
}

function parseRedirects(c: Cursor): Redirect[] {
  const out: Redirect[] = [];
  for (let g = 0; g < 1000; g++) {
    skipBlanks(c);
    const r = parseRedirect(c);
    if (!r) break;
    out.push(r);
  }
  return out;
}

const REDIRECT_OPS = ['<<<', '<<-', '&>>', '<<', '<>', '<&', '>>', '>&', '>|', '&>', '<', '>'];

/** The redirection operator at `i` (the longest of REDIRECT_OPS), or null. */
function redirectOp(src: string, i: number): string | null {
  const ch = src.charCodeAt(i);
  if (ch !== 0x3c && ch !== 0x3e && ch !== 0x26) return null;
  for (const o of REDIRECT_OPS) if (src.startsWith(o, i)) return o;
  return null;
}

function parseRedirect(c: Cursor): Redirect | null {
  const src = c.src;
  let i = c.pos;
  // A redirection starts with a digit, '{', '<', '>' or '&': most words are none of these.
  const first = src.charCodeAt(i);
  if (first !== 0x3c && first !== 0x3e && first !== 0x26 && first !== 0x7b && !(first >= 0x30 && first <= 0x39)) return null;
  while (i < src.length && i - c.pos < 4 && src[i]! >= '0' && src[i]! <= '9') i++;
  if (src[i] === '{') {
    const close = src.indexOf('}', i);
    if (close > i && close - i < 32 && /^\{[A-Za-z_][A-Za-z0-9_]*\}[<>]/.test(src.slice(i, close + 2))) i = close + 1;
  }
  const op = redirectOp(src, i);
  if (!op) return null;
  if ((op === '<' || op === '>') && c.src[i + 1] === '(') return null; // process substitution is a word
  if (op === '&>' && i !== c.pos) return null;
  const fd = c.src.slice(c.pos, i);
  c.pos = i + op.length;
  skipBlanks(c);
  if (op === '<<' || op === '<<-') {
    const dw = readWord(c);
    const quoted = dw ? dw.parts.some((p) => p.k === 'lit' && (p.q !== 0 || p.escaped)) : false;
    const delim = dw ? dw.parts.map((p) => p.k === 'lit' ? p.s : '').join('') : '';
    const redirect: Redirect = { op, target: dw, heredoc: { body: '', quoted } };
    if (delim) c.pending.push({ redirect, delim, strip: op === '<<-' });
    else c.problem('here-document without a delimiter');
    return redirect;
  }
  const target = readWord(c);
  if (!target) c.problem(`redirection '${op}' without a target`);
  return { op: fd + op, target };
}

/** Index of the ')' matching the '(' at `open`, or -1 (quotes respected, bounded by the text). */
function matchParens(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\') { i++; continue; }
    if (ch === "'") { const e = src.indexOf("'", i + 1); if (e < 0) return -1; i = e; continue; }
    if (ch === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')') { depth--; if (depth === 0) return i; }
  }
  return -1;
}

/** Reads one word at the cursor (quotes, escapes, expansions); null when none starts here. */
export function readWord(c: Cursor): Word | null {
  const start = c.pos;
  if (!c.budget.spend()) return null;
  const parts: Part[] = [];
  let lit = '';
  const src = c.src;
  for (let guard = 0; guard < 1_000_000 && !c.eof(); guard++) {
    const code = src.charCodeAt(c.pos);
    if (code >= 128 || STOP[code] === 0) {
      // A run of characters with no meaning to the shell (PLAIN_RUN, and the blanks outside META it stops at: both go to the literal).
      let end = c.pos + 1;
      for (; end < src.length; end++) { const k = src.charCodeAt(end); if (k < 128 && STOP[k] !== 0) break; }
      lit += src.slice(c.pos, end);
      c.pos = end;
      continue;
    }
    const ch = src[c.pos]!;
    if (STOP[code] === 1) {
      if ((ch === '<' || ch === '>') && c.peek(1) === '(') {
        if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; }
        const end = matchParens(c.src, c.pos + 1);
        const inner = c.src.slice(c.pos + 2, end < 0 ? c.src.length : end);
        c.pos = end < 0 ? c.src.length : end + 1;
        parts.push({ k: 'cmd', script: nested(c, inner), q: 0, process: true });
        continue;
      }
      break;
    }
    if (ch === '\\') {
      const next = c.peek(1);
      if (next === '\n') { c.pos += 2; continue; }
      if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; }
      if (next) parts.push({ k: 'lit', s: next, q: 0, escaped: true });
      c.pos += next ? 2 : 1;
      continue;
    }
    if (ch === "'") {
      if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; }
      const end = c.src.indexOf("'", c.pos + 1);
      if (end < 0) { c.problem('unterminated single quote'); parts.push({ k: 'lit', s: c.src.slice(c.pos + 1), q: 1 }); c.pos = c.src.length; break; }
      parts.push({ k: 'lit', s: c.src.slice(c.pos + 1, end), q: 1 });
      c.pos = end + 1;
      continue;
    }
    if (ch === '"') { if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; } c.pos++; readDouble(c, parts); continue; }
    if (ch === '`') { if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; } parts.push(readBacktick(c, 0)); continue; }
    if (ch === '$') {
      const p = readDollar(c, 0);
      if (p) { if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; } parts.push(p); continue; }
      lit += '$';
      c.pos++;
      continue;
    }
    lit += ch;
    c.pos++;
  }
  if (lit) { parts.push({ k: 'lit', s: lit, q: 0 }); lit = ''; }
  if (c.pos === start) return null;
  return { parts, raw: c.src.slice(start, c.pos) };
}

function readDouble(c: Cursor, parts: Part[]): void {
  let lit = '';
  let closed = false;
  let empty = true;
  const src = c.src;
  for (let guard = 0; guard < 1_000_000 && !c.eof(); guard++) {
    const code = src.charCodeAt(c.pos);
    if (code !== 0x22 && code !== 0x5c && code !== 0x60 && code !== 0x24) {
      // A run of characters that stand for themselves inside double quotes.
      let end = c.pos + 1;
      for (; end < src.length; end++) { const k = src.charCodeAt(end); if (k === 0x22 || k === 0x5c || k === 0x60 || k === 0x24) break; }
      lit += src.slice(c.pos, end);
      c.pos = end;
      empty = false;
      continue;
    }
    const ch = src[c.pos]!;
    if (ch === '"') { c.pos++; closed = true; break; }
    empty = false;
    if (ch === '\\') {
      const next = c.peek(1);
      if ('$`"\\'.includes(next) && next) { lit += next; c.pos += 2; continue; }
      if (next === '\n') { c.pos += 2; continue; }
      lit += ch;
      c.pos++;
      continue;
    }
    if (ch === '`') { if (lit) { parts.push({ k: 'lit', s: lit, q: 2 }); lit = ''; } parts.push(readBacktick(c, 2)); continue; }
    if (ch === '$') {
      const p = readDollar(c, 2);
      if (p) { if (lit) { parts.push({ k: 'lit', s: lit, q: 2 }); lit = ''; } parts.push(p); continue; }
    }
    lit += ch;
    c.pos++;
  }
  if (!closed) c.problem('unterminated double quote');
  if (lit) { parts.push({ k: 'lit', s: lit, q: 2 }); lit = ''; }
  if (empty) parts.push({ k: 'lit', s: '', q: 2 });
}

function nested(c: Cursor, text: string): Script {
  const sub = parseShell(text, c.budget, c.depth + 1);
  for (const p of sub.problems) c.problem(p);
  return sub.script;
}

function readBacktick(c: Cursor, q: Quoting): Part {
  let i = c.pos + 1;
  let inner = '';
  for (; i < c.src.length && c.src[i] !== '`'; i++) {
    if (c.src[i] === '\\' && '`$\\'.includes(c.src[i + 1] ?? '')) { inner += c.src[i + 1]; i++; continue; }
    inner += c.src[i];
  }
  if (i >= c.src.length) c.problem('unterminated backquote');
  c.pos = Math.min(c.src.length, i + 1);
  return { k: 'cmd', script: nested(c, inner), q };
}

const HEX4 = /^[0-9a-fA-F]{1,4}/;
const HEX8 = /^[0-9a-fA-F]{1,8}/;
const ANSI_SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

/** Decodes the body of an ANSI-C `$'…'` string (also used for `echo -e` and printf formats). */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\' || i + 1 >= body.length) { out += ch; continue; }
    const n = body[++i]!;
    if (n in ANSI_SIMPLE) { out += ANSI_SIMPLE[n]; continue; }
    let m: RegExpExecArray | null;
    if (n === 'x' && (m = /^[0-9a-fA-F]{1,2}/.exec(body.slice(i + 1, i + 3)))) { out += String.fromCharCode(parseInt(m[0], 16)); i += m[0].length; continue; }
    if ((n === 'u' || n === 'U') && (m = (n === 'u' ? HEX4 : HEX8).exec(body.slice(i + 1, i + 9)))) {
      const cp = parseInt(m[0], 16);
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
      i += m[0].length;
      continue;
    }
    if ((m = /^[0-7]{1,3}/.exec(body.slice(i, i + 3)))) { out += String.fromCharCode(parseInt(m[0], 8) & 0xff); i += m[0].length - 1; continue; }
    if (n === 'c' && i + 1 < body.length) { out += String.fromCharCode(body.charCodeAt(++i) & 0x1f); continue; }
    out += '\\' + n;
  }
  return out;
}

function readDollar(c: Cursor, q: Quoting): Part | null {
  const next = c.peek(1);
  if (next === "'" && q === 0) {
    let i = c.pos + 2;
    let body = '';
    for (; i < c.src.length && c.src[i] !== "'"; i++) {
      if (c.src[i] === '\\' && i + 1 < c.src.length) { body += c.src[i]! + c.src[i + 1]!; i++; continue; }
      body += c.src[i];
    }
    if (i >= c.src.length) c.problem('unterminated $\'…\' string');
    c.pos = Math.min(c.src.length, i + 1);
    return { k: 'lit', s: decodeAnsiC(body), q: 1, escaped: /\\/.test(body) };
  }
  if (next === '"' && q === 0) { c.pos++; return null; }
  if (next === '(' && c.peek(2) === '(') {
    const end = matchParens(c.src, c.pos + 1);
    const s = c.src.slice(c.pos + 3, end < 0 ? c.src.length : end - 1);
    if (end < 0) c.problem('unterminated $((…))');
    c.pos = end < 0 ? c.src.length : end + 1;
    return { k: 'arith', s, q };
  }
  if (next === '(') {
    // Parse the substitution in place so nested quotes and parens are respected.
    c.pos += 2;
    const sub = new Cursor(c.src, c.budget, c.problems, c.depth + 1);
    sub.pos = c.pos;
    const script = c.depth + 1 > MAX_DEPTH ? [] : parseList(sub, ')');
    if (c.depth + 1 > MAX_DEPTH) { c.problem('nesting deeper than the parser follows'); const end = matchParens(c.src, c.pos - 1); sub.pos = end < 0 ? c.src.length : end; }
    if (sub.peek() === ')') sub.pos++; else c.problem('unterminated $(…)');
    c.pos = sub.pos;
    return { k: 'cmd', script, q };
  }
  if (next === '{') {
    let depth = 0;
    let i = c.pos + 1;
    for (; i < c.src.length; i++) {
      const ch = c.src[i];
      if (ch === '\\') { i++; continue; }
      if (ch === '{') depth++;
      else if (ch === '}') { depth--; if (depth === 0) break; }
    }
    if (i >= c.src.length) { c.problem('unterminated ${…}'); }
    const body = c.src.slice(c.pos + 2, Math.min(i, c.src.length));
    c.pos = Math.min(c.src.length, i + 1);
    const m = /^(!|#)?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(\[[^\]]*\])?(:?[-=?+]|%%?|##?|\/\/?|:|\^\^?|,,?|@)?([\s\S]*)$/.exec(body);
    if (!m) return { k: 'param', name: '', op: 'bad', arg: null, q };
    const op = (m[1] ?? '') + (m[4] ?? '');
    let arg: Word | null = null;
    if (m[4] && m[5] !== undefined) {
      const sub = new Cursor(m[5], c.budget, c.problems, c.depth + 1);
      arg = readWord(sub) ?? { parts: [], raw: '' };
    }
    return { k: 'param', name: m[2]!, op, arg, q };
  }
  const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(c.src.slice(c.pos + 1, c.pos + 200));
  if (!m) return null;
  c.pos += 1 + m[0].length;
  return { k: 'param', name: m[0], op: '', arg: null, q };
}
