/**
 * Where each agent keeps its hooks and what svc's entries look like there
 * (each agent's documented settings shape; links in cli/hook/<agent>.ts).
 *
 * - Claude Code: `settings.json` `hooks.PreToolUse` (matcher `*`) and `hooks.SessionEnd`,
 *   `{type: "command", command, timeout}` (seconds).
 * - Codex: `hooks.json` `hooks.PreToolUse` (matcher `.*`), same entry shape.
 * - Cursor: `hooks.json` `{version: 1, hooks: {beforeShellExecution, beforeReadFile,
 *   beforeMCPExecution: [{command, timeout, failClosed}], sessionEnd: [{command, timeout}]}}`;
 *   `failClosed: true` (unless `[hooks] fail_open`) makes Cursor block the action when the hook
 *   itself cannot answer (it crashed, timed out or exited other than 0 or 2), which Cursor
 *   otherwise lets through.
 * - Gemini CLI: `settings.json` `hooks.BeforeTool` (matcher `.*`) and `hooks.SessionEnd`,
 *   `{type: "command", command, name, timeout}` (milliseconds).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

type Json = Record<string, unknown>;

export interface AgentSettings {
  /** The settings file for the user (`~/...`) or the project (`<cwd>/...`). */
  file(scope: 'user' | 'project', cwd: string, home?: string): string;
  /** Every event svc hooks, with the group (matcher + handler, or handler) to add under it. */
  entries(command: string, timeoutSeconds: number, failClosed: boolean): Record<string, Json>;
  /** Keys the file must carry at the top level (Cursor's `version`). */
  required?: Json;
}

const commandHook = (command: string, timeout: number, extra: Json = {}) => ({ type: 'command', command, timeout, ...extra });

export const AGENT_SETTINGS: Readonly<Record<string, AgentSettings>> = {
  'claude-code': {
    file: (scope, cwd, home = homedir()) => (scope === 'user' ? join(home, '.claude', 'settings.json') : join(cwd, '.claude', 'settings.json')),
    entries: (command, timeout) => ({
      PreToolUse: { matcher: '*', hooks: [commandHook(command, timeout)] },
      SessionEnd: { hooks: [commandHook(command, 30)] },
    }),
  },
  codex: {
    file: (scope, cwd, home = homedir()) => (scope === 'user' ? join(home, '.codex', 'hooks.json') : join(cwd, '.codex', 'hooks.json')),
    entries: (command, timeout) => ({ PreToolUse: { matcher: '.*', hooks: [commandHook(command, timeout)] } }),
  },
  cursor: {
    file: (scope, cwd, home = homedir()) => (scope === 'user' ? join(home, '.cursor', 'hooks.json') : join(cwd, '.cursor', 'hooks.json')),
    entries: (command, timeout, failClosed) => ({
      beforeShellExecution: { command, timeout, failClosed },
      beforeReadFile: { command, timeout, failClosed },
      beforeMCPExecution: { command, timeout, failClosed },
      sessionEnd: { command, timeout: 30 },
    }),
    required: { version: 1 },
  },
  gemini: {
    file: (scope, cwd, home = homedir()) => (scope === 'user' ? join(home, '.gemini', 'settings.json') : join(cwd, '.gemini', 'settings.json')),
    entries: (command, timeout) => ({
      BeforeTool: { matcher: '.*', hooks: [commandHook(command, timeout * 1000, { name: 'svc' })] },
      SessionEnd: { hooks: [commandHook(command, 30_000, { name: 'svc' })] },
    }),
  },
};
