/**
 * The parameter expansions that cut a known value: `${v%pat}`, `${v%%pat}`,
 * `${v#pat}`, `${v##pat}` (patterns with literal text, `?` and at most one
 * `*`) and `${v:offset:length}`, plus `$((…))` integer arithmetic over
 * literals (decimal, 0x hex, 0 octal, base#digits) and known variables.
 * Anything outside these bounds stays unknown (null): the caller keeps the
 * word as written.
 */

/** Longest value a glob pattern is tried against (each cut point is one anchored match). */
const MAX_GLOB_VALUE = 256;

/** Variables whose value is an absolute path even when the call does not say it. */
const ABSOLUTE_VARS = new Set(['HOME', 'PWD', 'OLDPWD', 'SHELL', 'PATH']);

function globRegex(pat: string): RegExp | null {
  if (pat.length > 128 || /[[\]\\]/.test(pat)) return null;
  let stars = 0;
  let src = '';
  for (const ch of pat) {
    if (ch === '*') { if (++stars > 1) return null; src += '[\\s\\S]*'; }
    else if (ch === '?') src += '[\\s\\S]';
    else src += ch.replace(/[.*+?^${}()|]/g, '\\$&');
  }
  return new RegExp(`^${src}$`);
}

/** `${v%pat}` / `%%` (suffix) and `${v#pat}` / `##` (prefix) on a known value; null when the pattern is beyond this. */
export function trimByPattern(value: string, pat: string, op: '%' | '%%' | '#' | '##'): string | null {
  if (pat === '') return value;
  const suffix = op.startsWith('%');
  if (!/[*?]/.test(pat)) {
    if (suffix) return value.endsWith(pat) ? value.slice(0, value.length - pat.length) : value;
    return value.startsWith(pat) ? value.slice(pat.length) : value;
  }
  if (value.length > MAX_GLOB_VALUE) return null;
  const re = globRegex(pat);
  if (!re) return null;
  const longest = op.length === 2;
  const n = value.length;
  for (let step = 0; step <= n; step++) {
    // Shortest match first for % and #, longest first for %% and ##.
    const len = longest ? n - step : step;
    const piece = suffix ? value.slice(n - len) : value.slice(0, len);
    if (re.test(piece)) return suffix ? value.slice(0, n - len) : value.slice(len);
  }
  return value;
}

/** `${v:offset}` / `${v:offset:length}`; `value` undefined uses what is known of absolute-path variables. */
export function substring(name: string, value: string | undefined, spec: string, vars: ReadonlyMap<string, string>): string | null {
  const colon = spec.indexOf(':');
  const off = evalArith(colon < 0 ? spec : spec.slice(0, colon), vars);
  const len = colon < 0 ? null : evalArith(spec.slice(colon + 1), vars);
  if (off === null || (colon >= 0 && len === null)) return null;
  if (value === undefined) {
    // Only the leading '/' of HOME, PWD… is known.
    return ABSOLUTE_VARS.has(name) && off === 0 && len === 1 ? '/' : null;
  }
  const start = off < 0 ? Math.max(0, value.length + off) : Math.min(off, value.length);
  if (len === null) return value.slice(start);
  const end = len < 0 ? value.length + len : start + len;
  return end < start ? null : value.slice(start, end);
}

const TOKEN = /\s*(?:(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,2}#[0-9a-zA-Z@_]{1,64}|[0-9]{1,20})|([A-Za-z_][A-Za-z0-9_]{0,63})|(<<|>>|\*\*|[-+*/%&|^~()!]))/y;

/** Integer arithmetic as `$((…))` does it, over literals and known numeric variables; null when unknown. */
export function evalArith(text: string, vars: ReadonlyMap<string, string>): number | null {
  if (text.length > 256) return null;
  const toks: Array<number | string> = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) return null;
    pos = TOKEN.lastIndex;
    if (m[1] !== undefined) { const v = literal(m[1]); if (v === null) return null; toks.push(v); }
    else if (m[2] !== undefined) {
      const v = vars.get(m[2]);
      if (v === undefined || !/^\s*-?(?:0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20})\s*$/.test(v)) return null;
      toks.push(literal(v.trim().replace(/^-/, ''))! * (v.trim().startsWith('-') ? -1 : 1));
    } else toks.push(m[3]!);
  }
  let i = 0;
  const BIN: Array<[string[], (a: number, b: number) => number]> = [
    [['|'], (a, b) => Number(BigInt.asIntN(64, BigInt(a) | BigInt(b)))],
    [['^'], (a, b) => Number(BigInt.asIntN(64, BigInt(a) ^ BigInt(b)))],
    [['&'], (a, b) => Number(BigInt.asIntN(64, BigInt(a) & BigInt(b)))],
    [['<<', '>>'], (a, b) => Number(b > 63 || b < 0 ? 0n : BigInt.asIntN(64, BigInt(a) << BigInt(b)))],
    [['+', '-'], (a, b) => a + b],
    [['*', '/', '%'], (a, b) => a * b],
  ];
  const apply = (op: string, a: number, b: number): number | null => {
    switch (op) {
      case '-': return a - b;
      case '/': return b === 0 ? null : Math.trunc(a / b);
      case '%': return b === 0 ? null : a % b;
      case '>>': return b > 63 || b < 0 ? null : Number(BigInt.asIntN(64, BigInt(a) >> BigInt(b)));
      default: return BIN.find(([ops]) => ops.includes(op))![1](a, b);
    }
  };
  const level = (l: number, depth: number): number | null => {
    if (depth > 32) return null;
    if (l === BIN.length) return unary(depth);
    let left = level(l + 1, depth);
    while (left !== null && typeof toks[i] === 'string' && BIN[l]![0].includes(toks[i] as string)) {
      const op = toks[i++] as string;
      const right = level(l + 1, depth);
      if (right === null) return null;
      left = apply(op, left, right);
      if (left !== null && !Number.isSafeInteger(left)) return null;
    }
    return left;
  };
  const unary = (depth: number): number | null => {
    const t = toks[i++];
    if (typeof t === 'number') return t;
    if (t === '-') { const v = unary(depth + 1); return v === null ? null : -v; }
    if (t === '+') return unary(depth + 1);
    if (t === '~') { const v = unary(depth + 1); return v === null ? null : -v - 1; }
    if (t === '!') { const v = unary(depth + 1); return v === null ? null : v === 0 ? 1 : 0; }
    if (t === '(') { const v = level(0, depth + 1); if (toks[i++] !== ')') return null; return v; }
    return null;
  };
  if (toks.length === 0) return null;
  const v = level(0, 0);
  return v !== null && i === toks.length && Number.isSafeInteger(v) ? v : null;
}

function literal(s: string): number | null {
  let v: number;
  const hash = s.indexOf('#');
  if (hash > 0) {
    const base = Number(s.slice(0, hash));
    if (base < 2 || base > 36) return null;
    v = parseInt(s.slice(hash + 1), base);
  } else if (/^0[xX]/.test(s)) v = parseInt(s.slice(2), 16);
  else if (/^0[0-7]+$/.test(s)) v = parseInt(s, 8);
  else v = Number(s);
  return Number.isSafeInteger(v) ? v : null;
}
