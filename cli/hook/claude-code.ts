/**
 * Claude Code: `PreToolUse` and `SessionEnd` command hooks.
 * Docs: https://code.claude.com/docs/en/hooks
 *
 * Input: {session_id, transcript_path, cwd, permission_mode, hook_event_name,
 * tool_name, tool_input, tool_use_id}. Output: exit 0 with
 * {hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision:
 * "allow" | "deny" | "ask", permissionDecisionReason}}; no output leaves the
 * decision to Claude Code's own permission rules. A deny also exits 2 with
 * the reason on stderr (Claude Code's blocking exit code).
 */
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import { block, output, type AgentAdapter } from './agent.ts';
import { asObject, readPayload, optionalString, requireString, requireText, type HookEvent, type Json } from './hook-event.ts';
import { absolute, fileEdit, fileRead, fileWrite, httpGet, mcpCall, mcpName, shellExec, unknownTool } from './tool-calls.ts';

const str = (o: Json, key: string): string => requireString(o, key, `tool_input.${key}`);

/** Claude Code's tools (and Codex's, which shares the names it has). */
export function claudeToolCalls(agent: string, tool: string, input: Json, cwd: string | undefined): ToolCall[] {
  const mcp = mcpName(tool);
  if (mcp) return [mcpCall(mcp.server, mcp.tool, input)];
  switch (tool) {
    case 'Bash':
      return [shellExec(str(input, 'command'), cwd)];
    case 'Read':
      return [fileRead(absolute(str(input, 'file_path'), cwd))];
    case 'Write':
      return [fileWrite(absolute(str(input, 'file_path'), cwd), typeof input.content === 'string' ? input.content : '')];
    case 'Edit':
      return [fileEdit(absolute(str(input, 'file_path'), cwd), [{ old: requireText(input, 'old_string', 'tool_input.old_string'), new: typeof input.new_string === 'string' ? input.new_string : '', all: input.replace_all === true }])];
    case 'MultiEdit': {
      const edits = Array.isArray(input.edits) ? input.edits.map((e) => asObject(e, 'tool_input.edits[]')) : [];
      return [fileEdit(absolute(str(input, 'file_path'), cwd), edits.map((e) => ({ old: String(e.old_string ?? ''), new: String(e.new_string ?? ''), all: e.replace_all === true })))];
    }
    case 'NotebookEdit':
      return [fileEdit(absolute(str(input, 'notebook_path'), cwd), [{ old: '', new: typeof input.new_source === 'string' ? input.new_source : '' }])];
    case 'Glob':
    case 'Grep':
    case 'LS': {
      const base = absolute(optionalString(input, 'path') ?? cwd ?? '.', cwd);
      const pattern = optionalString(input, 'pattern');
      return tool === 'LS' || tool === 'Glob'
        ? [{ type: 'DirList', path: tool === 'Glob' && pattern ? `${base}/${pattern}` : base, recursive: tool === 'Glob' }]
        : [fileRead(base)];
    }
    case 'WebFetch':
      return [httpGet(str(input, 'url'))];
    default:
      return [unknownTool(agent, tool, input)];
  }
}

export const claudeCode: AgentAdapter = {
  name: 'claude-code',
  docs: 'https://code.claude.com/docs/en/hooks',
  supportsAsk: () => true,
  parse(payload, env): HookEvent {
    const { o, event, sessionId } = readPayload(payload, env, ['session_id']);
    if (event === 'SessionEnd') return { kind: 'session-end', event, sessionId };
    if (event !== 'PreToolUse') return { kind: 'other', event };
    const tool = requireString(o, 'tool_name');
    const cwd = optionalString(o, 'cwd');
    return { kind: 'tool', event, sessionId, cwd, tool, calls: claudeToolCalls('claude-code', tool, asObject(o.tool_input, 'tool_input'), cwd) };
  },
  render(verdict, event) {
    if (event !== null && event !== 'PreToolUse') return output(null);
    if (verdict.kind === 'defer') return output(null);
    const decision = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: verdict.kind, permissionDecisionReason: verdict.reason } };
    return verdict.kind === 'deny' ? block(decision, verdict.reason) : output(decision);
  },
};
