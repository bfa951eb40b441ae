/** The agents `svc hook` and `svc setup` know, by the name used on the command line. */
import type { AgentAdapter } from './agent.ts';
import { claudeCode } from './claude-code.ts';
import { codex } from './codex.ts';
import { cursor } from './cursor.ts';
import { gemini } from './gemini.ts';

export const AGENTS: Readonly<Record<string, AgentAdapter>> = { 'claude-code': claudeCode, codex, cursor, gemini };
export const AGENT_NAMES = Object.keys(AGENTS);
