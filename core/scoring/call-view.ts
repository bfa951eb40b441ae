/**
 * A tool call flattened once per evaluation into what filters read: its
 * operation, every string field (windowed, plus a normalised lower-case form),
 * and the network destinations it reaches.
 */
import type { ToolCall } from '../schemas/tool-call.ts';
import { CALL_REGEX_BUDGET, regexWindow, tightWindow } from './bounded-text.ts';
import { extractHosts, hasNetworkTool, networkOf } from './hosts.ts';
import { emptyKeywordHits, type KeywordHits } from './keyword-index.ts';
import type { RunLengths } from './required-run.ts';
import { databasePlace, isDatabaseTool, mcpCallText, mcpOp, mcpStrings } from './mcp-fields.ts';
import type { GlobLists } from './shell/glob-lists.ts';
import { NO_GLOB_LISTS } from './shell/lists.ts';
import { beyondRaw, commandLineOf, normaliseShellLines } from './shell/normalise.ts';
import { mayReveal } from './shell/prescreen.ts';

export type Op =
  | 'read' | 'write' | 'append' | 'delete' | 'rename' | 'chmod' | 'list' | 'create'
  | 'exec' | 'http' | 'connect' | 'listen' | 'dns' | 'mcp';

/** Where a string came from. `outbound` fields can carry data off the machine. */
export type Target = 'path' | 'command' | 'url' | 'headers' | 'body' | 'content' | 'env' | 'host' | 'dns' | 'mode';

export const OUTBOUND_TARGETS: ReadonlySet<Target> = new Set(['command', 'url', 'headers', 'body', 'env', 'host', 'dns']);

export interface Field {
  target: Target;
  /** The field's name in the tool call, e.g. `path`, `args`, `headers.authorization`. */
  name: string;
  /** The whole value (canary scans read it through their own window). */
  raw: string;
  /** The regex window of the value, original case. */
  text: string;
  /** `text` lower-cased; paths also get '/' separators and the home directory as `~`. */
  norm: string;
  /** The keyword ids found in `norm`, kept by the engine's keyword index for this evaluation (null until then). */
  keywordHits: KeywordHits | null;
  /** Longest class runs measured in `text` and `norm` by the pattern filters (required-run.ts; null until then). */
  runs: { text: RunLengths; norm: RunLengths } | null;
}

export interface CallView {
  call: ToolCall;
  op: Op;
  fields: Field[];
  /** Lower-case destination hosts (names or IP literals), without ports. */
  hosts: string[];
  /** True when the call can send data off the machine. */
  egress: boolean;
  /** ShellExec/ProcessSpawn: command and arguments joined by spaces (windowed, normalised). */
  commandLine: string;
}

const OPS: Record<Exclude<ToolCall['type'], 'McpToolCall'>, Op> = {
  FileRead: 'read', FileWrite: 'write', FileAppend: 'append', FileDelete: 'delete', FileRename: 'rename',
  FileChmod: 'chmod', DirList: 'list', DirCreate: 'create', ShellExec: 'exec', ProcessSpawn: 'exec',
  HttpRequest: 'http', NetConnect: 'connect', NetListen: 'listen', DnsQuery: 'dns',
};

/**
 * The user's home directory in lower-case text. `/home/…` and `/users/…` count
 * only where a path starts (not glued to a host or segment name: a URL's
 * `github.com/users/octocat` is no home); `..` and `/` before them still count.
 */
const HOME = /(?<![a-z0-9_-])\/home\/[^/\s'"]{1,64}|(?<![a-z0-9_-])\/users\/[^/\s'"]{1,64}|(?<![a-z0-9_-])\/root(?=\/)|\$home\b|\$\{home\}|%userprofile%|(?:c:|\/mnt\/[a-z])\/users\/[^/\s'"]{1,64}/g;

/** Lower-cases and maps the user's home directory to `~` (paths also get '/' separators). */
export function normalisePath(text: string, isPath: boolean): string {
  let s = text.toLowerCase();
  if (isPath) s = s.replaceAll('\\', '/');
  return mayNameHome(s) ? s.replace(HOME, '~') : s;
}

/**
 * What every HOME alternative starts with ('c:/users/…' holds '/users/'), in
 * lower-case text: most text holds none, and is not scanned by HOME. One
 * search of a literal alternation (a third of the time of six includes).
 */
const HOME_START = /\/(?:home|users|root)\/|\$home|\$\{home\}|%userprofile%/;
const mayNameHome = (s: string): boolean => HOME_START.test(s);

/** What is left of a call's regex budget (bounded-text.ts). */
interface Budget { left: number }

function field(target: Target, name: string, raw: string, budget: Budget): Field {
  const text = budget.left > 0 ? regexWindow(raw) : tightWindow(raw);
  budget.left -= text.length;
  return { target, name, raw, text, norm: normalisePath(text, target === 'path'), keywordHits: null, runs: null };
}

