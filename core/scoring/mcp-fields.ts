/**
 * How an MCP tool call (`McpToolCall {server, tool, arguments}`) is scanned:
 * every string in `arguments` becomes a field like any other call's, so the
 * same rules apply to `read_file {path: "~/.ssh/id_rsa"}` through an MCP
 * server as to a FileRead.
 *
 * - The operation comes from the verb in the tool name (`read_file` reads,
 *   `write_file` writes, `fetch` is HTTP...); a tool whose name says nothing
 *   known is op `mcp`.
 * - A string's field kind comes from its key: path-like keys are `path`,
 *   URL-like keys `url`, command-like keys `command` (`command`, `cmd`,
 *   `*_command`, `*_cmd`: `cli_command`, `kubectl_command`...), header maps `headers`;
 *   SQL keys (`sql`, `statement`, and `query` of a database tool) become the
 *   parsed form's `svc:sql mcp unknown <statement>` line, as `psql -c` does
 *   in a shell (the server's database host is not known to svc);
 *   everything else is `body`, an outbound field (the server is another
 *   program: canary, DLP and secret rules read what it is handed).
 * - The walk is bounded: 32 levels, 2,000 strings, each its own field. What
 *   lies beyond is never dropped: its strings are gathered (iteratively, so
 *   no nesting can overflow the stack) into one field per field kind,
 *   `arguments.(beyond the first 2000 strings)`, read like any other field
 *   under the per-call scanning budget; `truncated` then says so.
 * - One more body field, `call`, reads the tool and its arguments together:
 *   a line per string, `svc:mcp <server> <tool> <key path>=<value>`
 *   (`svc:mcp gdrive share_file type=anyone`), so a rule can pin an argument
 *   to the tool it goes to (mcpCallText).
 */
import type { Op, Target } from './call-view.ts';
import { hostPlace, PRODUCTION_NAME, statementPrograms, type Place } from './shell/sql.ts';

const MAX_DEPTH = 32;
const MAX_STRINGS = 2000;

/**
 * Verbs in the order they are tried: what runs or sends comes before what
 * reads. A tool names a verb when one of its snake-case words is one.
 */
const VERBS: ReadonlyArray<[Op, ReadonlySet<string>]> = [
  ['exec', new Set(['exec', 'execute', 'run', 'shell', 'bash', 'command', 'terminal', 'eval', 'spawn'])],
  ['http', new Set(['fetch', 'http', 'request', 'browse', 'navigate', 'curl', 'post', 'send', 'upload', 'webhook'])],
  ['delete', new Set(['delete', 'remove', 'rm', 'unlink', 'drop'])],
  ['rename', new Set(['move', 'rename', 'mv'])],
  ['append', new Set(['append'])],
  ['write', new Set(['write', 'edit', 'create', 'update', 'save', 'put', 'patch', 'replace', 'insert', 'set'])],
  ['read', new Set(['read', 'get', 'view', 'cat', 'open', 'head', 'tail', 'download'])],
  ['list', new Set(['list', 'ls', 'tree', 'search', 'find', 'glob', 'grep'])],
];

