/**
 * A cheap look at a command line that says whether normalising it can show
 * the rules anything the raw line does not: no expansion, escape, glob,
 * brace, here-document, quote glued inside a word or opening a command word
 * (`"rm" -rf ~` is `rm -rf ~` to the rules), relative dot-file, and no
 * command the normaliser looks into (wrappers, containers, ssh, shells, eval,
 * interpreters, database clients, decoders, loops, functions, a download
 * followed by another command, an option that carries a command, a recursive rm). When it says no, the
 * normalised form would be the raw words with their quotes removed, so the
 * call is scanned raw only. Keep NAMES in step with wrappers.ts,
 * interpreters.ts, sql.ts, static-eval.ts and the parser's compound commands.
 */
import { commandLineOf, type ShellInput } from './normalise.ts';

/**
 * An expansion, escape, glob or brace character, a here-document, `()`, an
 * empty or glued quote or one opening a command word, a relative dot-file or
 * /dev/stdin: the alternatives of one regex, tested one by one, each only on
 * text holding the character it needs (the single regex tried every
 * alternative at every position: about twice the time on a command line).
 */
const EXPANSION_CHAR = /[$`\\*?[{]/;
const EMPTY_PARENS = /\(\s*\)/;
const QUOTE_OPENS_WORD = /(?:^|[;&|(!\n])\s*['"]/;
const QUOTE_GLUED = /[A-Za-z0-9_](?:'[^']*'|"[^"]*")|(?:'[^']*'|"[^"]*")[A-Za-z0-9_]/;
const DOT_FILE = /(?:^|[\s=:])\.(?:ssh|aws|gnupg|kube|docker|config|local|mozilla|password-store|azure|netrc|git-credentials|npmrc|pgpass|pypirc|bash_history|zsh_history)\b/;
const SPECIAL = {
  test(s: string): boolean {
    if (EXPANSION_CHAR.test(s) || s.includes('<<') || s.includes('/dev/stdin') || s.includes('/dev/fd')) return true;
    if (s.includes('(') && EMPTY_PARENS.test(s)) return true;
    if ((s.includes("'") || s.includes('"')) && (s.includes("''") || s.includes('""') || QUOTE_OPENS_WORD.test(s) || QUOTE_GLUED.test(s))) return true;
    return s.includes('.') && DOT_FILE.test(s);
  },
};
const NAMES = /(?:^|[\s;&|(!/])(?:sudo|doas|env|command|exec|nice|nohup|timeout|ionice|setsid|stdbuf|time|chrt|taskset|chroot|strace|ltrace|unbuffer|caffeinate|torsocks|proxychains4?|runuser|fakeroot|catchsegv|doppler|xargs|find|busybox|toybox|watch|flock|su|script|(?:ba|z|da|k|a|mk|tc|c|ya|rba)?sh|fish|eval|source|python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|j?ruby|node(?:js)?|bun|deno|lua(?:jit|5\.[0-9])?|php[0-9.]*|[gmn]?awk|psql|mysql|mariadb|sqlite3|mongosh|mongo|cockroach|redis-cli|clickhouse-client|usql|sqlcmd|pgcli|mycli|cqlsh|base64|b64|base32|basenc|xxd|rev|tr|openssl|while|until|for|select|function|case|if|docker|podman|nerdctl|docker-compose|kubectl|oc|ssh|ansible|pdsh|pssh|parallel-ssh|clush|Rscript|R|julia|elixir|iex|groovy|osascript|pwsh|powershell|expect|tclsh[0-9.]*|wish)(?=$|[\s;&|)])/i;
/** An option that carries a command to run (wrappers.ts `embeddedCommands`); no long windows, so linear on any input. */
const COMMAND_OPTION = /--(?:checkpoint-action|to-command|use-compress-program|rsh|rsync-path|info-script|new-volume-script|eval)=|proxycommand|localcommand|knownhostscommand|remotecommand|\s-c\s{1,4}['"]?(?:core|sequence|diff|alias|credential|gpg|uploadpack)\.|['"\s]:?!\S|\.(?:shell|system)\s/i;
const OPTION_FLAG = /\s-(?:TT|ex|cmd|I|F|P|z|e)\s/;
const OPTION_PROGRAM = /\b(?:tar|rsync|zip|man|tcpdump|gdb|sqlite3)\b/;
const commandOption = (s: string) => COMMAND_OPTION.test(s) || (OPTION_FLAG.test(s) && OPTION_PROGRAM.test(s));
/** A download followed by another command: the normaliser notes a downloaded file that is then run. */
const SEPARATOR = /&&|;|\|\||\n/;
const SAVES = /\s-[a-zA-Z]{0,8}[oO](?:\s|$)|\s--output|\s--remote-name|>/;
const downloadThen = (s: string) => SEPARATOR.test(s) && (/\bwget\b/.test(s) || (/\bcurl\b/.test(s) && SAVES.test(s)));
const INTERPRETER_NAME = /^(?:python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|j?ruby|node(?:js)?|bun|deno|lua(?:jit|5\.[0-9])?|php[0-9.]*|[gmn]?awk|Rscript|R|julia|elixir|iex|groovy|osascript|pwsh|powershell|expect|tclsh[0-9.]*|wish)$/;
const SHELL_NAME = /^(?:ba|z|da|k|a|mk)?sh$/;
const LINE_END = /[\n\r\u2028\u2029]/;
/**
 * `^(?:.*\/)?NAME$` without the backtracking over a whole command line: no
 * name holds a '/', so only the text after the last '/' can be it, and `.*`
 * reaches that '/' only when no line ends before it.
 */
function namedAfterPath(text: string, name: RegExp): boolean {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return name.test(text);
  return name.test(text.slice(slash + 1)) && !LINE_END.test(text.slice(0, slash));
}
const INTERPRETER = { test: (s: string) => namedAfterPath(s, INTERPRETER_NAME) };
const SHELL_C = { test: (s: string) => namedAfterPath(s, SHELL_NAME) };

/** A package install: the normaliser compares the names with the popular ones (typosquat.ts). */
const INSTALL = /(?:^|[\s;&|(/])(?:(?:npm|pnpm|cnpm|yarn|bun|pip[0-9.]*|pipx|uv|poetry|python[0-9.]*\s+-m\s+pip|cargo|gem|bundle|nuget)\s+(?:(?:pip|global)\s+)?(?:install|i|in|add|isntall)|composer\s+(?:global\s+)?require|dotnet\s+add\s[^;&|\n]{0,200}?package|install-package)\s/i;

/** A recursive rm: the normaliser notes what it removes, made absolute (deletes.ts). */
const recursiveRm = (s: string) => /(?:^|[\s;&|(/])rm\s/.test(s) && /\s(?:-[a-zA-Z]{0,8}[rR]|--recursive)/.test(s);

/** An odd number of quotes: the text does not parse, which is itself a signal. */
const unbalanced = (s: string) => s.split('"').length % 2 === 0 || s.split("'").length % 2 === 0;

/** False when normalising `input` cannot change what the rules see; `line` is commandLineOf(input), when the caller has it. */
export function mayReveal(input: ShellInput, line = commandLineOf(input)): boolean {
  // `bash -c 'script'`: the outer shell is plain; look at the script.
  if (SHELL_C.test(input.command) && input.args.length === 2 && /^-[a-z]*c[a-z]*$/.test(input.args[0]!)) {
    const script = input.args[1]!;
    return SPECIAL.test(script) || NAMES.test(script) || downloadThen(script) || commandOption(script) || unbalanced(script) || INSTALL.test(script) || recursiveRm(script);
  }
  // The rest is one disjunction of pure tests, the likeliest hit of a revealing command first
  // (an expansion, quote or escape in the command's text; the whole line of most shell calls).
  if (SPECIAL.test(input.command)) return true;
  // An argv: only its first word names a command; an interpreter matters with inline code.
  if (NAMES.test(input.command)) {
    if (!INTERPRETER.test(input.command)) return true;
    if (input.args.some((a) => /^-[a-zA-Z]*[ceEr]/.test(a) || /^-(?:command|encodedcommand|enc)$/i.test(a) || a === 'eval') || /awk$/.test(input.command)) return true;
  }
  if (commandOption(line) || INSTALL.test(`${line} `) || recursiveRm(line)) return true;
  return input.args.some((a) => SPECIAL.test(a)) || (input.args.length === 0 && unbalanced(input.command));
}
