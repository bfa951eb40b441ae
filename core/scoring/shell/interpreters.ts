/**
 * Interpreter one-liners (`python -c`, `perl -e`, `ruby -e`, `node -e`,
 * `lua -e`, `php -r`, awk programs): the code they run, put in a form the
 * rules read (home-directory expressions as '~', adjacent string literals
 * joined, base64 literals decoded), and the shell strings the code hands to
 * `system`/`exec`/`subprocess`/`popen`/backticks, which are parsed as shell.
 */
import { decodeBase64 } from './static-eval.ts';
import { MAX_WORD } from './limits.ts';

export interface OneLiner { lang: string; code: string }

const PYTHON = /^(?:python[0-9.]{0,5}|pypy[0-9.]{0,3})$/;
const SHORT_WITH_ARG: Record<string, string> = { python: 'WXQm', perl: 'IMmlx0', ruby: 'IrxCEFT', node: 'r', lua: 'l', php: 'cdfz' };

function langOf(name: string): string | null {
  if (PYTHON.test(name)) return 'python';
  if (name === 'perl' || /^perl5/.test(name)) return 'perl';
  if (name === 'ruby' || name === 'jruby') return 'ruby';
  if (name === 'node' || name === 'nodejs' || name === 'bun' || name === 'deno') return 'node';
  if (name === 'lua' || /^lua(?:jit|5\.[0-9])$/.test(name)) return 'lua';
  if (name === 'php' || /^php[0-9.]{1,4}$/.test(name)) return 'php';
  if (/^(?:g|m|n|busybox-)?awk$/.test(name)) return 'awk';
  return null;
}

/** The code an interpreter command line runs inline, or null (a script file, a module, no code). */
export function oneLiner(argv: readonly string[]): OneLiner | null {
  const lang = langOf(argv[0] ?? '');
  if (!lang) return null;
  const code: string[] = [];
  const pre: string[] = [];
  if (lang === 'awk') {
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '-f' || a === '--file') return null;
      if (a === '-F' || a === '-v' || a === '--assign' || a === '--field-separator') { i++; continue; }
      if (a.startsWith('-') && a.length > 1) continue;
      return { lang, code: a };
    }
    return null;
  }
  const evalFlag = lang === 'php' ? 'r' : lang === 'python' ? 'c' : 'e';
  for (let i = 1; i < argv.length; i++) {
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
      if (lang === 'python') break;
      continue;
    }
    if (stop >= 0 && body.length === stop + 1) i++;
  }
  if (code.length === 0) return null;
  return { lang, code: [...pre, ...code].join('\n').slice(0, MAX_WORD) };
}

