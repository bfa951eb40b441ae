/**
 * What an agent's hook payload means to svc, whichever agent sent it, and the
 * reading helpers every agent's parser uses (parse, don't cast).
 */
import type { ToolCall } from '../../core/schemas/tool-call.ts';

/** A hook payload, read. */
export type HookEvent =
  | {
      kind: 'tool';
      /** The agent's own event name (`PreToolUse`, `beforeReadFile`...): some agents answer per event. */
      event: string;
      sessionId: string | null;
      cwd: string | undefined;
      /** The agent's name for the tool, for messages. */
      tool: string;
      /** Usually one; a patch that touches several files gives one per file. */
      calls: ToolCall[];
    }
  | { kind: 'session-end'; event: string; sessionId: string | null }
  /** An event svc has nothing to say about (the agent's flow goes on unchanged). */
  | { kind: 'other'; event: string };

/** The payload is not what the agent documents: the hook refuses the call (fail closed). */
export class HookInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HookInputError';
  }
}

export type Json = Record<string, unknown>;

export function asObject(value: unknown, what: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HookInputError(`${what} must be a JSON object`);
  return value as Json;
}

export function requireString(o: Json, key: string, what = key): string {
  const value = o[key];
  if (typeof value !== 'string' || value === '') throw new HookInputError(`${what} must be a non-empty string`);
  return value;
}

/** A string that may be empty (an edit's `old_string` is empty when it creates the file). */
export function requireText(o: Json, key: string, what = key): string {
  const value = o[key];
  if (typeof value !== 'string') throw new HookInputError(`${what} must be a string`);
  return value;
}

export function optionalString(o: Json, key: string): string | undefined {
  const value = o[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The session id the call is evaluated under: the agent's own, else `SVC_SESSION_ID` (set by `svc exec`). */
export function sessionIdOf(o: Json, keys: readonly string[], env: NodeJS.ProcessEnv): string | null {
  const fromEnv = env.SVC_SESSION_ID;
  if (fromEnv) return fromEnv.slice(0, 256);
  for (const key of keys) {
    const value = optionalString(o, key);
    if (value) return value.slice(0, 256);
  }
  return null;
}

/** The fields every agent's payload starts with: the object, its event name and the session id. */
export function readPayload(payload: unknown, env: NodeJS.ProcessEnv, sessionKeys: readonly string[]): { o: Json; event: string; sessionId: string | null } {
  const o = asObject(payload, 'the hook input');
  return { o, event: requireString(o, 'hook_event_name'), sessionId: sessionIdOf(o, sessionKeys, env) };
}