/** A name already in snake case (`owner`, `file_path`): snakeCase returns it as it is. */
const SNAKE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** `readFile`, `read-file` and `read.file` all become `read_file`. */
function snakeCase(name: string): string {
  if (name.length <= 128 && SNAKE.test(name)) return name;
  return name.slice(0, 128).replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** The operation an MCP tool name names; `mcp` when no known verb is in it. */
export function mcpOp(tool: string): Op {
  const words = snakeCase(tool).split('_');
  for (const [op, verbs] of VERBS) for (const w of words) if (verbs.has(w)) return op;
  return 'mcp';
}

// Field kinds by argument key (snake case): word sets, looked up once per key.
const PATH_KEYS: ReadonlySet<string> = new Set(['path', 'paths', 'file', 'files', 'filepath', 'file_path', 'filename', 'file_name', 'absolute_path', 'notebook_path', 'dir', 'dirs', 'directory', 'directories', 'folder', 'src', 'source', 'dest', 'destination', 'target', 'root', 'cwd', 'working_directory', 'from', 'to', 'old_path', 'new_path']);
const URL_KEYS: ReadonlySet<string> = new Set(['url', 'urls', 'uri', 'href', 'link', 'endpoint', 'website', 'base_url']);
const COMMAND_KEYS: ReadonlySet<string> = new Set(['command', 'commands', 'cmd', 'cmds', 'script', 'shell', 'command_line']);
/** `<word>_command`, `<word>_cmd`...: one word of 1-24 letters or digits, then one of these. */
const COMMAND_SUFFIXES: ReadonlySet<string> = new Set(['command', 'commands', 'cmd', 'cmdline']);
const SQL_KEYS: ReadonlySet<string> = new Set(['sql', 'sqls', 'statement', 'statements', 'sql_query', 'query_sql', 'sql_statement', 'raw_sql']);
const DB_QUERY_KEYS: ReadonlySet<string> = new Set(['query', 'queries']);
const HOST_KEYS: ReadonlySet<string> = new Set(['host', 'hostname', 'domain']);

/** A command key (`command`, `cli_command`, `kubectl_cmd`); `key` is in snake case. */
function isCommandKey(key: string): boolean {
  if (COMMAND_KEYS.has(key)) return true;
  const cut = key.indexOf('_');
  return cut >= 1 && cut <= 24 && key.indexOf('_', cut + 1) === -1 && COMMAND_SUFFIXES.has(key.slice(cut + 1));
}

/** A server or tool name that says it talks to a database. */
const DATABASE_TOOL = /(?:^|[^a-z])(?:sql|sqlite|postgres|postgresql|pg|mysql|mariadb|mongo|mongodb|database|db|supabase|neon|bigquery|snowflake|clickhouse|redshift|duckdb|mssql|oracle|cockroach)|(?:sql|db|postgres|mongo)(?:$|[^a-z])/;

/** Whether an MCP call's server or tool names a database. */
export const isDatabaseTool = (server: string, tool: string): boolean => DATABASE_TOOL.test(`${snakeCase(server)} ${snakeCase(tool)}`);

/** A server name that says its database is a file or a server on this machine, or a throwaway test one (`sqlite`, `postgres-local`, `mysql_test`). */
const LOCAL_DATABASE = /(?:^|[^a-z])(?:sqlite3?|duckdb|local|localhost|test|testing)(?:[^a-z0-9]|$)/;

/** Top-level arguments that name the database's server: a host, or a connection URL or DSN. */
const CONNECTION_KEYS: ReadonlySet<string> = new Set(['host', 'hostname', 'server', 'db_host', 'database_host', 'connection', 'connection_string', 'connection_url', 'conn_str', 'dsn', 'database_url', 'db_url', 'uri', 'url']);
/** A connection string's host: a URL's (`postgres://u@10.0.4.2:5432/db`, `jdbc:mysql://…`) or a keyword DSN's (`host=10.0.0.5 dbname=app`). */
const CONNECTION_HOST = /^(?:jdbc:)?[a-z][a-z0-9+.-]{1,20}:\/\/(?:[^@/\s]{0,200}@)?(\[[^\]\s]{1,64}\]|[^:/?\s,;]{1,255})|(?:^|\s)(?:host|server|data source)\s{0,2}=\s{0,2}(?:tcp:)?([^\s;,:]{1,255})/i;

/** Where the connection arguments point (`host: 192.168.1.50`, `dsn: postgres://admin@10.0.4.2/crm`), or null when none names a host. */
function connectionPlace(args: Record<string, unknown> | undefined): Place | null {
  let place: Place | null = null;
  for (const [key, value] of Object.entries(args ?? {})) {
    if (typeof value !== 'string' || !CONNECTION_KEYS.has(snakeCase(key))) continue;
    const m = CONNECTION_HOST.exec(value.slice(0, 1024));
    const host = m ? (m[1] ?? m[2] ?? '') : /^[a-z0-9.:[\]-]{1,255}$/i.test(value) ? value.replace(/:[0-9]{1,5}$/, '') : null;
    if (host === null || host === '') continue;
    const here = hostPlace(host);
    if (here === 'remote') return 'remote';
    if (here === 'local') place = 'local';
  }
  return place;
}

/**
 * Where an MCP server's statements go: `remote` when its or the tool's name says production (`postgres-prod`)
 * or a connection argument names another machine, `local` when the server's name says a local or test database
 * or a connection argument names this one, else unknown.
 */
export const databasePlace = (server: string, tool: string, args?: Record<string, unknown>): Place => {
  if (PRODUCTION_NAME.test(`${snakeCase(server)} ${snakeCase(tool)}`)) return 'remote';
  const connection = connectionPlace(args);
  if (connection === 'remote') return 'remote';
  return LOCAL_DATABASE.test(snakeCase(server)) || connection === 'local' ? 'local' : 'unknown';
};

type Kind = Target | 'sql';

/** A statement as the parsed form's `svc:sql` line: one line, bounded (`remote` when the server or tool says production). */
const sqlLine = (statement: string, place: Place): string => `svc:sql mcp ${place} ${statement.slice(0, 8192).replace(/\s+/g, ' ')}`;

