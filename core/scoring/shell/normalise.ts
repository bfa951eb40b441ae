/**
 * The normalised form of a command that the rules read: every simple command
 * of every pipeline, list, subshell, loop, function, command substitution,
 * `-c` string, `eval` and decoded payload, one and-or list per line, words
 * expanded (see expand.ts), wrappers peeled to the command they run, globs
 * resolved against the sensitive-path and binary lists. Facts the parser
 * learns are lines of their own, which rules in config/filters/*.toml score:
 *
 *   svc:fact <name> [detail]       e.g. unparseable, obfuscated-command, fork-bomb, package-typosquat,
 *                                  recursive-delete <absolute path> (see deletes.ts)
 *   svc:code <lang> <code>         an interpreter one-liner's code
 *   svc:sql <client> <where> <statement>   a database statement (where: local/remote/unknown);
 *                                  a program it runs (COPY … TO PROGRAM, sqlite3 .shell) is parsed as shell text
 */
import type { AndOr, Command, Pipeline, Redirect, Script, Word } from './ast.ts';
import { expandWord, plainField, plainGlob, plainLiteral, type ExpandEnv, type Substitution } from './expand.ts';
import { resolveCommandGlob, resolvePathGlob, type GlobLists } from './glob-lists.ts';
import { charCodeStrings, codeFacts, codeForRules, decodedLiterals, languageOf, oneLiner, shellStrings, STDIN_INTERPRETERS } from './interpreters.ts';
import { foldPath, recursiveDeleteTargets } from './deletes.ts';
import { createBudget, MAX_DEPTH, MAX_OUTPUT, type Budget } from './limits.ts';
import { parseShell } from './parser.ts';
import { sqlCall, statementPrograms } from './sql.ts';
import { typosquats } from './typosquat.ts';
import { verbFirst } from './cluster-flags.ts';
import { stageOutput, type StageOutput } from './static-eval.ts';
import { commandName, embeddedCommands, peel, SHELLS } from './wrappers.ts';
import { flagClusterEndsWith, flagClusterHas, hasGlob, startsWithUrlScheme } from './word-shapes.ts';

