/**
 * Adds or removes svc's hook entries in an agent's settings object, keeping
 * every other key and every other hook as it was. Idempotent: svc's entries
 * are recognised by their command (`... svc ... hook <agent>`), removed, and
 * added back once.
 */
import type { AgentSettings } from './agent-settings.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether a command string runs `svc hook <agent>` (through any path to svc). */
export function isSvcHookCommand(command: unknown, agent: string): boolean {
  if (typeof command !== 'string') return false;
  return /svc(?:\.mjs)?["']?(?:\s+--config-dir\s+(?:"[^"]*"|'[^']*'|\S+))?\s+hook\s+/.test(command) && command.trimEnd().endsWith(` ${agent}`);
}

/** A group without svc's handlers; null when nothing else was in it. */
function withoutSvc(group: unknown, agent: string): unknown {
  if (!isObject(group)) return group;
  if (isSvcHookCommand(group.command, agent)) return null;
  if (!Array.isArray(group.hooks)) return group;
  const hooks = group.hooks.filter((h) => !(isObject(h) && isSvcHookCommand(h.command, agent)));
  if (hooks.length === group.hooks.length) return group;
  return hooks.length === 0 ? null : { ...group, hooks };
}

/** The settings with svc's hooks for `agent` added (or, with `remove`, taken out). */
export function editSettings(doc: Json, agent: string, settings: AgentSettings, command: string, timeout: number, remove: boolean, failClosed = true): Json {
  const out: Json = { ...(remove ? {} : settings.required ?? {}), ...doc };
  if (doc.hooks !== undefined && !isObject(doc.hooks)) throw new Error('its "hooks" key is not an object; fix it by hand first');
  const hooks: Json = { ...(doc.hooks as Json | undefined) };
  const entries = settings.entries(command, timeout, failClosed);
  for (const event of new Set([...Object.keys(hooks), ...Object.keys(entries)])) {
    const current = hooks[event];
    if (current !== undefined && !Array.isArray(current)) {
      if (event in entries) throw new Error(`its hooks.${event} is not a list; fix it by hand first`);
      continue;
    }
    const kept = (current ?? []).map((g) => withoutSvc(g, agent)).filter((g) => g !== null);
    const next = remove || !(event in entries) ? kept : [...kept, entries[event]];
    if (next.length > 0) hooks[event] = next;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length > 0) out.hooks = hooks;
  else delete out.hooks;
  return out;
}
