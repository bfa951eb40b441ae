/**
 * The output of the few commands whose output follows from their text alone:
 * `echo`, `printf`, `cat` of its input, and the decoders attackers chain in
 * front of a shell (`base64 -d`, `xxd -r -p`, `rev`, `tr`, `openssl base64 -d`).
 * Everything else is unknown (null). Outputs are capped at MAX_WORD.
 */
import { decodeAnsiC } from './parser.ts';
import { MAX_WORD } from './limits.ts';
import { decodeBase32 } from './base32.ts';
import { utf8OrNull } from './utf8.ts';

export interface StageOutput { text: string; decoded: boolean }

const B64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const HEX = /^[0-9a-fA-F]+$/;

/** UTF-8 text, or each byte as a character when the bytes are not UTF-8 (binary output). */
function latin1ToText(bytes: Uint8Array): string {
  return utf8OrNull(bytes) ?? String.fromCharCode(...bytes.slice(0, MAX_WORD));
}

/** Decodes base64 (standard or URL alphabet); null when the text is not base64. */
export function decodeBase64(text: string): string | null {
  const s = text.replace(/\s+/g, '');
  if (s.length === 0 || s.length > MAX_WORD * 2 || !B64.test(s)) return null;
  const norm = s.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((norm.length * 3) / 4));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let buf = 0; let bits = 0; let n = 0;
  for (const ch of norm) {
    buf = (buf << 6) | alphabet.indexOf(ch);
    bits += 6;
    if (bits >= 8) { bits -= 8; bytes[n++] = (buf >> bits) & 0xff; }
  }
  return latin1ToText(bytes.slice(0, n));
}