function targetOf(key: string, database = false): Kind {
  const k = snakeCase(key);
  if (SQL_KEYS.has(k) || (database && DB_QUERY_KEYS.has(k))) return 'sql';
  if (PATH_KEYS.has(k)) return 'path';
  if (URL_KEYS.has(k)) return 'url';
  if (isCommandKey(k)) return 'command';
  if (HOST_KEYS.has(k)) return 'host';
  if (k === 'headers') return 'headers';
  return 'body';
}

export interface McpString {
  target: Target;
  /** Where it sits, e.g. `arguments.path`, `arguments.edits.0.newText`. */
  name: string;
  value: string;
}

/** A leaf's field: a string under an SQL key becomes the parsed form's `svc:sql` line. */
function leafOf(value: string | number | boolean, kind: Kind, place: Place): { target: Target; value: string } {
  if (kind !== 'sql') return { target: kind, value: String(value) };
  return typeof value === 'string' ? { target: 'command', value: sqlLine(value, place) } : { target: 'body', value: String(value) };
}

interface Node {
  value: unknown;
  /** Empty past the depth bound, where no field is named (names would grow with the depth). */
  name: string;
  kind: Kind;
  depth: number;
}

/** A child's field name (none past the depth bound). */
function childName(name: string, depth: number, key: string | number): string {
  return depth + 1 > MAX_DEPTH ? '' : `${name}.${key}`;
}

/**
 * Every string of `args` (and numbers and booleans as text) with its field
 * kind, depth-first; the key that decides a kind is the nearest named one.
 * One walk with an explicit stack: leaves within the bounds are fields of
 * their own, the rest are gathered by field kind (their total is bounded by
 * the request body, 1 MiB, so the walk is one pass over it).
 */
export function mcpStrings(args: Record<string, unknown>, database = false, place: Place = 'unknown'): { strings: McpString[]; truncated: boolean } {
  const strings: McpString[] = [];
  const beyond = new Map<Target, string[]>();
  const stack: Node[] = Object.entries(args).map(([k, v]) => ({ value: v, name: `arguments.${k}`, kind: targetOf(k, database), depth: 1 })).reverse();
  while (stack.length > 0) {
    const { value, name, kind, depth } = stack.pop()!;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const leaf = leafOf(value, kind, place);
      if (strings.length < MAX_STRINGS && depth <= MAX_DEPTH) {
        strings.push({ target: leaf.target, name, value: leaf.value });
        // A program the statement runs (COPY … TO PROGRAM) is read as a command of its own.
        if (kind === 'sql' && typeof value === 'string') for (const p of statementPrograms(value)) strings.push({ target: 'command', name: `${name}.program`, value: p });
      }
      else {
        let texts = beyond.get(leaf.target);
        if (!texts) beyond.set(leaf.target, (texts = []));
        texts.push(leaf.value);
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], name: childName(name, depth, i), kind, depth: depth + 1 });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        // A header map's entries are `name: value` lines.
        if (kind === 'headers' && typeof v === 'string') stack.push({ value: `${k}: ${v}`, name: childName(name, depth, k), kind, depth: depth + 1 });
        else stack.push({ value: v, name: childName(name, depth, k), kind: kind === 'headers' ? kind : targetOf(k, database), depth: depth + 1 });
      }
    }
  }
  for (const [target, texts] of beyond) {
    strings.push({ target, name: `arguments.(beyond the first ${MAX_STRINGS} strings)`, value: texts.join('\n') });
  }
  return { strings, truncated: beyond.size > 0 };
}

const CALL_VALUE_MAX = 300;
const CALL_TEXT_MAX = 8192;
const LINE_BREAKS = /[\r\n]+/g;

/**
 * The `call` field's text: one line per argument string, each naming the
 * server and the tool (snake case) and the string's key path without
 * `arguments.` (`entities.0.observations.1`), its value on one line and cut
 * at 300 characters; 8 KiB in all.
 */
export function mcpCallText(server: string, tool: string, strings: readonly McpString[]): string {
  const head = `svc:mcp ${snakeCase(server).slice(0, 60)} ${snakeCase(tool).slice(0, 60)} `;
  const lines: string[] = [];
  let size = 0;
  for (const s of strings) {
    const key = s.name.startsWith('arguments.') ? s.name.slice(10, 130) : s.name.slice(0, 120);
    const value = s.value.slice(0, CALL_VALUE_MAX);
    const line = `${head}${key}=${value.includes('\n') || value.includes('\r') ? value.replace(LINE_BREAKS, ' ') : value}`;
    size += line.length + 1;
    if (size > CALL_TEXT_MAX) break;
    lines.push(line);
  }
  return lines.length > 0 ? lines.join('\n') : head.trimEnd();
}
