/**
 * Cursor: `beforeShellExecution`, `beforeReadFile`, `beforeMCPExecution` and
 * `sessionEnd` hooks in `hooks.json` (`{version: 1, hooks: {...}}`).
 * Docs: https://cursor.com/docs/agent/hooks
 *
 * Input: {hook_event_name, conversation_id, generation_id, workspace_roots,
 * ...}; beforeShellExecution adds {command, cwd}, beforeReadFile {file_path,
 * content}, beforeMCPExecution {tool_name, tool_input (an object or its JSON
 * text), url | command (the server)}. Output: {permission: "allow" | "deny" |
 * "ask", user_message, agent_message} (beforeReadFile: {permission: "allow" | "deny"}
 * alone, so a queued read waits for the review even with queue_mode = "ask");
 * `{}` leaves Cursor's own flow in charge.
 * A deny also exits 2 (Cursor's "block the action" exit code).
 */
import { basename } from 'node:path';
import { block, output, type AgentAdapter } from './agent.ts';
import { readPayload, HookInputError, optionalString, requireString, type HookEvent, type Json } from './hook-event.ts';
import { absolute, fileRead, mcpCall, shellExec } from './tool-calls.ts';

/** The MCP server a beforeMCPExecution payload names: its URL's host, else its command's program. */
function serverOf(o: Json): string {
  const url = optionalString(o, 'url');
  if (url) {
    try {
      return new URL(url).host;
    } catch {
      return url.slice(0, 256);
    }
  }
  const words = (optionalString(o, 'command') ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'cursor-mcp';
  // `npx -y @scope/server-x`, `uvx mcp-server-y`, `node server.js`: the package or script names the server.
  const runner = RUNNERS.has(basename(words[0]!)) ? words.slice(1).find((w) => !w.startsWith('-') && w !== 'dlx' && w !== 'run') : undefined;
  return basename(runner ?? words[0]!).replace(/\.(?:m?js|ts|py)$/, '').slice(0, 256) || 'cursor-mcp';
}

const RUNNERS = new Set(['npx', 'bunx', 'uvx', 'pnpm', 'yarn', 'node', 'python', 'python3', 'deno', 'bun', 'uv']);

function toolInput(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return { input: value };
  }
}

export const cursor: AgentAdapter = {
  name: 'cursor',
  docs: 'https://cursor.com/docs/agent/hooks',
  // beforeReadFile documents `permission: "allow" | "deny"` only: a queued read waits for the review there.
  supportsAsk: (event) => event !== 'beforeReadFile',
  parse(payload, env): HookEvent {
    const { o, event, sessionId } = readPayload(payload, env, ['conversation_id', 'session_id']);
    const roots = Array.isArray(o.workspace_roots) ? o.workspace_roots.filter((r): r is string => typeof r === 'string') : [];
    const cwd = optionalString(o, 'cwd') ?? roots[0];
    switch (event) {
      case 'beforeShellExecution':
        return { kind: 'tool', event, sessionId, cwd, tool: 'shell', calls: [shellExec(requireString(o, 'command'), cwd)] };
      case 'beforeReadFile':
        return { kind: 'tool', event, sessionId, cwd, tool: 'read', calls: [fileRead(absolute(requireString(o, 'file_path'), cwd))] };
      case 'beforeMCPExecution': {
        const tool = requireString(o, 'tool_name');
        const server = serverOf(o);
        return { kind: 'tool', event, sessionId, cwd, tool: `${server}/${tool}`, calls: [mcpCall(server, tool, toolInput(o.tool_input))] };
      }
      case 'sessionEnd':
        return { kind: 'session-end', event, sessionId };
      default:
        if (!event) throw new HookInputError('hook_event_name must be a non-empty string');
        return { kind: 'other', event };
    }
  },
  render(verdict, event) {
    if (event === 'sessionEnd') return output({});
    if (verdict.kind === 'defer') return output({});
    if (verdict.kind === 'allow') return output({ permission: 'allow' });
    // beforeReadFile documents `permission: "allow" | "deny"` alone; the messages are kept out of it
    // (an ask never reaches it: supportsAsk says no, so a queued read waits for the review; were one
    // to, it is refused rather than let through).
    if (event === 'beforeReadFile') return block({ permission: 'deny' }, verdict.reason);
    if (verdict.kind === 'ask') return output({ permission: 'ask', user_message: `svc asks you to review this: ${verdict.reason}`, agent_message: verdict.reason });
    return block({ permission: 'deny', user_message: `svc blocked this: ${verdict.reason}`, agent_message: verdict.reason }, verdict.reason);
  },
};
