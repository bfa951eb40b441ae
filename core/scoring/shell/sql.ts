/**
 * Database clients (`psql`, `mysql`/`mariadb`, `sqlite3`, `mongosh`/`mongo`,
 * `cockroach sql`, `redis-cli`, `clickhouse-client`): where the statement
 * goes (local, remote, or unknown) and what it says, from the arguments, the
 * connection URI, the client's environment variables and its standard input.
 */

/** Where a database statement goes. */
export type Place = 'local' | 'remote' | 'unknown';

export interface SqlCall { client: string; where: Place; statement: string }

const CLIENTS = new Set(['psql', 'mysql', 'mariadb', 'sqlite3', 'mongosh', 'mongo', 'cockroach', 'redis-cli', 'clickhouse-client', 'usql', 'sqlcmd', 'pgcli', 'mycli', 'cqlsh']);
const URI = /^(?:postgres(?:ql)?|pg|pgsql|mysql|my|mariadb|maria|mongodb(?:\+srv)?|redis|rediss|cockroachdb|cr|clickhouse|ch|sqlserver|mssql|ms|oracle|or|snowflake|sf|trino|tr|cassandra|ca):\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?\s,]+)/i;

/** A variable or name that says production (`$PROD_DATABASE_URL`, `${PRODUCTION_DB}`, `postgres-prod`). */
export const PRODUCTION_NAME = /(?:^|[^a-z])(?:prod|production|prd|live)(?:[^a-z]|$)/;

/**
 * Where a host name points: loopback and single-label (container service)
 * names are local; a variable is unknown unless its name says production.
 */
export function hostPlace(host: string): Place {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === '' ) return 'local';
  if (h.startsWith('$')) return PRODUCTION_NAME.test(h.slice(1)) ? 'remote' : 'unknown';
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0' || /^127\./.test(h) || h.startsWith('/')) return 'local';
  if (h === 'host.docker.internal') return 'local';
  // A dot-less name is a compose service (`db`, `postgres`, `app-db`, `redis_test`) unless it names production (`ch-prod-1`)
  // or reads as a machine: a number or a role in the name (`db01`, `pg-primary`, `cache-2`, `cass-node1`) is another host.
  if (!h.includes('.')) return PRODUCTION_NAME.test(h) || !COMPOSE_SERVICE.test(h) ? 'remote' : 'local';
  return 'remote';
}

/** A compose service's name: letters in up to three words, none of them a machine's role (primary, replica, node, shard...). */
const COMPOSE_SERVICE = /^(?!(?:[a-z]+[_-]){0,2}(?:primary|master|main|replica|secondary|slave|standby|writer|reader|rw|ro|node|shard|cluster|leader|follower|core|central|shared|ha|vip|lb|bastion|jump|srv|server|host|box|vm|ec2|gcp|aws|azure|rds|internal|intra|corp|ops|infra)(?:[_-]|$))[a-z]{1,24}(?:[_-][a-z]{1,24}){0,2}$/;

const take = (argv: string[], i: number, opt: string): { value: string; next: number } | null => {
  const a = argv[i]!;
  if (a === opt) return argv[i + 1] !== undefined ? { value: argv[i + 1]!, next: i + 1 } : null;
  if (opt.startsWith('--') && a.startsWith(opt + '=')) return { value: a.slice(opt.length + 1), next: i };
  if (!opt.startsWith('--') && a.startsWith(opt) && a.length > opt.length) return { value: a.slice(opt.length), next: i };
  return null;
};

