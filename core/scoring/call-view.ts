/**
 * A tool call flattened once per evaluation into what filters read: its
 * operation, every string field (windowed, plus a normalised lower-case form),
 * and the network destinations it reaches.
 */
import type { ToolCall } from '../schemas/tool-call.ts';
import { regexWindow } from './bounded-text.ts';
import { extractHosts, hasNetworkTool } from './hosts.ts';

export type Op =
  | 'read' | 'write' | 'append' | 'delete' | 'rename' | 'chmod' | 'list' | 'create'
  | 'exec' | 'http' | 'connect' | 'listen' | 'dns';

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

const OPS: Record<ToolCall['type'], Op> = {
  FileRead: 'read', FileWrite: 'write', FileAppend: 'append', FileDelete: 'delete', FileRename: 'rename',
  FileChmod: 'chmod', DirList: 'list', DirCreate: 'create', ShellExec: 'exec', ProcessSpawn: 'exec',
  HttpRequest: 'http', NetConnect: 'connect', NetListen: 'listen', DnsQuery: 'dns',
};

const HOME = /\/home\/[^/\s'"]{1,64}|\/users\/[^/\s'"]{1,64}|\/root(?=\/)|\$home\b|\$\{home\}|%userprofile%|c:\/users\/[^/\s'"]{1,64}/g;

/** Lower-cases and maps the user's home directory to `~` (paths also get '/' separators). */
export function normalisePath(text: string, isPath: boolean): string {
  let s = text.toLowerCase();
  if (isPath) s = s.replaceAll('\\', '/');
  return s.replace(HOME, '~');
}

function field(target: Target, name: string, raw: string): Field {
  const text = regexWindow(raw);
  return { target, name, raw, text, norm: normalisePath(text, target === 'path') };
}

/** Builds the view of a validated tool call. */
export function viewOf(call: ToolCall): CallView {
  const fields: Field[] = [];
  let hosts: string[] = [];
  let egress = false;
  let commandLine = '';
  switch (call.type) {
    case 'FileRead': case 'FileDelete': case 'DirList': case 'DirCreate':
      fields.push(field('path', 'path', call.path));
      break;
    case 'FileWrite': case 'FileAppend':
      fields.push(field('path', 'path', call.path));
      if (call.content !== undefined) fields.push(field('content', 'content', call.content));
      break;
    case 'FileRename':
      fields.push(field('path', 'from', call.from), field('path', 'to', call.to));
      break;
    case 'FileChmod':
      fields.push(field('path', 'path', call.path), field('mode', 'mode', String(call.mode)));
      break;
    case 'ShellExec': case 'ProcessSpawn': {
      const line = [call.command, ...call.args].join(' ');
      const f = field('command', 'command', line);
      fields.push(f);
      commandLine = f.norm;
      if (call.cwd !== undefined) fields.push(field('path', 'cwd', call.cwd));
      for (const [k, v] of Object.entries(call.env ?? {})) fields.push(field('env', `env.${k}`, `${k}=${v}`));
      hosts = extractHosts(f.norm);
      egress = hosts.length > 0 || hasNetworkTool(f.norm);
      break;
    }
    case 'HttpRequest':
      fields.push(field('url', 'url', call.url));
      for (const [k, v] of Object.entries(call.headers ?? {})) fields.push(field('headers', `headers.${k}`, `${k}: ${v}`));
      if (call.body !== undefined) fields.push(field('body', 'body', call.body));
      hosts = extractHosts(call.url.toLowerCase().slice(0, 4096));
      egress = true;
      break;
    case 'NetConnect':
      fields.push(field('host', 'host', call.host));
      hosts = [call.host.toLowerCase().replace(/^\[|\]$/g, '').slice(0, 255)];
      egress = true;
      break;
    case 'NetListen':
      if (call.host !== undefined) fields.push(field('host', 'host', call.host));
      break;
    case 'DnsQuery':
      fields.push(field('dns', 'name', call.name));
      hosts = [call.name.toLowerCase().replace(/\.$/, '').slice(0, 255)];
      egress = true;
      break;
  }
  return { call, op: OPS[call.type], fields, hosts, egress, commandLine };
}
