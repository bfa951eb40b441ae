/**
 * OpenAI Codex: `PreToolUse` command hooks in `hooks.json`.
 * Docs: https://developers.openai.com/codex/hooks
 * Schema: codex-rs/hooks/schema/generated/pre-tool-use.command.{input,output}.schema.json
 *
 * Input: {session_id, turn_id, transcript_path, cwd, hook_event_name, model,
 * permission_mode, tool_name ("Bash", "apply_patch" or "mcp__server__tool"),
 * tool_input, tool_use_id}. Codex honours only a deny (`hookSpecificOutput.
 * permissionDecision: "deny"` with its reason, exit 2 with the reason on
 * stderr); anything else is empty output.
 */
import { block, output, type AgentAdapter } from './agent.ts';
import { applyPatchCalls } from './apply-patch.ts';
import { claudeToolCalls } from './claude-code.ts';
import { asObject, readPayload, optionalString, requireString, type HookEvent } from './hook-event.ts';
import { fileWrite } from './tool-calls.ts';

export const codex: AgentAdapter = {
  name: 'codex',
  docs: 'https://developers.openai.com/codex/hooks',
  supportsAsk: () => false,
  parse(payload, env): HookEvent {
    const { o, event, sessionId } = readPayload(payload, env, ['session_id']);
    if (event !== 'PreToolUse') return { kind: 'other', event };
    const tool = requireString(o, 'tool_name');
    const cwd = optionalString(o, 'cwd');
    const input = asObject(o.tool_input, 'tool_input');
    if (tool === 'apply_patch') {
      const patch = requireString(input, 'command', 'tool_input.command');
      const calls = applyPatchCalls(patch, cwd);
      // A patch svc cannot read is scanned whole as one write.
      return { kind: 'tool', event, sessionId, cwd, tool, calls: calls.length ? calls : [fileWrite(cwd ?? '.', patch)] };
    }
    return { kind: 'tool', event, sessionId, cwd, tool, calls: claudeToolCalls('codex', tool, input, cwd) };
  },
  render(verdict) {
    if (verdict.kind !== 'deny') return output(null);
    return block({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: verdict.reason } }, verdict.reason);
  },
};
