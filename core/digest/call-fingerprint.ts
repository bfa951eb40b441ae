/**
 * How a reviewed call is matched again later (learned rules).
 *
 * - **learn** stores the call's `exact` key: SHA-256 of the whole call as JSON
 *   with object keys sorted at every level. Only an identical call (same type
 *   and every argument, cwd, env, headers and body included) is allowed.
 * - **allow-always** stores the call's `pattern` key: the same type and the
 *   same target, whatever the rest:
 *   - file and directory calls: the same `path` (FileRename: `from` and `to`);
 *   - ShellExec / ProcessSpawn: the same `command` and `args` (any cwd, env);
 *   - HttpRequest: the same method and origin host (`scheme://host:port`), any path;
 *   - NetConnect: host and port; NetListen: port; DnsQuery: the name;
 *   - McpToolCall: the whole call (server, tool and every argument: an
 *     MCP tool's target is whatever its arguments name).
 *   Host names are compared lower-cased.
 * A canary in the call still denies it (the scoring engine checks that first).
 */
import { sha256Hex } from '../audit/sha256.ts';

export interface CallKeys {
  exact: string;
  pattern: string;
  /** A readable form of the pattern, for forensics. */
  patternText: string;
}

type Call = { type: string } & Record<string, unknown>;

/** JSON with object keys sorted at every level; `undefined` members dropped. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : sortedJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : sortedJson(value));

function origin(url: unknown): string {
  try {
    const parsed = new URL(str(url));
    return `${parsed.protocol}//${parsed.host.toLowerCase()}`;
  } catch {
    return str(url);
  }
}

/** The target fields allow-always keeps, by call type. */
function patternOf(call: Call): Record<string, unknown> {
  switch (call.type) {
    case 'ShellExec':
    case 'ProcessSpawn':
      return { command: call.command, args: call.args };
    case 'HttpRequest':
      return { method: str(call.method).toUpperCase(), origin: origin(call.url) };
    case 'NetConnect':
      return { host: str(call.host).toLowerCase(), port: call.port };
    case 'NetListen':
      return { port: call.port };
    case 'DnsQuery':
      return { name: str(call.name).toLowerCase().replace(/\.$/, '') };
    case 'FileRename':
      return { from: call.from, to: call.to };
    default:
      return 'path' in call ? { path: call.path } : { ...call };
  }
}

/**
 * The exact and pattern keys of a call; `hashHex` is the host's native
 * SHA-256 where it has one (the same hex as core's own).
 */
export function callKeys(call: Call, hashHex: (text: string) => string = sha256Hex): CallKeys {
  const pattern = { type: call.type, ...patternOf(call) };
  const patternJson = sortedJson(pattern);
  return {
    exact: hashHex(sortedJson(call)),
    pattern: hashHex(patternJson),
    patternText: patternJson.length > 512 ? `${patternJson.slice(0, 511)}…` : patternJson,
  };
}