/**
 * A field read by the command rules too (a file that runs later): the same
 * text under the target 'command', sharing the base field's class runs and
 * keyword hits (they depend on the text alone, so they are measured once for both).
 */
function alsoRead(base: Field): Field {
  base.runs ??= { text: new Map(), norm: new Map() };
  base.keywordHits ??= emptyKeywordHits();
  return { ...base, target: 'command' };
}

/**
 * A command line and the lines of its parsed form (see shell/normalise.ts)
 * that the raw line does not already say, as ONE field: the raw line first,
 * then the parsed lines, each windowed on its own. Every pattern filter scans
 * it in one pass, instead of a second pass over a second field; the raw line
 * is always scanned.
 */
function commandField(line: string, normalised: string, budget: Budget): { field: Field; lineNorm: string } {
  if (normalised === '') { const f = field('command', 'command', line, budget); return { field: f, lineNorm: f.norm }; }
  const head = regexWindow(line);
  const tail = regexWindow(normalised);
  // Joined into flat strings (a template literal would make a two-part rope, and every
  // scan that reads the text a character at a time pays for that on each character).
  const text = [head, tail].join('\n');
  budget.left -= text.length;
  // normalisePath of the joined text, by parts: lower-casing and the home-directory patterns never reach across a newline.
  const lineNorm = normalisePath(head, false);
  const norm = [lineNorm, normalisePath(tail, false)].join('\n');
  return { field: { target: 'command', name: 'command', raw: [line, normalised].join('\n'), text, norm, keywordHits: null, runs: null }, lineNorm };
}

/**
 * Files whose content is run later by a shell, an editor, a service manager,
 * a session, git, a package manager or CI: shell start-up files, `.envrc`,
 * vim start-up files, git hooks (and Husky's), git configs (their command options), crontabs, systemd units, XDG autostart
 * entries, launchd plists, `setup.py`, `package.json` scripts and install
 * hooks (`postinstall.js`), CI workflows and editor tasks, Makefiles, Cargo
 * build scripts, pytest's conftest.py, agents' hook settings and MCP server lists,
 * task runners (justfile, Taskfile), dev containers, pre-commit hooks, Gradle,
 * CMake and Bazel build files and JetBrains external tools (their commands run at build or open).
 */
const EXECUTED_FILE = /(?:^|\/)(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc|envrc|vimrc|exrc|gvimrc|xprofile|xinitrc|xsessionrc)|init\.vim|init\.lua|config\.fish|crontab|setup\.py|package\.json|(?:pre|post)?install\.(?:js|cjs|mjs|sh)|tasks\.json|\.gitlab-ci\.yml|\.travis\.yml|azure-pipelines\.yml|bitbucket-pipelines\.yml|jenkinsfile|rc\.local|makefile|gnumakefile|build\.rs|conftest\.py|\.?mcp\.json|\.?justfile|taskfile\.ya?ml|\.?devcontainer\.json|\.pre-commit-config\.ya?ml|[a-z0-9_.-]{0,60}\.gradle(?:\.kts)?|cmakelists\.txt|[a-z0-9_.-]{1,60}\.cmake|build\.bazel|[a-z0-9_.-]{1,60}\.bzl|external tools\.xml)$|(?:^|\/)(?:\.circleci\/config\.yml|\.claude\/settings(?:\.local)?\.json)$|(?:^|\/)\.(?:git\/hooks|husky)\/[^/]{1,100}$|(?:^|\/)(?:\.gitconfig|\.git\/config|\.config\/git\/config|etc\/gitconfig)$|(?:^|\/)\.github\/workflows\/[^/]{1,200}\.ya?ml$|\.(?:service|timer|desktop|plist)$|\/(?:cron\.d|cron\.daily|cron\.hourly|cron\.weekly|cron\.monthly|crontabs|spool\/cron)\/[^/]{1,100}$|\/etc\/profile\.d\/[^/]{1,100}$/;

/**
 * The user-level hook settings of the agents svc hooks (cli/setup/agent-settings.ts):
 * where `svc setup` puts its own entries by default.
 */
const HOME_AGENT_HOOKS = /^~\/\.(?:claude\/settings|gemini\/settings|codex\/hooks|cursor\/hooks)\.json$/;
/** The first line of the field a whole rewrite of one of those files is also read as. */
const HOME_AGENT_HOOKS_MARK = 'svc:home-agent-hooks';