const HOME_EXPR = /os\.path\.expanduser\(\s*['"]~['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|(?:require\(\s*['"](?:node:)?os['"]\s*\)|\bos)\.homedir\(\)|process\.env\.HOME\b|process\.env\[\s*['"]HOME['"]\s*\]|os\.environ\[\s*['"]HOME['"]\s*\]|os\.environ\.get\(\s*['"]HOME['"]\s*\)|os\.getenv\(\s*['"]HOME['"]\s*\)|\bgetenv\(\s*['"]HOME['"]\s*\)|\$ENV\{\s*['"]?HOME['"]?\s*\}|\bENV\[\s*['"]HOME['"]\s*\]|\bDir\.home\b|File\.expand_path\(\s*['"]~['"]\s*\)|\$_SERVER\[\s*['"]HOME['"]\s*\]/g;
const CONCAT = /(['"])([^'"\n]{0,400})\1\s{0,4}(?:\+|\.\.?|\/)\s{0,4}(['"])([^'"\n]{0,400})\3/;

/** Code as the rules read it: one line, home expressions as '~', adjacent literals joined. */
export function codeForRules(code: string): string {
  let s = code.replace(HOME_EXPR, "'~'");
  for (let i = 0; i < 24; i++) {
    const m = CONCAT.exec(s);
    if (!m) break;
    const joiner = /\/\s{0,4}['"]$/.test(m[0].slice(0, m[0].length - m[4]!.length - 1)) && !m[0].includes('+') && !/['"]\s{0,4}\.\.?\s{0,4}['"]/.test(m[0]) ? '/' : '';
    s = s.slice(0, m.index) + `'${m[2]}${joiner}${m[4]}'` + s.slice(m.index + m[0].length);
  }
  return s.replace(/\s*\n\s*/g, ' ; ');
}

const B64_CALL = /(?:b64decode|urlsafe_b64decode|decodebytes|atob|base64_decode|decode64|decode_base64|strict_decode64|Buffer\.from)\(\s*(?:b?['"])([A-Za-z0-9+/=_-]{8,4096})['"]/g;

/** Base64 literals the code decodes, decoded. */
export function decodedLiterals(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(B64_CALL)) {
    const text = decodeBase64(m[1]!);
    if (text !== null && /^[\x09\x0a\x0d\x20-\x7e]+$/.test(text)) out.push(text);
    if (out.length >= 8) break;
  }
  return out;
}

const SHELL_CALL = /(?:\bsystem|\bpopen|\bexec(?:Sync|File(?:Sync)?)?|\bspawn(?:Sync)?|os\.execute|io\.popen|shell_exec|passthru|proc_open|\bcheck_output|\bcheck_call|\bgetoutput|\bgetstatusoutput|\bPopen|subprocess\.(?:run|call)|\bqx|%x|\bexecvp?e?|\bexeclp?e?)\s{0,3}\(?\s{0,3}(?:'([^'\n]{1,2000})'|"((?:[^"\\\n]|\\.){1,2000})"|`([^`\n]{1,2000})`)/g;
const LITERAL = /'([^'\n]{3,2000})'|"((?:[^"\\\n]|\\.){3,2000})"/g;
const EXEC_OF_VARIABLE = /(?:\bsystem|\bpopen|\bexec(?:Sync)?|os\.execute|io\.popen|shell_exec|passthru|subprocess\.\w{2,12}|\bPopen)\s{0,3}\(\s{0,3}[A-Za-z_$]/;
const BACKTICK = /`([^`\n]{1,2000})`/g;
const ARGV_LIST = /\[\s{0,3}(['"])((?:[^'"\n]{0,400}\1\s{0,3},\s{0,3}['"]){1,16}[^'"\n]{0,400})\1\s{0,3}\]/g;

/** Shell text the code runs: strings handed to system/exec/popen/subprocess/backticks, argv lists. */
export function shellStrings(code: string, lang: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(SHELL_CALL)) { out.push((m[1] ?? m[2] ?? m[3]!).replace(/\\(["\\])/g, '$1')); if (out.length >= 16) return out; }
  // A command held in a variable first (`cmd="…"; system(cmd)`): every string literal with a space may be it.
  if (EXEC_OF_VARIABLE.test(code)) {
    for (const m of code.matchAll(LITERAL)) {
      const lit = (m[1] ?? m[2]!).replace(/\\(["\\])/g, '$1');
      if (lit.includes(' ')) out.push(lit);
      if (out.length >= 16) return out;
    }
  }
  if (lang === 'ruby' || lang === 'perl' || lang === 'php') for (const m of code.matchAll(BACKTICK)) { out.push(m[1]!); if (out.length >= 16) return out; }
  if (lang === 'awk') for (const m of code.matchAll(/"([^"\n]{1,2000})"\s{0,3}\|\s{0,3}getline|\|\s{0,3}"([^"\n]{1,2000})"/g)) out.push(m[1] ?? m[2]!);
  for (const m of code.matchAll(ARGV_LIST)) {
    const words = m[0].slice(1, -1).split(',').map((w) => w.trim().replace(/^['"]|['"]$/g, ''));
    if (words.length >= 2) out.push(words.map((w) => (/[\s'"]/.test(w) ? `'${w.replace(/'/g, '')}'` : w)).join(' '));
    if (out.length >= 16) break;
  }
  return out;
}