function decodeHex(text: string): string | null {
  const s = text.replace(/\s+/g, '');
  if (s.length === 0 || s.length % 2 !== 0 || s.length > MAX_WORD * 2 || !HEX.test(s)) return null;
  const bytes = new Uint8Array(s.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return latin1ToText(bytes);
}

/** `a-z` style sets spread into their characters (bounded). */
function trSet(set: string): string {
  const s = decodeAnsiC(set);
  let out = '';
  for (let i = 0; i < s.length && out.length < 512; i++) {
    if (s[i + 1] === '-' && i + 2 < s.length) {
      const a = s.charCodeAt(i); const b = s.charCodeAt(i + 2);
      for (let c = a; c <= b && out.length < 512; c++) out += String.fromCharCode(c);
      i += 2;
    } else out += s[i];
  }
  return out;
}

/** printf FORMAT ARGS: %s %b %d %c %x and escapes; the format repeats while arguments remain. */
function printf(args: string[]): string {
  let fmtIndex = 0;
  if (args[0] === '--') fmtIndex = 1;
  const fmt = args[fmtIndex] ?? '';
  const rest = args.slice(fmtIndex + 1);
  let out = '';
  let ai = 0;
  for (let round = 0; round < 64; round++) {
    let used = false;
    for (let i = 0; i < fmt.length; i++) {
      const ch = fmt[i]!;
      if (ch === '\\') {
        const m = /^\\(?:x[0-9a-fA-F]{1,2}|[0-7]{1,3}|u[0-9a-fA-F]{1,4}|.)/.exec(fmt.slice(i, i + 6))!;
        out += decodeAnsiC(m[0]);
        i += m[0].length - 1;
        continue;
      }
      if (ch !== '%') { out += ch; continue; }
      const m = /^%[-+ #0]*[0-9]*(?:\.[0-9]+)?([sbdicxXouq%])/.exec(fmt.slice(i, i + 16));
      if (!m) { out += ch; continue; }
      i += m[0].length - 1;
      const conv = m[1]!;
      if (conv === '%') { out += '%'; continue; }
      const arg = rest[ai++] ?? '';
      used = true;
      if (conv === 'b') out += decodeAnsiC(arg);
      else if (conv === 'c') out += arg.slice(0, 1);
      else if (conv === 'x' || conv === 'X') out += Number.isFinite(Number(arg)) ? Number(arg).toString(16) : '0';
      else if (conv === 'd' || conv === 'i' || conv === 'u') out += String(parseInt(arg, 10) || 0);
      else out += arg;
      if (out.length > MAX_WORD) return out.slice(0, MAX_WORD);
    }
    if (!used || ai >= rest.length) break;
  }
  return out;
}

const SHORT_FLAGS = (a: string) => /^-[a-zA-Z]+$/.test(a);

/** The commands stageOutput knows the output of (its cases). */
const STAGES: ReadonlySet<string> = new Set(['echo', 'printf', 'cat', 'tee', 'rev', 'base32', 'basenc', 'base64', 'b64', 'openssl', 'xxd', 'tr', 'find']);

/** The output of one command given its input; null when it cannot be known from the text. */
export function stageOutput(argv: readonly string[], input: StageOutput | null): StageOutput | null {
  const name = argv[0] ?? '';
  if (!STAGES.has(name)) return null;
  const args = argv.slice(1);
  const decoded = input?.decoded ?? false;
  switch (name) {
    case 'echo': {
      let i = 0; let escapes = false; let newline = true;
      while (i < args.length && /^-[neE]+$/.test(args[i]!)) { if (args[i]!.includes('e')) escapes = true; if (args[i]!.includes('n')) newline = false; i++; }
      const body = args.slice(i).join(' ');
      const text = (escapes ? decodeAnsiC(body) : body) + (newline ? '\n' : '');
      return { text, decoded: escapes && /\\/.test(body) };
    }
    case 'printf': {
      if (args[0] === '-v') return null;
      const text = printf(args);
      return { text, decoded: /\\[0-7xu]/.test(args[0] ?? '') || /%b/.test(args[0] ?? '') };
    }
    case 'cat': case 'tee':
      return args.every((a) => a === '-' || (name === 'tee' && a.startsWith('-'))) ? input : null;
    case 'rev':
      if (!input || args.some((a) => !a.startsWith('-'))) return null;
      return { text: input.text.split('\n').map((l) => [...l].reverse().join('')).join('\n'), decoded: true };
    case 'base32': case 'basenc': {
      const hex = args.includes('--base32hex');
      if (name === 'basenc' && !hex && !args.includes('--base32')) return stageOutput(['base64', ...args.filter((a) => a !== '--base64' && a !== '--base64url')], input);
      if (!input || !args.some((a) => a === '-d' || a === '--decode' || /^-[a-zA-Z]*d/.test(a))) return null;
      if (args.some((a) => !a.startsWith('-'))) return null;
      const text = decodeBase32(input.text, hex ? 'hex' : 'std');
      return text === null ? null : { text, decoded: true };
    }
    case 'base64': case 'b64': {
      if (!input || !args.some((a) => a === '-d' || a === '--decode' || a === '-D' || a === '--base64' || /^-[a-zA-Z]*d/.test(a))) return null;
      if (args.some((a) => !a.startsWith('-'))) return null;
      const text = decodeBase64(input.text);
      return text === null ? null : { text, decoded: true };
    }
    case 'openssl': {
      if (!input || !args.includes('-d') || !args.some((a) => a === 'base64' || a === '-base64' || a === '-a')) return null;
      const text = decodeBase64(input.text);
      return text === null ? null : { text, decoded: true };
    }
    case 'xxd': {
      if (!input || !args.some((a) => /^-[a-z]*r/.test(a)) || !args.some((a) => /^-(?:p|ps|plain|[a-z]*p)$/.test(a))) return null;
      if (args.some((a) => !a.startsWith('-'))) return null;
      const text = decodeHex(input.text);
      return text === null ? null : { text, decoded: true };
    }
    case 'tr': {
      if (!input) return null;
      const flags = args.filter(SHORT_FLAGS);
      const sets = args.filter((a) => !SHORT_FLAGS(a));
      if (flags.some((f) => f.includes('d')) && sets.length === 1) {
        const del = trSet(sets[0]!);
        return { text: [...input.text].filter((ch) => !del.includes(ch)).join(''), decoded: true };
      }
      if (flags.length > 0 || sets.length !== 2) return null;
      const from = trSet(sets[0]!); const to = trSet(sets[1]!);
      if (!to) return null;
      const map = new Map<string, string>();
      for (let i = 0; i < from.length; i++) map.set(from[i]!, to[Math.min(i, to.length - 1)]!);
      return { text: [...input.text].map((ch) => map.get(ch) ?? ch).join(''), decoded: true };
    }
    case 'find': {
      // The listing starts with the directories named: enough for `find DIR | xargs CMD`. With tests
      // (`-name '*.pyc'`, `-type f`) it is what lies under them: `DIR/*.pyc`, `DIR/*`.
      const starts: string[] = [];
      let i = 0;
      for (; i < args.length; i++) { const a = args[i]!; if (a.startsWith('-') || a === '(' || a === '!') break; starts.push(a); }
      if (starts.length === 0) return null;
      const nameAt = args.findIndex((a) => a === '-name' || a === '-iname');
      const name = nameAt >= 0 ? args[nameAt + 1] : undefined;
      const under = name !== undefined && !name.includes('/') ? name : i < args.length ? '*' : null;
      return { text: starts.map((d) => (under === null ? d : `${d.replace(/\/+$/, '')}/${under}`)).join('\n') + '\n', decoded: false };
    }
    default:
      return null;
  }
}
