/**
 * Interpreter one-liners (`python -c`, `perl -e`, `ruby -e`, `node -e`,
 * `deno eval`, `bun -e`, `lua -e`, `php -r`, awk programs, `Rscript -e`,
 * `julia -e`, `elixir -e`, `groovy -e`, `osascript -e`, `pwsh -c` (and
 * `-EncodedCommand`), `expect -c`, Tcl on standard input): the code they run, put in a form the
 * rules read (home-directory expressions as '~', adjacent string literals
 * joined, base64 literals decoded), and the shell strings the code hands to
 * `system`/`exec`/`subprocess`/`popen`/backticks, which are parsed as shell.
 */
import { decodeBase64 } from './static-eval.ts';
import { MAX_WORD } from './limits.ts';

/** `end`: the index of the first argv word after the code (argv.length when the code took the rest). */
export interface OneLiner { lang: string; code: string; end: number }

const PYTHON = /^(?:python[0-9.]{0,5}|pypy[0-9.]{0,3})$/;
const SHORT_WITH_ARG: Record<string, string> = { python: 'WXQm', perl: 'IMmlx0', ruby: 'IrxCEFT', node: 'r', lua: 'l', php: 'cdfz' };

/** Interpreter names taken as they are; the numbered and prefixed ones (python3.12, perl5.36, luajit, php8, gawk, tclsh8.6) are matched below. */
const LANGS: ReadonlyMap<string, string> = new Map([
  ['perl', 'perl'], ['ruby', 'ruby'], ['jruby', 'ruby'], ['node', 'node'], ['nodejs', 'node'], ['bun', 'node'], ['deno', 'node'],
  ['lua', 'lua'], ['php', 'php'], ['Rscript', 'r'], ['R', 'r'], ['julia', 'julia'], ['elixir', 'elixir'], ['iex', 'elixir'],
  ['groovy', 'groovy'], ['osascript', 'applescript'], ['pwsh', 'powershell'], ['powershell', 'powershell'], ['powershell.exe', 'powershell'],
  ['expect', 'tcl'], ['tclsh', 'tcl'], ['wish', 'tcl'],
]);
/** The first letters of the names the patterns below match (python, pypy, perl5, php, lua, awk, gawk, mawk, nawk, busybox-awk, tclsh). */
const PATTERN_INITIALS = new Set(['p', 'l', 'a', 'g', 'm', 'n', 'b', 't']);

function langOf(name: string): string | null {
  const exact = LANGS.get(name);
  if (exact !== undefined) return exact;
  if (!PATTERN_INITIALS.has(name.charAt(0))) return null;
  // Each pattern is tried only for names starting as its matches do.
  if (name.startsWith('py') && PYTHON.test(name)) return 'python';
  if (name.startsWith('perl5')) return 'perl';
  if (name.startsWith('lua') && /^lua(?:jit|5\.[0-9])$/.test(name)) return 'lua';
  if (name.startsWith('php') && /^php[0-9.]{1,4}$/.test(name)) return 'php';
  if (name.endsWith('awk') && /^(?:g|m|n|busybox-)?awk$/.test(name)) return 'awk';
  if (name.startsWith('tclsh') && /^tclsh[0-9.]{1,4}$/.test(name)) return 'tcl';
  return null;
}

/** Interpreters that run the program on their standard input when given no code or file. */
export const STDIN_INTERPRETERS = /^(?:python[0-9.]{0,5}|perl|ruby|node|php|lua|tclsh[0-9.]{0,4}|wish|expect|osascript|pwsh|powershell|julia|Rscript)$/;

/** The language an interpreter's name says (the name a `svc:code` line carries), or null. */
export function languageOf(name: string): string | null {
  return langOf(name);
}

/** PowerShell's -EncodedCommand: base64 of UTF-16LE text. */
function decodeUtf16Base64(text: string): string | null {
  const raw = decodeBase64(text);
  if (raw === null) return null;
  let out = '';
  for (let i = 0; i + 1 < raw.length; i += 2) out += String.fromCharCode(raw.charCodeAt(i) | (raw.charCodeAt(i + 1) << 8));
  return /^[\x09\x0a\x0d\x20-\x7e]+$/.test(out) ? out : null;
}