export interface ShellInput {
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

interface Scope {
  vars: Map<string, string>;
  positional: string[] | null;
  ifs: string;
  funcs: Set<string>;
  /** The working directory when known ('~' for home), for relative dot-file names. */
  cwd: string;
  /** Bind mounts of the container the commands run in, as [path inside, host path]. */
  mounts: [string, string][] | undefined;
  /** The commands run on another machine (ssh, a cluster's pod): a database client's "local" is that machine. */
  place: 'remote' | 'unknown' | undefined;
  /** What handed these commands over when it is no shell or login wrapper (find -exec, xargs, an interpreter, an option): a bare shell there is an escape. */
  via: string | undefined;
}

/** A scope for nested commands, with some fields replaced; every scope has every field, so they share one object shape. */
function derive(s: Scope, vars: Map<string, string>, positional: string[] | null, via = s.via, place = s.place, mounts = s.mounts): Scope {
  return { vars, positional, ifs: s.ifs, funcs: s.funcs, cwd: s.cwd, mounts, place, via };
}

interface Ctx {
  budget: Budget; lists: GlobLists; lines: string[]; size: number; facts: Set<string>; raw: string;
  /** Files a download wrote (path as written, and its base name) -> the URL. */
  downloads: Map<string, string>;
}

const HOME = /^(?:\/home\/[^/\s'"]{1,64}|\/users\/[^/\s'"]{1,64}|\/root(?=\/|$)|\$home\b|\$\{home\}|\$HOME\b)/i;

function emit(ctx: Ctx, line: string): void {
  if (ctx.size >= MAX_OUTPUT || line === '') return;
  const l = line.length > 8192 ? line.slice(0, 8192) : line;
  ctx.lines.push(l);
  ctx.size += l.length + 1;
}

function fact(ctx: Ctx, name: string, detail = ''): void {
  const line = `svc:fact ${name}${detail ? ' ' + detail.slice(0, 200) : ''}`;
  if (ctx.facts.has(line)) return;
  ctx.facts.add(line);
  emit(ctx, line);
}

/** The normalised text of a ShellExec/ProcessSpawn call (lines; facts included). */
export function normaliseShell(input: ShellInput, lists: GlobLists): string {
  return normaliseShellLines(input, lists).join('\n');
}

/** A call's command line: its command and arguments joined by spaces (the command itself when it has none). */
export const commandLineOf = (input: ShellInput): string => (input.args.length === 0 ? input.command : [input.command, ...input.args].join(' '));

/** normaliseShell's lines, as emitted (a line may hold newlines of its own); `raw` is commandLineOf(input), when the caller has it. */
export function normaliseShellLines(input: ShellInput, lists: GlobLists, raw = commandLineOf(input)): string[] {
  const ctx: Ctx = { budget: createBudget(), lists, lines: [], size: 0, facts: new Set(), raw, downloads: new Map() };
  const scope: Scope = { vars: input.env ? new Map(Object.entries(input.env)) : new Map(), positional: null, ifs: ' \t\n', funcs: new Set(), cwd: input.cwd === undefined ? '' : homed(input.cwd.replace(/\/+$/, '')), mounts: undefined, place: undefined, via: undefined };
  if (input.args.length === 0) runText(ctx, scope, input.command, 0, false);
  else emit(ctx, runArgv(ctx, scope, [input.command, ...input.args], null, 0).text);
  return ctx.lines;
}

const SHELL_WRAPPER_LINE = /^(?:sudo |doas )?(?:ba|z|da|k|a)?sh(?: -[a-zA-Z]+)* -[a-zA-Z]*c …$/;

/**
 * The lines the raw text does not already say (from normaliseShellLines,
 * joined by newlines): the rules scan the raw line anyway, so a line found
 * verbatim in it (or a bare `sh -c …`) adds nothing but scanning time. Fact,
 * code and SQL lines always stay.
 */
export function beyondRaw(lines: readonly string[], raw: string): string {
  const kept: string[] = [];
  for (const line of lines) {
    if (!line.includes('\n')) keepBeyond(line, raw, kept);
    else for (const l of line.split('\n')) keepBeyond(l, raw, kept);
  }
  return withinOthers(kept).join('\n');
}

/** Command lines looked at for repeats: more (or longer) are kept as they are, so the work stays bounded. */
const REPEAT_LINES = 32;
const REPEAT_CHARS = 8192;

/**
 * The lines without those another command line already says: a repeat, or a
 * command substitution's line that the line using it shows whole as
 * `$(line)` (`curl …` before `x=$(curl …)`), where a shell command starts as
 * it does in the raw text. Rules scan every line of the field, so such a line
 * adds nothing but scanning time. Fact, code and SQL lines always stay, and
 * are no container; a command found inside another line in any other way
 * (after `eval `, inside `svc:code`) keeps its own line.
 */
function withinOthers(kept: string[]): string[] {
  if (kept.length < 2 || kept.length > REPEAT_LINES) return kept;
  const commands: string[] = [];
  let size = 0;
  for (const l of kept) if (!l.startsWith('svc:')) { commands.push(l); size += l.length + 1; }
  if (commands.length < 2 || size > REPEAT_CHARS) return kept;
  let substitutions = false;
  for (const m of commands) if (m.includes('$(')) { substitutions = true; break; }
  const seen = new Set<string>();
  const drop = new Set<number>();
  for (let i = 0; i < kept.length; i++) {
    const l = kept[i]!;
    if (l.startsWith('svc:')) continue;
    if (seen.has(l)) { drop.add(i); continue; }
    seen.add(l);
  }
  // A command substitution's line shown whole as `$(line)` inside a longer one (a different line, so the longest always stay).
  for (let i = 0; substitutions && i < kept.length; i++) {
    const l = kept[i]!;
    if (drop.has(i) || l.startsWith('svc:')) continue;
    const inner = `$(${l})`;
    for (const m of commands) if (m.length > inner.length && m.includes(inner)) { drop.add(i); break; }
  }
  return drop.size === 0 ? kept : kept.filter((_, i) => !drop.has(i));
}

function keepBeyond(line: string, raw: string, kept: string[]): void {
  if (line.startsWith('svc:') || (!saidAsCommand(line, raw) && !(line.endsWith('c …') && SHELL_WRAPPER_LINE.test(line)))) kept.push(line);
}

/**
 * What may stand right before a command in shell text: the start, a list or pipe separator, a group,
 * a keyword or `sh -c` (and a quote), then the command's own variable assignments (`X=1 cmd`).
 */
const COMMAND_START = /(?:^|[;&|(){}`\n!]|\b(?:then|do|else)|(?:^|\s)-c)\s{0,4}[\"']?(?:[A-Za-z_][A-Za-z0-9_]{0,60}=[^\s;&|]{0,200}\s{1,4}){0,8}$/;
const OCCURRENCES = 16;

/**
 * True when `raw` says `line` where a command starts, so a rule reading the raw
 * text sees it as a command. Found only as a wrapper's operand (`ssh host shutdown
 * -h now`, `sudo -E env X=1 ./reset.sh`, `timeout 5 reboot`), the line is kept:
 * rules anchored at a command's start read it there.
 */
function saidAsCommand(line: string, raw: string): boolean {
  let at = raw.indexOf(line);
  for (let n = 0; at >= 0 && n < OCCURRENCES; n++) {
    if (at === 0 || COMMAND_START.test(raw.slice(Math.max(0, at - 600), at))) return true;
    at = raw.indexOf(line, at + 1);
  }
  return false;
}

/** Parses and runs shell text; `guessed` text (strings lifted out of interpreter code) reports no parse problems. */
function runText(ctx: Ctx, scope: Scope, text: string, depth: number, decoded: boolean, guessed = false): void {
  if (depth > MAX_DEPTH) { fact(ctx, 'unparseable', 'nesting deeper than the parser follows'); return; }
  if (decoded) fact(ctx, 'decoded-payload-run');
  const parsed = parseShell(text, ctx.budget, depth);
  if (!guessed) for (const p of parsed.problems) fact(ctx, 'unparseable', p);
  if (parsed.truncated) fact(ctx, 'parse-truncated');
  runScript(ctx, scope, parsed.script, depth);
}

function runScript(ctx: Ctx, scope: Scope, script: Script, depth: number): StageOutput | null {
  let last: StageOutput | null = null;
  for (const item of script) {
    if (!ctx.budget.spend()) { fact(ctx, 'unparseable', 'parse budget exhausted'); break; }
    last = runAndOr(ctx, scope, item, depth);
  }
  return last;
}

function runAndOr(ctx: Ctx, scope: Scope, item: AndOr, depth: number): StageOutput | null {
  if (item.pipes.length === 1) {
    // One pipeline: its text is the line (no parts to join).
    const r = runPipeline(ctx, scope, item.pipes[0]!, depth);
    emit(ctx, item.background ? r.text + ' &' : r.text);
    return r.output;
  }
  const parts: string[] = [];
  let out: StageOutput | null = null;
  for (let i = 0; i < item.pipes.length; i++) {
    if (i > 0) parts.push(item.ops[i - 1]!);
    const r = runPipeline(ctx, scope, item.pipes[i]!, depth);
    parts.push(r.text);
    out = r.output;
  }
  emit(ctx, parts.join(' ') + (item.background ? ' &' : ''));
  return out;
}

/** A stage that prints a download to its output (no -o/-O file): `curl -s URL`, `wget -qO- URL`. */
const DOWNLOAD_STAGE = /^(?:curl|wget|fetch|aria2c|http|xh)(?![^|]*\s(?:-[a-zA-Z]*o\s(?!-(?:\s|$))|--output[\s=]|-[a-zA-Z]*O(?:\s(?!-(?:\s|$))|$)))\s[^|]*?((?:https?|ftp):\/\/\S{1,300})/;
/** A stage that runs what it reads: a shell or interpreter given flags only (`sh`, `bash -s`, `python3 -`). */
const STDIN_RUNNER = /^(?:(?:ba|z|da|k|a)?sh|python[0-9.]{0,5}|perl|ruby|node|php|pwsh|powershell|iex|tclsh)(?:\s{1,3}-{1,2}[a-zA-Z]{0,12})*$/;

function runPipeline(ctx: Ctx, scope: Scope, p: Pipeline, depth: number): { text: string; output: StageOutput | null } {
  const texts: string[] = [];
  let input: StageOutput | null = null;
  let downloaded: string | null = null;
  for (const cmd of p.cmds) {
    const r = runCommand(ctx, scope, cmd, input, depth);
    texts.push(r.text);
    input = r.output;
    // A download several stages up still reaches the runner (`curl URL | tee f | sh`).
    if (p.cmds.length > 2) {
      const m = DOWNLOAD_STAGE.exec(r.text);
      if (m) downloaded = m[1]!;
      else if (downloaded !== null && STDIN_RUNNER.test(r.text)) fact(ctx, 'download-piped-to-shell', downloaded);
    }
  }
  return { text: texts.length === 1 ? texts[0]! : texts.join(' | '), output: input };
}

/** Word expansion's view of a scope; command substitutions run as nested scripts. */
class Expander implements ExpandEnv {
  constructor(readonly ctx: Ctx, readonly scope: Scope, readonly depth: number) {}
  get vars(): Map<string, string> { return this.scope.vars; }
  get positional(): string[] | null { return this.scope.positional; }
  substitute(script: Script): Substitution {
    const { ctx, scope, depth } = this;
    if (depth + 1 > MAX_DEPTH) { fact(ctx, 'unparseable', 'nesting deeper than the parser follows'); return { text: '$(…)', known: false, decoded: false }; }
    const mark = ctx.lines.length;
    const out = script.length === 1 && script[0]!.pipes.length === 1 ? runPipeline(ctx, scope, script[0]!.pipes[0]!, depth + 1) : null;
    if (!out) runScript(ctx, scope, script, depth + 1);
    else emit(ctx, out.text);
    if (out?.output) return { text: out.output.text, known: true, decoded: out.output.decoded };
    // One pipeline reads as itself: the lines its own substitutions emitted are lines of their
    // own already, and joined in with ' ; ' they would cut the outer command in two for rules
    // that read up to a list separator (`git push -f origin $(git commit-tree $(…)):main`).
    if (out) return { text: `$(${out.text.slice(0, 400)})`, known: false, decoded: false };
    return { text: `$(${ctx.lines.slice(mark).join(' ; ').slice(0, 400)})`, known: false, decoded: false };
  }
}

/** Home directory as `~` at the start of a path word (every HOME alternative starts with '/' or '$'). */
const homed = (s: string) => (s.charCodeAt(0) === 0x2f || s.charCodeAt(0) === 0x24 ? s.replace(HOME, '~') : s);

function expandArgs(ctx: Ctx, scope: Scope, words: Word[], depth: number): { argv: string[]; dynamicHead: boolean; obfuscatedHead: boolean; decoded: boolean } {
  // Made at the first word that needs one: most words are plain literals, their one field the text itself.
  let env: Expander | null = null;
  const argv: string[] = [];
  let dynamicHead = false; let obfuscatedHead = false; let decoded = false;
  for (let i = 0; i < words.length; i++) {
    const plain = plainLiteral(words[i]!);
    const e = plain === null ? expandWord(words[i]!, (env ??= new Expander(ctx, scope, depth)), scope.ifs) : null;
    if (e !== null) {
      if (i === 0) { dynamicHead = e.dynamic; obfuscatedHead = e.obfuscated; }
      if (e.decoded) decoded = true;
    }
    const count = e === null ? 1 : e.fields.length;
    for (let k = 0; k < count; k++) {
      const f = e === null ? plainField(plain!) : e.fields[k]!;
      if ((e === null ? plainGlob(plain!) : e.globs[k]) && argv.length > 0) {
        const hits = resolvePathGlob(homed(f), ctx.lists);
        if (hits.length > 0) { argv.push(...hits); fact(ctx, 'glob-reaches-sensitive-path', hits[0]); continue; }
        // An option's value (`of=/dev/s?a`, `--file=~/.ss?/id_*`).
        const opt = /^(-{0,2}[A-Za-z][A-Za-z0-9-]{0,30}=)(.+)$/.exec(f);
        const valueHits = opt ? resolvePathGlob(homed(opt[2]!), ctx.lists) : [];
        if (valueHits.length > 0) { argv.push(opt![1]! + valueHits[0]!); fact(ctx, 'glob-reaches-sensitive-path', valueHits[0]); continue; }
      }
      argv.push(f);
    }
  }
  return { argv, dynamicHead, obfuscatedHead, decoded };
}

/** A command's redirects when it has none. */
const NO_REDIRECTS: { text: string; stdin: StageOutput | null } = Object.freeze({ text: '', stdin: null });

function renderRedirects(ctx: Ctx, scope: Scope, redirs: Redirect[], depth: number): { text: string; stdin: StageOutput | null } {
  if (redirs.length === 0) return NO_REDIRECTS;
  const env = new Expander(ctx, scope, depth);
  const parts: string[] = [];
  let stdin: StageOutput | null = null;
  for (const r of redirs) {
    if (r.heredoc) { parts.push(`<< ${r.target?.raw ?? ''}`); stdin = { text: r.heredoc.body, decoded: false }; continue; }
    const target = r.target ? expandWord(r.target, env, scope.ifs).fields.join(' ') : '';
    parts.push(/^(?:[0-9]+|-)$/.test(target) && r.op.endsWith('&') ? `${r.op}${target}` : `${r.op} ${target}`);
    if (r.op === '<<<') stdin = { text: target + '\n', decoded: false };
  }
  return { text: parts.join(' '), stdin };
}

/** A compound command's redirects (`done < ~/.aws/credentials`, `} > /tmp/out`), words expanded as a simple command's are. */
function compoundRedirects(ctx: Ctx, scope: Scope, redirs: Redirect[], depth: number): string {
  return redirs.length === 0 ? '' : ` ${renderRedirects(ctx, scope, redirs, depth).text}`;
}

function runCommand(ctx: Ctx, scope: Scope, cmd: Command, input: StageOutput | null, depth: number): { text: string; output: StageOutput | null } {
  if (!ctx.budget.spend()) return { text: '', output: null };
  switch (cmd.kind) {
    case 'group': {
      const out = runScript(ctx, scope, cmd.body, depth);
      return { text: `( … )${compoundRedirects(ctx, scope, cmd.redirs, depth)}`, output: out };
    }
    case 'func': {
      scope.funcs.add(cmd.name);
      if (callsItselfInParallel(cmd.name, cmd.body)) fact(ctx, 'fork-bomb', cmd.name);
      const inner = cmd.body.kind === 'group' ? cmd.body.body : [{ pipes: [{ cmds: [cmd.body] }], ops: [], background: false }];
      runScript(ctx, derive(scope, scope.vars, null), inner, depth);
      return { text: `function ${cmd.name}`, output: null };
    }
    case 'loop': {
      runScript(ctx, scope, cmd.cond, depth);
      if (cmd.infinite && spawnsInBackground(cmd.body)) fact(ctx, 'unbounded-background-loop');
      runScript(ctx, scope, cmd.body, depth);
      return { text: `${cmd.infinite ? 'loop forever' : 'loop'}${compoundRedirects(ctx, scope, cmd.redirs, depth)}`, output: null };
    }
    case 'for': {
      if (cmd.items) {
        const { argv } = expandArgs(ctx, scope, [{ parts: [{ k: 'lit', s: 'for', q: 0 }], raw: 'for' }, ...cmd.items], depth);
        scope.vars.set(cmd.name, argv.slice(1).join(' '));
      }
      runScript(ctx, scope, cmd.body, depth);
      return { text: `loop${compoundRedirects(ctx, scope, cmd.redirs, depth)}`, output: null };
    }
    case 'simple':
      break;
  }
  const env = new Expander(ctx, scope, depth);
  const assigned: string[] = [];
  for (const a of cmd.assigns) {
    const value = expandWord(a.value, env, ' \t\n').fields.join(' ');
    assigned.push(`${a.name}=${value}`);
    scope.vars.set(a.name, value);
    // `IFS=: read …` sets IFS for that command alone (read's split); only a standalone assignment changes how later words split.
    if (a.name === 'IFS' && cmd.words.length === 0) { scope.ifs = value; if (value !== ' \t\n' && value !== '') fact(ctx, 'ifs-reassigned'); }
  }
  const { argv, dynamicHead, obfuscatedHead, decoded } = expandArgs(ctx, scope, cmd.words, depth);
  const redirs = renderRedirects(ctx, scope, cmd.redirs, depth);
  if (argv.length === 0) { if (redirs.text !== '') assigned.push(redirs.text); return { text: assigned.join(' '), output: null }; }
  if (obfuscatedHead) fact(ctx, 'obfuscated-command', argv[0]);
  if (dynamicHead && decoded && cmd.words[0] && expandWord(cmd.words[0], new Expander(ctx, scope, depth), scope.ifs).decoded) fact(ctx, 'command-name-decoded', argv[0]);
  if (dynamicHead && argv[0] !== '' && !argv[0]!.startsWith('$') && !scope.funcs.has(argv[0]!)) fact(ctx, 'command-from-expansion', argv[0]);
  const stdin = redirs.stdin ?? input;
  const r = runArgv(ctx, scope, argv, stdin, depth, decoded);
  // `curl -s URL > /tmp/x` saves the download as surely as `-o /tmp/x`.
  const saved = (argv[0] === 'curl' || argv[0] === 'wget') && redirs.text !== '' ? /(?:^|\s)>{1,2}\s(\S{1,300})/.exec(redirs.text) : null;
  if (saved) noteDownload(ctx, [argv[0]!, '--output=' + saved[1]!, ...argv.slice(1).filter((a) => a !== '-O' && a !== '-O-' && a !== '-')]);
  return { text: r.text === '' ? redirs.text : redirs.text === '' ? r.text : `${r.text} ${redirs.text}`, output: r.output };
}

/** Runs an expanded argv: globbed names, wrappers, shells, eval, one-liners, database clients. */
function runArgv(ctx: Ctx, scopeIn: Scope, argvIn: string[], stdin: StageOutput | null, depth: number, decodedArgs = false): { text: string; output: StageOutput | null } {
  let scope = scopeIn;
  let argv = argvIn.slice();
  argv[0] = commandName(argv[0]!);
  if (hasGlob(argv[0]!)) {
    const names = resolveCommandGlob(argv[0]!, ctx.lists);
    fact(ctx, 'glob-command', argv[0]);
    if (names.length > 0) {
      for (const n of names.slice(1)) emit(ctx, [n, ...argv.slice(1)].join(' '));
      argv[0] = names[0]!;
    }
  }
  const vars = scope.vars;
  for (let layer = 0; layer < 8; layer++) {
    const p = peel(argv);
    if (!p) break;
    for (const [k, v] of p.assigns ?? []) vars.set(k, v);
    for (const more of p.more ?? []) emit(ctx, runArgv(ctx, scope, more, null, depth + 1).text);
    if (p.script !== undefined) { runText(ctx, derive(scope, scope.vars, null, scope.via, p.place ?? scope.place), p.script, depth + 1, false); return { text: argv.join(' '), output: null }; }
    if (p.stdinShell) { runShellStdin(ctx, scope, stdin, depth); return { text: argv.join(' '), output: null }; }
    if (!p.argv) return { text: argv.join(' '), output: stageOutput(argv, stdin) };
    let inner = p.argv.slice();
    if (p.mounts && p.mounts.length > 0) scope = derive(scope, scope.vars, scope.positional, scope.via, scope.place, [...p.mounts.map(([d, h]) => [d.replace(/\/+$/, ''), homed(h).replace(/\/+$/, '')] as [string, string]), ...(scope.mounts ?? [])]);
    if (p.place) scope = derive(scope, scope.vars, scope.positional, scope.via, p.place);
    if (argv[0] === 'find' || argv[0] === 'xargs') scope = derive(scope, scope.vars, scope.positional, argv[0]);
    inner[0] = commandName(inner[0]!);
    if (p.xargs && !stdin) {
      // Input unknown: the replace string stands for any name, so `cat ~/.ssh/{}` reads as the glob `~/.ssh/*`.
      inner = inner.map((a, i) => {
        if (i === 0 || !a.includes(p.xargs!)) return a;
        const hits = resolvePathGlob(homed(a.split(p.xargs!).join('*')), ctx.lists);
        if (hits.length > 0) fact(ctx, 'glob-reaches-sensitive-path', hits[0]);
        return hits[0] ?? a;
      });
    }
    if (p.xargs !== undefined && stdin) {
      const words = stdin.text.split(p.xargs ? /\n/ : /\s+/).map((w) => w.trim()).filter(Boolean).slice(0, 8);
      if (p.xargs) {
        for (const w of words.slice(1)) emit(ctx, runArgv(ctx, scope, inner.map((a) => a.split(p.xargs!).join(w)), null, depth + 1).text);
        if (words[0] !== undefined) inner = inner.map((a) => a.split(p.xargs!).join(words[0]!));
      } else inner.push(...words);
      stdin = null;
    }
    argv = inner;
  }
  if (scope.mounts) argv = hostPaths(argv, scope.mounts);
  const name = argv[0]!;
  if (name === 'cd' || (name === 'pushd' && argv[1] !== undefined && !/^[-+]/.test(argv[1]))) {
    // A relative `cd` (or `pushd`) moves from the known folder (`cd .. && rm -rf sibling` deletes a sibling of the project).
    const to = homed((argv[1] ?? '~').replace(/\/+$/, ''));
    scope.cwd = /^[/~$]/.test(to) || !/^[/~]/.test(scope.cwd) ? to : foldPath(`${scope.cwd}/${to}`);
  }
  argv = inHome(argv, scope.cwd);
  noteDownload(ctx, argv);
  // What a recursive rm removes, made absolute; through find, the name is matched anywhere under the start.
  if (name === 'rm') for (const t of recursiveDeleteTargets(argv, scope.cwd)) fact(ctx, 'recursive-delete', scope.via === 'find' ? `${t} via find` : t);
  // Shredding every file find finds destroys the tree as surely (`find ~/Documents -type f -exec shred -u {} +`).
  else if ((name === 'shred' || name === 'srm') && scope.via === 'find') for (const t of recursiveDeleteTargets(['rm', '-r', ...argv.slice(1)], scope.cwd)) fact(ctx, 'recursive-delete', `${t} via find`);
  // The command's text: argv joined, unless a shell's or a one-liner's form replaces it below.
  let text: string | null = null;
  if (!SHELLS.has(name) && depth + 1 <= MAX_DEPTH) {
    for (const c of embeddedCommands(argv)) { fact(ctx, 'command-in-option', name); runText(ctx, derive(scope, new Map(scope.vars), null, name), c, depth + 1, false, true); }
  }
  if (SHELLS.has(name)) { runShell(ctx, scope, argv, stdin, depth, decodedArgs); text = shellText(argv); }
  else if (name === 'eval') runText(ctx, scope, argv.slice(1).join(' '), depth + 1, decodedArgs);
  else if ((name === 'source' || name === '.') && (argv[1] === '/dev/stdin' || argv[1] === '-' || argv[1] === '/dev/fd/0')) runShellStdin(ctx, scope, stdin, depth);
  else {
    // The code has a line of its own (or is in the raw line): the words after it stay, the flags and code before are '…'.
    // awk's program is its first operand, so the files after it (`awk 1 ~/.aws/credentials`) stay for the path rules.
    const end = runOneLiner(ctx, scope, argv, stdin, depth);
    if (end >= 0) { const from = /awk$/.test(name) ? end : Math.max(3, end); text = `${name} …${argv.length > from ? ' ' + argv.slice(from).join(' ') : ''}`; }
    if (ctx.lists.packages) for (const [pkg, popular] of typosquats(argv, ctx.lists.packages)) fact(ctx, 'package-typosquat', `${pkg} ~ ${popular}`);
    const reordered = verbFirst(argv);
    if (reordered) emit(ctx, reordered.join(' '));
    const sql = sqlCall(argv, stdin?.text ?? null, vars);
    if (sql) {
      emit(ctx, `svc:sql ${sql.client} ${sql.where === 'local' && scope.place ? scope.place : sql.where} ${sql.statement}`);
      // A program the statement runs (COPY … TO PROGRAM, sqlite3 .shell, mysql \!) is shell text of its own.
      if (depth + 1 <= MAX_DEPTH) {
        for (const program of statementPrograms(sql.statement)) {
          fact(ctx, 'database-runs-program', sql.client);
          runText(ctx, derive(scope, new Map(scope.vars), null, sql.client), program, depth + 1, false, true);
        }
      }
    }
  }
  return { text: text ?? argv.join(' '), output: stageOutput(argv, stdin) };
}

/** Paths inside a container read as the host paths mounted there (`-v /:/host` makes `/host/etc` read as `/etc`). */
function hostPaths(argv: string[], mounts: [string, string][]): string[] {
  return argv.map((a) => {
    for (const [inside, host] of mounts) {
      if (inside === '' || (a !== inside && !a.startsWith(inside + '/'))) continue;
      const rest = a.slice(inside.length);
      return host === '' ? (rest === '' ? '/' : rest) : host + rest;
    }
    return a;
  });
}

const RUNNERS = /^(?:(?:ba|z|da|k)?sh|python[0-9.]{0,5}|node|perl|ruby|php|java|deno|bun|source|\.|pwsh|powershell|osascript|tclsh|Rscript|lua)$/;

/** A file name without a leading `./`. */
const base = (a: string): string => (a.startsWith('./') ? a.slice(2) : a);

/** Files curl/wget write, and a later command that runs one (as the command, or through a shell or interpreter). */
function noteDownload(ctx: Ctx, argv: string[]): void {
  const name = argv[0]!;
  if (name === 'curl' || name === 'wget') {
    const url = argv.find(startsWithUrlScheme);
    if (!url) return;
    let out: string | null = null;
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i]!;
      if (name === 'curl' && (a === '-o' || a === '--output' || flagClusterEndsWith(a, 'o'))) out = argv[i + 1] ?? null;
      else if (a.startsWith('--output=')) out = a.slice(9);
      else if (name === 'curl' && (a === '-O' || a === '--remote-name' || flagClusterEndsWith(a, 'O'))) out = url.replace(/[?#].*$/, '').split('/').pop() || null;
      else if (name === 'wget' && (a === '-O' || flagClusterEndsWith(a, 'O'))) out = argv[i + 1] ?? null;
      else if (name === 'wget' && a.startsWith('--output-document=')) out = a.slice(18);
    }
    if (name === 'wget' && out === null) out = url.replace(/[?#].*$/, '').split('/').pop() || null;
    if (!out || out === '-' || out === '/dev/null' || ctx.downloads.size >= 16) return;
    ctx.downloads.set(out, url);
    ctx.downloads.set(out.split('/').pop()!, url);
    return;
  }
  if (ctx.downloads.size === 0) return;
  const runs = ctx.downloads.has(base(name)) && (name.includes('/')) ? name
    : RUNNERS.test(name) ? argv.slice(1).find((a) => !a.startsWith('-') && ctx.downloads.has(base(a))) : undefined;
  if (runs !== undefined) fact(ctx, 'runs-downloaded-file', ctx.downloads.get(base(runs))!);
}

/** True when an argv names a directory to work in (`-C DIR`, `--directory[=]DIR`). */
function namesDirectory(argv: readonly string[]): boolean {
  for (const a of argv) if (a === '-C' || a === '--directory' || a.startsWith('--directory=')) return true;
  return false;
}

/** Dot-file names relative to the home directory (`cd ~ && tar … .ssh`, `tar -C ~ … .aws`) written as `~/.ssh`. */
function inHome(argv: string[], cwd: string): string[] {
  if (cwd !== '~' && !namesDirectory(argv)) return argv;
  let here = cwd;
  return argv.map((a, i) => {
    const prev = argv[i - 1];
    if (i > 0 && (prev === '-C' || prev === '--directory')) here = homed(a.replace(/\/+$/, ''));
    else if (a.startsWith('--directory=')) here = homed(a.slice(12).replace(/\/+$/, ''));
    return i > 0 && here === '~' && /^\.[A-Za-z]/.test(a) ? `~/${a}` : a;
  });
}

/** A shell's argv with its `-c` string shown as '…' (its commands have lines of their own). */
function shellText(argv: string[]): string {
  const c = argv.findIndex((a, i) => i > 0 && flagClusterHas(a, 'c'));
  return c < 0 || argv[c + 1] === undefined ? argv.join(' ') : [...argv.slice(0, c + 1), '…', ...argv.slice(c + 2)].join(' ');
}

function runShell(ctx: Ctx, scope: Scope, argv: string[], stdin: StageOutput | null, depth: number, decodedArgs: boolean): void {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (flagClusterHas(a, 'c')) {
      const script = argv[i + 1];
      if (script === undefined) return;
      runText(ctx, derive(scope, new Map(scope.vars), argv.slice(i + 2)), script, depth + 1, decodedArgs);
      return;
    }
    if (a === '-o' || a === '+o' || a === '-O' || a === '+O' || a === '--rcfile' || a === '--init-file') { i++; continue; }
    if (a.startsWith('-') || a.startsWith('+')) continue;
    return; // A script file: its text is not in the call.
  }
  // A bare shell started by something that is no shell or login wrapper (find -exec, awk's system(), an option) is an escape to a shell.
  if (!stdin && scope.via) fact(ctx, 'shell-escape', scope.via);
  runShellStdin(ctx, scope, stdin, depth);
}

function runShellStdin(ctx: Ctx, scope: Scope, stdin: StageOutput | null, depth: number): void {
  if (!stdin) return;
  runText(ctx, derive(scope, new Map(scope.vars), scope.positional), stdin.text, depth + 1, stdin.decoded);
}

/** Code on one line, as codeForRules writes it: each newline and the blanks around it as ' ; '. */
const oneLine = (code: string): string => (code.includes('\n') ? code.replace(/\s*\n\s*/g, ' ; ') : code);

/** Emits an interpreter one-liner's code (and runs the shell strings in it); the index of the first argv word after the code, or -1 when there was none. */
function runOneLiner(ctx: Ctx, scope: Scope, argv: string[], stdin: StageOutput | null, depth: number): number {
  let one = oneLiner(argv);
  if (!one && stdin && STDIN_INTERPRETERS.test(argv[0]!) && argv.slice(1).every((a) => a.startsWith('-'))) {
    one = { lang: languageOf(argv[0]!) ?? argv[0]!.replace(/[0-9.]+$/, ''), code: stdin.text, end: 1 };
    if (stdin.decoded) fact(ctx, 'decoded-payload-run');
  }
  if (!one || depth + 1 > MAX_DEPTH) return -1;
  for (const f of codeFacts(one.code)) fact(ctx, f, one.lang);
  const codes = [one.code, ...decodedLiterals(one.code)];
  const runsDecoded = codes.length > 1 && /\b(?:exec|eval|system|popen|compile|spawn|execsync|execute)\s{0,2}\(/i.test(one.code);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (i > 0 && runsDecoded) fact(ctx, 'decoded-payload-run');
    const line = codeForRules(code);
    // Code the raw line already shows as is needs no second copy (rules read it there).
    if (i > 0 || line !== oneLine(code) || !ctx.raw.includes(code)) emit(ctx, `svc:code ${one.lang} ${line}`);
    for (const s of shellStrings(line, one.lang)) runText(ctx, derive(scope, new Map(scope.vars), null, one.lang), s.replace(/'~'/g, '~'), depth + 1, false, true);
  }
  // Text spelt as character codes is read as code, and as shell when the code hands something to a shell.
  const spelt = charCodeStrings(one.code);
  const runsShell = spelt.length > 0 && SHELL_RUNNER.test(one.code);
  for (const s of spelt) {
    emit(ctx, `svc:code ${one.lang} ${s}`);
    if (runsShell) runText(ctx, derive(scope, new Map(scope.vars), null, one.lang), s, depth + 1, true, true);
  }
  return one.end;
}

/** Code that hands a string to a shell or runs a program. */
const SHELL_RUNNER = /\b(?:system|exec|execsync|popen|spawn|spawnsync|shell_exec|passthru|proc_open|subprocess|os\.execute|io\.popen|eval)\b|`/i;

/** A function whose body runs itself in a pipeline or in the background (`f(){ f|f& }`). */
function callsItselfInParallel(name: string, body: Command): boolean {
  let found = false;
  const visit = (script: Script) => {
    for (const item of script) {
      for (const p of item.pipes) {
        const selfCalls = p.cmds.filter((c) => c.kind === 'simple' && c.words[0]?.raw === name).length;
        if (selfCalls > 0 && (p.cmds.length > 1 || item.background)) found = true;
        for (const c of p.cmds) if (c.kind === 'group' || c.kind === 'loop' || c.kind === 'for') visit(c.body);
      }
    }
  };
  visit(body.kind === 'group' ? body.body : [{ pipes: [{ cmds: [body] }], ops: [], background: false }]);
  return found;
}

/** A loop body that starts a background job (`while :; do $0 & done`). */
function spawnsInBackground(script: Script): boolean {
  return script.some((item) => item.background || item.pipes.some((p) => p.cmds.some((c) => (c.kind === 'group' || c.kind === 'loop') && spawnsInBackground(c.body))));
}
