/**
 * Builders shared by the agent payload mappings: each turns what an agent
 * says it is about to do into the svc tool call the daemon scores.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ToolCall } from '../../core/schemas/tool-call.ts';

/** The largest file an edit is applied to in memory to hash the result. */
const MAX_EDITED_FILE = 8 * 1024 * 1024;

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** An absolute path: relative ones are taken from the agent's cwd. */
export const absolute = (path: string, cwd: string | undefined): string =>
  isAbsolute(path) || !cwd ? path : resolve(cwd, path);

/** A shell command line, run as the agents run it: `bash -c <line>`. */
export function shellExec(line: string, cwd?: string): ToolCall {
  return cwd ? { type: 'ShellExec', command: 'bash', args: ['-c', line], cwd } : { type: 'ShellExec', command: 'bash', args: ['-c', line] };
}

export const fileRead = (path: string): ToolCall => ({ type: 'FileRead', path });

/** A whole-file write: the hash is the new content's SHA-256, the content goes along for scanning. */
export const fileWrite = (path: string, content: string): ToolCall => ({ type: 'FileWrite', path, content_hash: sha256(content), content });

export interface Edit { old: string; new: string; all?: boolean }

/**
 * An in-place edit. `content` is the text the edit inserts (what is scanned);
 * `content_hash` is the SHA-256 of the file as the edits leave it when the
 * file can be read (up to 8 MiB) and every old text is found in it, else of
 * the inserted text.
 */
export function fileEdit(path: string, edits: Edit[]): ToolCall {
  const inserted = edits.map((e) => e.new).join('\n');
  return { type: 'FileWrite', path, content_hash: sha256(applyEdits(path, edits) ?? inserted), content: inserted };
}

/** The file's text after the edits, or null when it cannot be read or an old text is missing. */
function applyEdits(path: string, edits: Edit[]): string | null {
  try {
    if (statSync(path).size > MAX_EDITED_FILE) return null;
    let text = readFileSync(path, 'utf8');
    for (const e of edits) {
      if (e.old === '' || !text.includes(e.old)) return null;
      text = e.all ? text.split(e.old).join(e.new) : text.replace(e.old, () => e.new);
    }
    return text;
  } catch {
    return null;
  }
}

export const httpGet = (url: string): ToolCall => ({ type: 'HttpRequest', method: 'GET', url });

/** `mcp__<server>__<tool>` split into its parts; null for any other name. */
export function mcpName(name: string): { server: string; tool: string } | null {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : null;
}

/** An MCP tool call; arguments that are not a JSON object are wrapped as `{input}`. */
export function mcpCall(server: string, tool: string, args: unknown): ToolCall {
  const object = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : { input: args ?? null };
  return { type: 'McpToolCall', server: server.slice(0, 256) || 'unknown', tool: tool.slice(0, 256) || 'unknown', arguments: object };
}

/**
 * A tool svc has no mapping for: scored as an MCP-style call of the agent
 * itself, so every string of its input is scanned and the call counts as one
 * that may send data off the machine (the conservative default).
 */
export const unknownTool = (agent: string, tool: string, input: unknown): ToolCall => mcpCall(agent, tool, input);