/** The code of the interpreters whose flags differ from the -e/-c family. */
function otherOneLiner(lang: string, argv: readonly string[]): OneLiner | null {
  const code: string[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    const low = a.toLowerCase();
    if (lang === 'powershell') {
      if (/^-(?:e|ec|enc|encodedcommand)$/i.test(a) && argv[i + 1] !== undefined) { const d = decodeUtf16Base64(argv[++i]!); if (d !== null) code.push(d); continue; }
      if (/^-(?:c|command)$/i.test(a)) { code.push(argv.slice(i + 1).join(' ')); i = argv.length; break; }
      if (/^-(?:file|f)$/i.test(a)) return null;
      if (/^-(?:executionpolicy|ep|windowstyle|w|outputformat|inputformat|configurationname|workingdirectory|wd)$/i.test(a)) { i++; continue; }
      if (!a.startsWith('-')) { code.push(argv.slice(i).join(' ')); i = argv.length; break; }
      continue;
    }
    if ((lang === 'tcl' && low === '-c') || (lang !== 'tcl' && (a === '-e' || a === '--eval' || a === '-E'))) { if (argv[i + 1] !== undefined) code.push(argv[++i]!); continue; }
    if (!a.startsWith('-')) break;
  }
  return code.length > 0 ? { lang, code: code.join('\n').slice(0, MAX_WORD), end: Math.min(i, argv.length) } : null;
}

/** The code an interpreter command line runs inline, or null (a script file, a module, no code). */
export function oneLiner(argv: readonly string[]): OneLiner | null {
  const lang = langOf(argv[0] ?? '');
  if (!lang) return null;
  if (lang === 'r' || lang === 'julia' || lang === 'elixir' || lang === 'groovy' || lang === 'applescript' || lang === 'powershell' || lang === 'tcl') return otherOneLiner(lang, argv);
  const code: string[] = [];
  const pre: string[] = [];
  if (lang === 'awk') {
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '-f' || a === '--file') return null;
      if (a === '-F' || a === '-v' || a === '--assign' || a === '--field-separator') { i++; continue; }
      if (a.startsWith('-') && a.length > 1) continue;
      return { lang, code: a, end: i + 1 };
    }
    return null;
  }
  const evalFlag = lang === 'php' ? 'r' : lang === 'python' ? 'c' : 'e';
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (lang === 'node' && (a === '--eval' || a === '-p' || a === '--print' || a === 'eval')) { if (argv[i + 1] !== undefined) code.push(argv[++i]!); continue; }
    if (a.startsWith('--')) continue;
    if (!a.startsWith('-') || a === '-') { if (code.length > 0 || lang !== 'node') break; continue; }
    // A cluster like -lne, -Ic, -rsocket.
    const body = a.slice(1);
    if (lang === 'ruby' && body.startsWith('r')) { pre.push(`require '${body.slice(1) || argv[++i] || ''}'`); continue; }
    if (lang === 'perl' && body.startsWith('M')) { pre.push(`use ${body.slice(1).replace(/=.*/, '')};`); continue; }
    const at = body.indexOf(evalFlag === 'e' && lang === 'perl' ? (body.includes('E') && !body.includes('e') ? 'E' : 'e') : evalFlag);
    const withArg = SHORT_WITH_ARG[lang] ?? '';
    const stop = [...body].findIndex((ch) => withArg.includes(ch));
    if (at >= 0 && (stop < 0 || at <= stop)) {
      const rest = body.slice(at + 1);
      code.push(rest !== '' ? rest : argv[++i] ?? '');
      if (lang === 'python') { i++; break; }
      continue;
    }
    if (stop >= 0 && body.length === stop + 1) i++;
  }
  if (code.length === 0) return null;
  return { lang, code: [...pre, ...code].join('\n').slice(0, MAX_WORD), end: Math.min(i, argv.length) };
}

