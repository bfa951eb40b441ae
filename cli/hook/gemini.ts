/**
 * Gemini CLI: `BeforeTool` and `SessionEnd` command hooks in `settings.json`.
 * Docs: https://geminicli.com/docs/hooks/reference
 *
 * Input: {session_id, transcript_path, cwd, hook_event_name, timestamp,
 * tool_name, tool_input, mcp_context?}. Output: {decision: "allow" | "deny",
 * reason}; exit code 2 blocks the tool with stderr as the reason sent to the
 * agent. `{}` leaves Gemini CLI's own confirmation flow in charge.
 */
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import { block, output, type AgentAdapter } from './agent.ts';
import { asObject, readPayload, optionalString, requireString, type HookEvent, type Json } from './hook-event.ts';
import { absolute, fileEdit, fileRead, fileWrite, httpGet, mcpCall, mcpName, shellExec, unknownTool } from './tool-calls.ts';

const URLS = /https?:\/\/[^\s"'<>)\]]{1,2048}/g;

function pathOf(input: Json, cwd: string | undefined): string {
  const path = optionalString(input, 'absolute_path') ?? optionalString(input, 'file_path') ?? optionalString(input, 'path') ?? optionalString(input, 'dir_path');
  return absolute(path ?? cwd ?? '.', cwd);
}

function geminiToolCalls(tool: string, input: Json, cwd: string | undefined): ToolCall[] {
  const mcp = mcpName(tool);
  if (mcp) return [mcpCall(mcp.server, mcp.tool, input)];
  switch (tool) {
    case 'run_shell_command':
      return [shellExec(requireString(input, 'command', 'tool_input.command'), optionalString(input, 'directory') ? absolute(optionalString(input, 'directory')!, cwd) : cwd)];
    case 'read_file':
      return [fileRead(pathOf(input, cwd))];
    case 'read_many_files': {
      const paths = Array.isArray(input.paths) ? input.paths.filter((p): p is string => typeof p === 'string') : [];
      return paths.length ? paths.slice(0, 100).map((p) => fileRead(absolute(p, cwd))) : [unknownTool('gemini', tool, input)];
    }
    case 'write_file':
      return [fileWrite(pathOf(input, cwd), typeof input.content === 'string' ? input.content : '')];
    case 'replace':
      return [fileEdit(pathOf(input, cwd), [{ old: requireString(input, 'old_string', 'tool_input.old_string'), new: typeof input.new_string === 'string' ? input.new_string : '', all: typeof input.expected_replacements === 'number' && input.expected_replacements > 1 }])];
    case 'list_directory':
    case 'glob':
      return [{ type: 'DirList', path: pathOf(input, cwd), recursive: tool === 'glob' }];
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
  supportsAsk: false,
  parse(payload, env): HookEvent {
    const { o, event, sessionId } = readPayload(payload, env, ['session_id']);
    if (event === 'SessionEnd') return { kind: 'session-end', event, sessionId };
    if (event !== 'BeforeTool') return { kind: 'other', event };
    const tool = requireString(o, 'tool_name');
    const cwd = optionalString(o, 'cwd');
    return { kind: 'tool', event, sessionId, cwd, tool, calls: geminiToolCalls(tool, asObject(o.tool_input, 'tool_input'), cwd) };
  },
  render(verdict) {
    if (verdict.kind === 'deny') return block({ decision: 'deny', reason: verdict.reason }, verdict.reason);
    if (verdict.kind === 'allow') return output({ decision: 'allow', reason: verdict.reason });
    return output({});
  },
};
