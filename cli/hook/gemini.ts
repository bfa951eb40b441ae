/**
 * Gemini CLI: `BeforeTool` and `SessionEnd` command hooks in `settings.json`.
 * Docs: https://geminicli.com/docs/hooks/reference
 *
 * Source: google-gemini/gemini-cli packages/core/src/hooks/types.ts (BeforeToolInput,
 * McpToolContext), tools/definitions/base-declarations.ts (tool and parameter names).
 *
 * Input: {session_id, transcript_path, cwd, hook_event_name, timestamp,
 * tool_name, tool_input, mcp_context?, original_request_name?}. MCP tools are
 * named `mcp_<server>_<tool>`, and `mcp_context: {server_name, tool_name,
 * command?, args?, url?...}` names them exactly. Output: {decision: "allow" |
 * "deny", reason}; exit code 2 blocks the tool with stderr as the reason sent
 * to the agent. `{}` leaves Gemini CLI's own confirmation flow in charge.
 */
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import { block, output, type AgentAdapter } from './agent.ts';
import { asObject, readPayload, optionalString, requireString, requireText, type HookEvent, type Json } from './hook-event.ts';
import { absolute, fileEdit, fileRead, fileWrite, httpGet, mcpCall, mcpName, shellExec, unknownTool } from './tool-calls.ts';

const URLS = /https?:\/\/[^\s"'<>)\]]{1,2048}/g;

function pathOf(input: Json, cwd: string | undefined): string {
  const path = optionalString(input, 'absolute_path') ?? optionalString(input, 'file_path') ?? optionalString(input, 'path') ?? optionalString(input, 'dir_path');
  return absolute(path ?? cwd ?? '.', cwd);
}

/**
 * The MCP server and tool of a call: `mcp_context` when Gemini CLI sends it
 * (the names as configured), else the `mcp_<server>_<tool>` name read as
 * Gemini CLI reads it (the server is the part before the first `_`), else the
 * `mcp__<server>__<tool>` form; null for a built-in tool.
 */
function mcpOf(tool: string, o: Json): { server: string; tool: string } | null {
  const context = o.mcp_context;
  if (context !== null && typeof context === 'object' && !Array.isArray(context)) {
    const server = optionalString(context as Json, 'server_name');
    const name = optionalString(context as Json, 'tool_name');
    if (server && name) return { server, tool: name };
  }
  const legacy = mcpName(tool);
  if (legacy) return legacy;
  const m = /^mcp_([^_]+)_(.+)$/.exec(tool);
  return m ? { server: m[1]!, tool: m[2]! } : null;
}

/** `read_many_files`' `include` (paths or globs; `paths` in older releases), each taken from the cwd. */
function includedPaths(input: Json, cwd: string | undefined): string[] {
  const list = Array.isArray(input.include) ? input.include : Array.isArray(input.paths) ? input.paths : [];
  return list.filter((p): p is string => typeof p === 'string' && p !== '').slice(0, 100).map((p) => absolute(p, cwd));
}

function geminiToolCalls(tool: string, o: Json, input: Json, cwd: string | undefined): ToolCall[] {
  const mcp = mcpOf(tool, o);
  if (mcp) return [mcpCall(mcp.server, mcp.tool, input)];
  switch (tool) {
    case 'run_shell_command': {
      // `dir_path` (`directory` in older releases): where the command runs, from the project root.
      const dir = optionalString(input, 'dir_path') ?? optionalString(input, 'directory');
      return [shellExec(requireString(input, 'command', 'tool_input.command'), dir ? absolute(dir, cwd) : cwd)];
    }
    case 'read_file':
      return [fileRead(pathOf(input, cwd))];
    case 'read_many_files': {
      const paths = includedPaths(input, cwd);
      return paths.length ? paths.map(fileRead) : [unknownTool('gemini', tool, input)];
    }
    case 'write_file':
      return [fileWrite(pathOf(input, cwd), typeof input.content === 'string' ? input.content : '')];
    case 'replace': {
      const all = input.allow_multiple === true || (typeof input.expected_replacements === 'number' && input.expected_replacements > 1);
      return [fileEdit(pathOf(input, cwd), [{ old: requireText(input, 'old_string', 'tool_input.old_string'), new: typeof input.new_string === 'string' ? input.new_string : '', all }])];
    }
    case 'list_directory':
    case 'glob':
      return [{ type: 'DirList', path: pathOf(input, cwd), recursive: tool === 'glob' }];
    // `grep_search` (`search_file_content` in older releases) reads the files under `dir_path`.
    case 'grep_search':
    case 'search_file_content':
      return [fileRead(pathOf(input, cwd))];
    case 'web_fetch': {
      // web_fetch takes a prompt that names the URLs to fetch.
      const urls = (optionalString(input, 'prompt') ?? '').match(URLS) ?? [];
      return urls.length ? urls.slice(0, 20).map(httpGet) : [unknownTool('gemini', tool, input)];
    }
    default:
      return [unknownTool('gemini', tool, input)];
  }
}

export const gemini: AgentAdapter = {
  name: 'gemini',
  docs: 'https://geminicli.com/docs/hooks/reference',
  supportsAsk: () => false,
  parse(payload, env): HookEvent {
    const { o, event, sessionId } = readPayload(payload, env, ['session_id']);
    if (event === 'SessionEnd') return { kind: 'session-end', event, sessionId };
    if (event !== 'BeforeTool') return { kind: 'other', event };
    const tool = requireString(o, 'tool_name');
    const cwd = optionalString(o, 'cwd');
    return { kind: 'tool', event, sessionId, cwd, tool, calls: geminiToolCalls(tool, o, asObject(o.tool_input, 'tool_input'), cwd) };
  },
  render(verdict) {
    if (verdict.kind === 'deny') return block({ decision: 'deny', reason: verdict.reason }, verdict.reason);
    if (verdict.kind === 'allow') return output({ decision: 'allow', reason: verdict.reason });
    return output({});
  },
};
