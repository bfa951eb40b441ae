/**
 * The tool call an agent attempts: a tagged object with a `type` discriminator.
 *
 * Required fields follow the spec and contracts.md. Optional fields are ours:
 * - FileWrite.content / FileAppend.content: the bytes written, as text, when the
 *   agent sends them (scanned for secrets and canaries; scored without them otherwise).
 * - FileDelete/DirList/DirCreate.recursive: `rm -r`, `ls -R`, `mkdir -p` semantics.
 * - ShellExec/ProcessSpawn.cwd and env (string map of variables the call adds).
 * - HttpRequest.headers (string map) and body (text).
 * - NetListen.host (bind address), DnsQuery.record_type (`A`, `TXT`...).
 * - McpToolCall {server, tool, arguments} (contracts.md): a tool of an MCP
 *   server; `arguments` is any JSON object, every string in it is scanned
 *   (core/scoring/mcp-fields.ts says which field kind each key becomes).
 * Unknown properties are refused: every field the agent sends must be one the
 * scorer reads, so nothing rides along unscanned.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const Str = Type.String();
const StrMap = Type.Record(Type.String(), Type.String());
const strict = { additionalProperties: false } as const;

const variant = <T extends string, P extends Record<string, TSchema>>(type: T, props: P) =>
  Type.Object({ type: Type.Literal(type), ...props }, strict);

export const FileRead = variant('FileRead', { path: Str });
export const FileWrite = variant('FileWrite', { path: Str, content_hash: Str, content: Type.Optional(Str) });
export const FileAppend = variant('FileAppend', { path: Str, content: Type.Optional(Str), content_hash: Type.Optional(Str) });
export const FileDelete = variant('FileDelete', { path: Str, recursive: Type.Optional(Type.Boolean()) });
export const FileRename = variant('FileRename', { from: Str, to: Str });
/** `mode` is octal text ("755", "u+x") or the numeric mode (493). */
export const FileChmod = variant('FileChmod', { path: Str, mode: Type.Union([Str, Type.Integer({ minimum: 0 })]) });
export const DirList = variant('DirList', { path: Str, recursive: Type.Optional(Type.Boolean()) });
export const DirCreate = variant('DirCreate', { path: Str, recursive: Type.Optional(Type.Boolean()) });
const execProps = { command: Str, args: Type.Array(Str), cwd: Type.Optional(Str), env: Type.Optional(StrMap) };
export const ShellExec = variant('ShellExec', execProps);
export const ProcessSpawn = variant('ProcessSpawn', execProps);
export const HttpRequest = variant('HttpRequest', { method: Str, url: Str, headers: Type.Optional(StrMap), body: Type.Optional(Str) });
const Port = Type.Integer({ minimum: 0, maximum: 65535 });
export const NetConnect = variant('NetConnect', { host: Str, port: Port });
export const NetListen = variant('NetListen', { port: Port, host: Type.Optional(Str) });
export const DnsQuery = variant('DnsQuery', { name: Str, record_type: Type.Optional(Str) });
export const McpToolCall = variant('McpToolCall', {
  server: Type.String({ minLength: 1, maxLength: 256 }),
  tool: Type.String({ minLength: 1, maxLength: 256 }),
  arguments: Type.Record(Type.String(), Type.Unknown(), { description: 'The tool arguments: any JSON object' }),
});

const variants = {
  FileRead, FileWrite, FileAppend, FileDelete, FileRename, FileChmod, DirList, DirCreate,
  ShellExec, ProcessSpawn, HttpRequest, NetConnect, NetListen, DnsQuery, McpToolCall,
} as const;

/** Every tool call type, in the order the schema lists them. */
export const TOOL_CALL_TYPES = Object.keys(variants) as ToolCallType[];

/** The tool call schema (a union discriminated on `type`). */
export const ToolCall = Type.Union(Object.values(variants), { $id: 'ToolCall' });

export type ToolCall = Static<typeof ToolCall>;
export type ToolCallType = ToolCall['type'];
/** The variant of a given type. */
export type ToolCallOf<T extends ToolCallType> = Extract<ToolCall, { type: T }>;

export type ParseToolCallResult = { ok: true; call: ToolCall } | { ok: false; reason: string };

const isKnownType = (t: string): t is ToolCallType => Object.prototype.hasOwnProperty.call(variants, t);

/**
 * Validates an unknown value as a tool call. The reason on failure is one
 * human sentence naming the field, e.g. "tool_call.path: Expected string".
 */
export function parseToolCall(input: unknown): ParseToolCallResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, reason: 'tool_call must be an object with a "type" field' };
  }
  const type = (input as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, reason: 'tool_call.type: Expected string' };
  if (!isKnownType(type)) {
    return { ok: false, reason: `unknown tool call type '${type.slice(0, 64)}' (expected one of ${TOOL_CALL_TYPES.join(', ')})` };
  }
  const schema = variants[type];
  if (Value.Check(schema, input)) return { ok: true, call: input as ToolCall };
  const first = Value.Errors(schema, input).First();
  if (!first) return { ok: false, reason: `tool_call is not a valid ${type}` };
  const field = first.path.split('/').filter(Boolean).join('.');
  const message = first.message === 'Expected required property' ? `Required property is missing for ${type}`
    : first.message === 'Unexpected property' ? `Unexpected property for ${type}` : first.message;
  return { ok: false, reason: `tool_call${field ? '.' + field : ''}: ${message}` };
}