/** The database statement an argv sends and where, or null when argv is no database client. */
export function sqlCall(argv: string[], stdin: string | null, vars: ReadonlyMap<string, string>): SqlCall | null {
  const client = argv[0] ?? '';
  if (!CLIENTS.has(client)) return null;
  if (client === 'cockroach' && argv[1] !== 'sql') return null;
  let host: string | null = null;
  const statements: string[] = [];
  const positional: string[] = [];
  const hostOpts = client === 'sqlcmd' ? ['-S', '--server'] : ['--host', '-h', '--url', '--uri'];
  const stmtOpts = client === 'psql' || client === 'usql' || client === 'pgcli' ? ['-c', '--command'] : client === 'mongosh' || client === 'mongo' ? ['--eval'] : client === 'sqlcmd' ? ['-Q', '-q'] : ['-e', '--execute', '--query', '-q'];
  let readsStdin = client !== 'sqlite3';
  for (let i = 1; i < argv.length; i++) {
    let t: { value: string; next: number } | null = null;
    for (const o of hostOpts) if ((t = take(argv, i, o))) break;
    if (t) {
      const m = URI.exec(t.value);
      host = m ? m[1]! : t.value.replace(/^tcp:/i, '').replace(/(?::|,)[0-9]+$/, '');
      i = t.next;
      continue;
    }
    for (const o of stmtOpts) if ((t = take(argv, i, o))) break;
    if (t) { statements.push(t.value); readsStdin = false; i = t.next; continue; }
    for (const o of ['-d', '--dbname', '-D', '--database', '-f', '--file', '-U', '-u', '--user', '--username', '-p', '--port', '-P', '-n']) {
      if ((t = take(argv, i, o))) break;
    }
    if (t) {
      const m = URI.exec(t.value);
      if (m) host = m[1]!;
      if ((argv[i] === '-f' || argv[i] === '--file') && t.value !== '-') readsStdin = false;
      i = t.next;
      continue;
    }
    const a = argv[i]!;
    if (a.startsWith('-')) continue;
    const m = URI.exec(a);
    if (m) { host = m[1]!; continue; }
    if (a.startsWith('$')) { host = host ?? a; continue; }
    positional.push(a);
  }
  if (client === 'sqlite3') {
    const file = positional[0] ?? ':memory:';
    // A file in the home's dot-folders or app data (`~/.config/gcloud/credentials.db`) is another program's store, not the project's.
    const elsewhere = file.startsWith('/') || /^(?:~|\$home|\$\{home\})\/(?:\.|library\/|appdata\/)/i.test(file);
    host = file === ':memory:' || !elsewhere || file.startsWith('/tmp/') ? '' : file;
    if (positional.length > 1) statements.push(positional.slice(1).join(' '));
    else readsStdin = true;
  } else if (client === 'cqlsh' && positional.length > 0) {
    host = host ?? positional[0]!;
  } else if (client === 'redis-cli' && positional.length > 0) {
    statements.push(positional.join(' '));
  }
  if (host === null) {
    const envHost = client === 'psql' ? vars.get('PGHOST') : client === 'mysql' || client === 'mariadb' ? vars.get('MYSQL_HOST') : undefined;
    host = envHost ?? '';
  }
  if (readsStdin && stdin) statements.push(stdin);
  if (statements.length === 0) return null;
  const place = client === 'sqlite3' ? (host === '' ? 'local' : 'remote') : hostPlace(host);
  return { client, where: place, statement: statements.join(' ; ').replace(/\s+/g, ' ').trim() };
}

const MAX_PROGRAMS = 8;
/** `COPY … TO|FROM PROGRAM '<text>'` (psql, '' doubled inside) or with dollar quotes. */
const COPY_PROGRAM = /\b(?:to|from)\s+program\s+(?:e?'((?:[^']|'')*)'|\$([a-z_]{0,16})\$)/gi;
/** Client commands that run a shell command: sqlite3 `.shell`/`.system`, mysql `\!` and `system`. */
const CLIENT_SHELL = /(?:^|[\n;])\s*(?:\.(?:shell|system)|\\!|system)\s+([^\n;]{1,4096})/gi;

/**
 * The shell commands a database statement runs: the program of PostgreSQL's
 * `COPY … TO/FROM PROGRAM` (on the server, as the database's user) and the
 * client commands that run one here (sqlite3 `.shell`, mysql `\!`/`system`).
 * The normaliser parses them as shell text so the command rules read them.
 */
export function statementPrograms(statement: string): string[] {
  const out: string[] = [];
  const text = statement.length > 65536 ? statement.slice(0, 65536) : statement;
  COPY_PROGRAM.lastIndex = 0;
  for (let m = COPY_PROGRAM.exec(text); m && out.length < MAX_PROGRAMS; m = COPY_PROGRAM.exec(text)) {
    if (m[1] !== undefined) out.push(m[1].replace(/''/g, "'"));
    else {
      const tag = `$${m[2] ?? ''}$`;
      const start = COPY_PROGRAM.lastIndex;
      const end = text.indexOf(tag, start);
      if (end < 0) { out.push(text.slice(start)); break; }
      out.push(text.slice(start, end));
      COPY_PROGRAM.lastIndex = end + tag.length;
    }
  }
  CLIENT_SHELL.lastIndex = 0;
  for (let m = CLIENT_SHELL.exec(text); m && out.length < MAX_PROGRAMS; m = CLIENT_SHELL.exec(text)) out.push(m[1]!.trim());
  return out.filter((p) => p.trim() !== '');
}