/** Builds the view of a validated tool call. */
export function viewOf(call: ToolCall, globLists: GlobLists = NO_GLOB_LISTS): CallView {
  const fields: Field[] = [];
  const budget: Budget = { left: CALL_REGEX_BUDGET };
  let hosts: string[] = [];
  let egress = false;
  let commandLine = '';
  let op: Op = call.type === 'McpToolCall' ? mcpOp(call.tool) : OPS[call.type];
  switch (call.type) {
    case 'FileRead': case 'FileDelete': case 'DirList': case 'DirCreate':
      fields.push(field('path', 'path', call.path, budget));
      break;
    case 'FileWrite': case 'FileAppend':
      fields.push(field('path', 'path', call.path, budget));
      if (call.content !== undefined) {
        const full = budget.left > 0;
        const content = field('content', 'content', call.content, budget);
        fields.push(content);
        // A file that something runs later: its content is read by the command rules too,
        // through the same window when the budget still allows it (windowed and lower-cased once).
        if (EXECUTED_FILE.test(call.path.slice(0, 4096).replace(/\\/g, '/').toLowerCase())) {
          if (full && budget.left > 0) {
            budget.left -= content.text.length;
            fields.push(alsoRead(content));
          } else fields.push(field('command', 'content', call.content, budget));
        }
        // The user's own agent hook settings rewritten whole: read with a first line naming the place, so a
        // rule can tell a rewrite there (which drops svc's entries unless it writes them) from the same text in a project.
        if (call.type === 'FileWrite' && budget.left > 0 && HOME_AGENT_HOOKS.test(normalisePath(call.path.slice(0, 4096), true))) {
          fields.push(field('content', 'content.home-agent-hooks', `${HOME_AGENT_HOOKS_MARK}\n${call.content}`, budget));
        }
      }
      break;
    case 'FileRename':
      fields.push(field('path', 'from', call.from, budget), field('path', 'to', call.to, budget));
      break;
    case 'FileChmod':
      fields.push(field('path', 'path', call.path, budget), field('mode', 'mode', String(call.mode), budget));
      break;
    case 'ShellExec': case 'ProcessSpawn': {
      const input = { command: call.command, args: call.args, env: call.env, cwd: call.cwd };
      const line = commandLineOf(input);
      const normalised = mayReveal(input, line) ? beyondRaw(normaliseShellLines(input, globLists, line), line) : '';
      const { field: f, lineNorm } = commandField(line, normalised, budget);
      fields.push(f);
      commandLine = lineNorm;
      if (call.cwd !== undefined) fields.push(field('path', 'cwd', call.cwd, budget));
      for (const [k, v] of Object.entries(call.env ?? {})) fields.push(field('env', `env.${k}`, `${k}=${v}`, budget));
      const net = networkOf(f.norm);
      hosts = net.hosts;
      egress = hosts.length > 0 || net.tool;
      break;
    }
    case 'HttpRequest':
      fields.push(field('url', 'url', call.url, budget));
      for (const [k, v] of Object.entries(call.headers ?? {})) fields.push(field('headers', `headers.${k}`, `${k}: ${v}`, budget));
      if (call.body !== undefined) fields.push(field('body', 'body', call.body, budget));
      hosts = extractHosts(call.url.toLowerCase().slice(0, 4096));
      egress = true;
      break;
    case 'NetConnect':
      fields.push(field('host', 'host', call.host, budget));
      hosts = [call.host.toLowerCase().replace(/^\[|\]$/g, '').slice(0, 255)];
      egress = true;
      break;
    case 'NetListen':
      if (call.host !== undefined) fields.push(field('host', 'host', call.host, budget));
      break;
    case 'DnsQuery':
      fields.push(field('dns', 'name', call.name, budget));
      hosts = [call.name.toLowerCase().replace(/\.$/, '').slice(0, 255)];
      egress = true;
      break;
    case 'McpToolCall': {
      // The server's name and the tool's are data the agent chose too.
      fields.push(field('body', 'server', call.server, budget), field('body', 'tool', call.tool, budget));
      const { strings } = mcpStrings(call.arguments, isDatabaseTool(call.server, call.tool), databasePlace(call.server, call.tool, call.arguments));
      for (const s of strings) fields.push(field(s.target, s.name, s.value, budget));
      // The tool and its arguments read together, a line per string (mcpCallText).
      fields.push(field('body', 'call', mcpCallText(call.server, call.tool, strings), budget));
      // A file that runs later written through a tool (a CI workflow or install hook pushed to a repository):
      // its content is read by the command rules too, as a FileWrite's is.
      if ((op === 'write' || op === 'append' || op === 'mcp') && fields.some((f) => f.target === 'path' && EXECUTED_FILE.test(f.norm.slice(0, 4096)))) {
        for (const f of fields.slice()) if (f.target === 'body' && /content$/.test(f.name) && budget.left > 0) { budget.left -= f.text.length; fields.push(alsoRead(f)); }
      }
      const commands = fields.filter((f) => f.target === 'command');
      commandLine = commands.map((f) => f.norm).join(' ').slice(0, 8192);
      const hostText = fields.filter((f) => f.target === 'url' || f.target === 'host' || f.target === 'command').map((f) => f.norm).join(' ');
      hosts = extractHosts(hostText.slice(0, 8192));
      if (op === 'mcp' && commands.length > 0) op = 'exec';
      // An MCP server is another program: a call that runs, sends or does
      // something unnamed may carry data off the machine.
      egress = hosts.length > 0 || op === 'http' || op === 'mcp' || (op === 'exec' && hasNetworkTool(commandLine));
      break;
    }
  }
  return { call, op, fields, hosts, egress, commandLine };
}