const HOME_EXPR = /os\.path\.expanduser\(\s*['"]~['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|(?:require\(\s*['"](?:node:)?os['"]\s*\)|\bos)\.homedir\(\)|process\.env\.HOME\b|process\.env\[\s*['"]HOME['"]\s*\]|os\.environ\[\s*['"]HOME['"]\s*\]|os\.environ\.get\(\s*['"]HOME['"]\s*\)|os\.getenv\(\s*['"]HOME['"]\s*\)|\bgetenv\(\s*['"]HOME['"]\s*\)|\$ENV\{\s*['"]?HOME['"]?\s*\}|\bENV\[\s*['"]HOME['"]\s*\]|\bDir\.home\b|File\.expand_path\(\s*['"]~['"]\s*\)|\$_SERVER\[\s*['"]HOME['"]\s*\]/g;
const CONCAT = /(['"])([^'"\n]{0,400})\1\s{0,4}(?:\+|\.\.?|\/)\s{0,4}(['"])([^'"\n]{0,400})\3/;
/** `os.path.expanduser('~/src')`: the path it names, home included. */
const EXPANDED_HOME_PATH = /os\.path\.expanduser\(\s{0,3}(['"])(~\/[^'"\n]{1,200})\1\s{0,3}\)/g;
/** `os.path.join('~', '.ssh')`, `path.join('~', '.aws', 'credentials')` once home reads '~': one path. */
const JOINED_HOME_PATH = /\b(?:os\.)?path\.join\(\s{0,3}'~'((?:\s{0,3},\s{0,3}(['"])[^'"\n,]{1,100}\2){1,6})\s{0,3}\)/g;

/** Code as the rules read it: one line, home expressions as '~' (and paths under it as '~/…'), adjacent literals joined. */
export function codeForRules(code: string): string {
  // Every home expression names home, HOME or expand(user|_path); every joined pair has quotes.
  let s = code.includes('expanduser') ? code.replace(EXPANDED_HOME_PATH, "'$2'") : code;
  s = s.includes('home') || s.includes('HOME') || s.includes('expand') ? s.replace(HOME_EXPR, "'~'") : s;
  if (s.includes("join('~'")) s = s.replace(JOINED_HOME_PATH, (_, rest: string) => `'~/${rest.split(',').slice(1).map((p) => p.trim().slice(1, -1)).join('/')}'`);
  for (let i = 0; i < 24 && (s.includes("'") || s.includes('"')); i++) {
    const m = CONCAT.exec(s);
    if (!m) break;
    const joiner = /\/\s{0,4}['"]$/.test(m[0].slice(0, m[0].length - m[4]!.length - 1)) && !m[0].includes('+') && !/['"]\s{0,4}\.\.?\s{0,4}['"]/.test(m[0]) ? '/' : '';
    s = s.slice(0, m.index) + `'${m[2]}${joiner}${m[4]}'` + s.slice(m.index + m[0].length);
  }
  return s.includes('\n') ? s.replace(/\s*\n\s*/g, ' ; ') : s;
}

const B64_CALL = /(?:b64decode|urlsafe_b64decode|decodebytes|atob|base64_decode|decode64|decode_base64|strict_decode64|Buffer\.from)\(\s*(?:b?['"])([A-Za-z0-9+/=_-]{8,4096})['"]/g;

/**
 * The matches of a global regex in `text`, at most `max`: an exec loop, as
 * matchAll clones the regex on every call (about half the time of these scans).
 */
function matches(re: RegExp, text: string, max: number): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m);
    if (out.length >= max) break;
    if (m[0] === '') re.lastIndex++;
  }
  re.lastIndex = 0;
  return out;
}

/** Four or more character codes (decimal or 0x hex) after a decoder: `map{chr}(114,109,…)`, `String.fromCharCode(…)`, `pack('C*', …)`, `bytes([…])`. */
const CODE_LIST = /(?:chr|fromcharcode|pack|bytes|bytearray)\b[^0-9\n]{0,30}?((?:0x[0-9a-f]{1,2}|[0-9]{1,3})(?:\s{0,2},\s{0,2}(?:0x[0-9a-f]{1,2}|[0-9]{1,3})){3,4000})/gi;
/** Ruby's order: the list first, then `.pack('c*')` / `.pack('U*')`. */
const LIST_PACKED = /\[\s{0,2}((?:0x[0-9a-f]{1,2}|[0-9]{1,3})(?:\s{0,2},\s{0,2}(?:0x[0-9a-f]{1,2}|[0-9]{1,3})){3,4000})\s{0,2}\]\s{0,2}\.pack\(/gi;
/** One character code spelt as a call (`chr(114).chr(109)…`, `chr(114)+chr(109)+…`). */
const CHR_CALL = /\bchr\(\s{0,2}(0x[0-9a-f]{1,2}|[0-9]{1,3})\s{0,2}\)/gi;

/** The text of character codes when each is printable ASCII (or a tab or line end) and there are four or more; else null. */
function fromCodes(codes: readonly string[]): string | null {
  let text = '';
  for (const raw of codes) {
    const n = raw.length > 2 && (raw[1] === 'x' || raw[1] === 'X') ? parseInt(raw.slice(2), 16) : Number(raw);
    if (!(n === 9 || n === 10 || n === 13 || (n >= 32 && n <= 126))) return null;
    text += String.fromCharCode(n);
  }
  return text.length >= 4 ? text : null;
}

/** Text the code spells as character codes (a list after a decoder, or a run of chr() calls), decoded; at most 8. */
export function charCodeStrings(code: string): string[] {
  const out: string[] = [];
  // Every decoder the patterns name holds one of these, in either case.
  if (!/chr|charcode|pack|bytes/i.test(code)) return out;
  for (const list of [CODE_LIST, LIST_PACKED]) {
    for (const m of matches(list, code, 8)) {
      const text = fromCodes(m[1]!.split(',').map((c) => c.trim()));
      if (text !== null) out.push(text);
    }
  }
  const chrs = matches(CHR_CALL, code, 4000).map((m) => m[1]!);
  const spelt = chrs.length >= 4 ? fromCodes(chrs) : null;
  if (spelt !== null) out.push(spelt);
  return out.slice(0, 8);
}

/** Base64 literals the code decodes, decoded. */
export function decodedLiterals(code: string): string[] {
  const out: string[] = [];
  // Every decoder B64_CALL names holds one of these.
  if (!code.includes('decode') && !code.includes('atob') && !code.includes('Buffer.from')) return out;
  for (const m of matches(B64_CALL, code, Infinity)) {
    const text = decodeBase64(m[1]!);
    if (text !== null && /^[\x09\x0a\x0d\x20-\x7e]+$/.test(text)) out.push(text);
    if (out.length >= 8) break;
  }
  return out;
}

const SHELL_CALL = /(?:do shell script|\bsystem2?|\bpopen|\bexec(?:Sync|File(?:Sync)?)?|\bspawn(?:Sync)?|os\.execute|io\.popen|shell_exec|passthru|proc_open|\bcheck_output|\bcheck_call|\bgetoutput|\bgetstatusoutput|\bPopen|subprocess\.(?:run|call)|\bqx|%x|\bexecvp?e?|\bexeclp?e?)\s{0,3}\(?\s{0,3}(?:'([^'\n]{1,2000})'|"((?:[^"\\\n]|\\.){1,2000})"|`([^`\n]{1,2000})`)/g;
const LITERAL = /'([^'\n]{3,2000})'|"((?:[^"\\\n]|\\.){3,2000})"/g;
const EXEC_OF_VARIABLE = /(?:\bsystem|\bpopen|\bexec(?:Sync)?|os\.execute|io\.popen|shell_exec|passthru|subprocess\.\w{2,12}|\bPopen)\s{0,3}\(\s{0,3}[A-Za-z_$]/;
const BACKTICK = /`([^`\n]{1,2000})`/g;
const AWK_PIPE = /"([^"\n]{1,2000})"\s{0,3}\|\s{0,3}getline|\|\s{0,3}"([^"\n]{1,2000})"/g;
const ARGV_LIST = /\[\s{0,3}(['"])((?:[^'"\n]{0,400}\1\s{0,3},\s{0,3}['"]){1,16}[^'"\n]{0,400})\1\s{0,3}\]/g;

/** Shell text the code runs: strings handed to system/exec/popen/subprocess/backticks, argv lists. */
export function shellStrings(code: string, lang: string): string[] {
  const out: string[] = [];
  // Every pattern here needs a quote or a backtick; only the argv list needs a '['.
  if (!code.includes("'") && !code.includes('"') && !code.includes('`')) return out;
  for (const m of matches(SHELL_CALL, code, 16)) { out.push((m[1] ?? m[2] ?? m[3]!).replace(/\\(["\\])/g, '$1')); if (out.length >= 16) return out; }
  // A command held in a variable first (`cmd="…"; system(cmd)`): every string literal with a space may be it.
  if (EXEC_OF_VARIABLE.test(code)) {
    for (const m of matches(LITERAL, code, Infinity)) {
      const lit = (m[1] ?? m[2]!).replace(/\\(["\\])/g, '$1');
      if (lit.includes(' ')) out.push(lit);
      if (out.length >= 16) return out;
    }
  }
  if ((lang === 'ruby' || lang === 'perl' || lang === 'php') && code.includes('`')) for (const m of matches(BACKTICK, code, 16)) { out.push(m[1]!); if (out.length >= 16) return out; }
  if (lang === 'awk') for (const m of matches(AWK_PIPE, code, Infinity)) out.push(m[1] ?? m[2]!);
  if (!code.includes('[')) return out;
  for (const m of matches(ARGV_LIST, code, 16)) {
    const words = m[0].slice(1, -1).split(',').map((w) => w.trim().replace(/^['"]|['"]$/g, ''));
    if (words.length >= 2) out.push(words.map((w) => (/[\s'"]/.test(w) ? `'${w.replace(/'/g, '')}'` : w)).join(' '));
    if (out.length >= 16) break;
  }
  return out;
}

/** An endless loop (`while True`, `while 1`, `for(;;)`, `loop do`, `repeat`, `setInterval`). */
const ENDLESS_LOOP = /\bwhile\s{0,3}\(?\s{0,3}(?:true|1|!0|:)\s{0,3}\)?|\bfor\s{0,3}\(\s{0,3};\s{0,3};\s{0,3}\)|\bloop\s{0,3}(?:do\b|\{)|\brepeat\b|\buntil\s{0,3}\(?\s{0,3}(?:false|0)\b|itertools\.count\(|iter\(int|setinterval\(|\bforever\b|\bwhile\s{0,3}\[\s{0,3}1\s{0,3}\]/i;
/** Starting a process or a copy of the interpreter. */
const SPAWN = /\bfork\b|pcntl_fork|\bspawn|\bexec(?:sync|file|vp?e?|lp?e?)?\s{0,3}\(|\bsystem2?\s{0,3}\(|\bpopen|os\.execute|subprocess|child_process|multiprocessing|process\.start|deno\.command|deno\.run|bun\.spawn|start-process|start-job|\bprocess\.spawn|do shell script|\bexec\s{1,3}[a-z/]/i;
/** A loop that waits, sleeps or stops is not a fork bomb. */
const PACED = /\bsleep|\bwait(?:pid)?\b|\.join\(|settimeout|\bbreak\b|\bexit\b|\.wait\(|waitpid|\bdelay\(/i;
/** A socket to another program: connect calls, socket objects, awk's /inet, PowerShell's TcpClient. */
const SOCKET = /\bsocket\b|\.connect\s{0,3}\(|deno\.connect|net\.connect|createconnection|tcpsocket|io::socket|fsockopen|stream_socket_client|\/inet\/tcp|tcpclient|\bsocket\s{1,3}[a-z0-9$]/i;
/** A shell handed the socket: a shell started, descriptors duplicated, a pty spawned. */
const SOCKET_SHELL = /['"`\s(\[](?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da|k)?sh['"`\s,)\]]|['"](?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh\s{1,3}-i|\bdup2?\b|pty\.spawn|cmd\.exe|\bpowershell\b|\bexec\s{1,3}(?:ba|z|da)?sh\b|\biex\b|invoke-expression/i;

/** Code that starts an interactive shell and hands it the terminal (`exec "/bin/sh"`, `pty.spawn`, `spawn sh; interact`, `os.execl`). */
const BARE_SHELL = /(?:\bexec[lv]?p?e?|\bsystem|\bspawn|pty\.spawn|os\.execute|\bpopen)\s{0,3}\(?\s{0,3}['"]?(?:\/usr)?(?:\/bin\/)?(?:ba|z|da|k)?sh(?:\s{1,3}-[il]{1,2})?['"]?\s{0,3}(?:[,)]|;|$|\n)|\bspawn\s{1,3}(?:\/bin\/)?(?:ba|z|da)?sh\b[\s\S]{0,80}\binteract\b/i;

/** What an interpreter's code does that no one idiom pins: `spawn-loop` (a fork bomb), `socket-shell` (a reverse shell), `bare-shell` (an interactive shell). */
export function codeFacts(code: string): string[] {
  const out: string[] = [];
  // Each first pattern runs only when the lower-cased code holds a word every one of its matches holds
  // (its /i matches are ASCII letters, which lower-casing keeps as they are).
  const low = code.toLowerCase();
  const loops = low.includes('while') || low.includes('for') || low.includes('loop') || low.includes('repeat') || low.includes('until') || low.includes('iter') || low.includes('setinterval');
  if (loops && ENDLESS_LOOP.test(code) && SPAWN.test(code) && !PACED.test(code)) out.push('code-spawn-loop');
  const sockets = low.includes('socket') || low.includes('connect') || low.includes('fsockopen') || low.includes('/inet/tcp') || low.includes('tcpclient');
  if (sockets && SOCKET.test(code) && SOCKET_SHELL.test(code)) out.push('code-socket-shell');
  const starts = low.includes('sh') && (low.includes('exec') || low.includes('system') || low.includes('spawn') || low.includes('popen'));
  if (starts && BARE_SHELL.test(code)) out.push('code-bare-shell');
  return out;
}
