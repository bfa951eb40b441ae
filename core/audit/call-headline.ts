/**
 * What a call acts on, in one line, read from its `arguments_summary`: the
 * command line, the file, the method and URL, the MCP server and tool. The
 * summary leads with these members (core/audit/summarize-arguments.ts), but
 * it may be cut at any character or carry redaction marks, so the members are
 * read one by one from its start rather than by parsing the whole text.
 */

/** A leading member: `"key":` then a JSON string, a number, or an array of strings. */
const MEMBER = /"([a-z_]{1,20})":("(?:[^"\\]|\\.){0,4096}"|-?\d{1,12}|\[(?:"(?:[^"\\]|\\.){0,4096}",?){0,64}\])[,}]/y;

type Members = Record<string, string | number | string[]>;

function leadingMembers(summary: string): Members {
  const members: Members = {};
  if (!summary.startsWith('{')) return members;
  MEMBER.lastIndex = 1;
  for (let match = MEMBER.exec(summary); match; match = MEMBER.exec(summary)) {
    try {
      members[match[1]!] = JSON.parse(match[2]!) as string | number | string[];
    } catch {
      break;
    }
  }
  return members;
}

const text = (value: Members[string] | undefined): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** An argument as a shell would need it typed: bare when it is one plain word, else single-quoted. */
const shellWord = (arg: string): string => (/^[\w@%+=:,./~-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

/** The one-line target of a call, or the summary itself when it names none. */
export function callHeadline(summary: string): string {
  const m = leadingMembers(summary);
  const command = text(m.command);
  if (command !== null) return Array.isArray(m.args) && m.args.length > 0 ? `${command} ${m.args.map(shellWord).join(' ')}` : command;
  const url = text(m.url);
  const method = text(m.method);
  if (url !== null) return method !== null ? `${method} ${url}` : url;
  const from = text(m.from);
  const to = text(m.to);
  if (from !== null && to !== null) return `${from} → ${to}`;
  const path = text(m.path);
  if (path !== null) return path;
  const server = text(m.server);
  const tool = text(m.tool);
  if (server !== null && tool !== null) return `${server} › ${tool}`;
  const host = text(m.host);
  const port = text(m.port);
  if (port !== null) return host !== null ? `${host}:${port}` : `port ${port}`;
  const name = text(m.name);
  const recordType = text(m.record_type);
  if (name !== null) return recordType !== null ? `${name} (${recordType})` : name;
  return summary;
}
