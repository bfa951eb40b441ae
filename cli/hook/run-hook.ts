/**
 * `svc hook <agent>` from payload to answer: read the payload, decide, and
 * write the agent's own decision format. Fails closed: a payload that is not
 * the documented shape, a config that does not validate, a daemon that
 * cannot be reached or answers with an error, a timeout or any internal
 * error all refuse the call, unless `[hooks] fail_open = true` (and the
 * config itself could be read).
 */
import { DEFAULT_HOOKS_CONFIG, type HooksConfig } from '../../core/config/hooks-config.ts';
import type { AgentAdapter, HookOutput, Verdict } from './agent.ts';
import { decide, type HookDaemon } from './decide.ts';
import { HookInputError } from './hook-event.ts';
import { uncheckedReason } from './reasons.ts';
import type { AgentSessions } from './agent-sessions.ts';
import type { Binary } from './resolve-binaries.ts';
import type { ToolCall } from '../../core/schemas/tool-call.ts';

export interface HookRunDeps {
  /** The `[hooks]` table of the effective config; throws when the config does not validate. */
  loadHooksConfig(): Promise<HooksConfig>;
  /** The daemon, reached with the daemon bearer only. */
  daemon(): HookDaemon;
  /** The executables a call runs (session inventory); absent: none are sent. */
  binaries?: (call: ToolCall, cwd: string | undefined) => Promise<Binary[]>;
  /** Registers and ends the agent's session as an svc session of the same id (absent: not registered). */
  sessions?: Pick<AgentSessions, 'register' | 'end'>;
  env: NodeJS.ProcessEnv;
}

/** Adds a `svc: ...` line on stderr, except where stderr is the agent's refusal reason (exit 2). */
const withNote = (out: HookOutput, note: string): HookOutput =>
  out.exitCode === 2 ? out : { ...out, stderr: `${out.stderr}svc: ${note.replace(/\s+/g, ' ')}\n` };

/** Runs one hook invocation (`readInput` reads the payload, bounded); never throws. */
export async function runHook(agent: AgentAdapter, readInput: () => Promise<string>, deps: HookRunDeps): Promise<HookOutput> {
  let hooks: HooksConfig = DEFAULT_HOOKS_CONFIG;
  let configReadable = true;
  let event: string | null = null;
  const fail = (detail: string, reason: string): HookOutput => {
    const verdict: Verdict = hooks.fail_open && configReadable ? { kind: 'defer', reason: detail } : { kind: 'deny', reason };
    const note = verdict.kind === 'deny' ? `${detail}; the call is refused (fail closed)` : `${detail}; the call goes ahead ([hooks] fail_open = true)`;
    return withNote(agent.render(verdict, event), note);
  };
  try {
    try {
      hooks = await deps.loadHooksConfig();
    } catch (error) {
      configReadable = false;
      const detail = `the svc config does not validate: ${(error as Error).message}`;
      return fail(detail, `svc refused this call because its config does not validate (${(error as Error).message}); ask the user to fix the svc config.`);
    }
    const stdin = await readInput();
    let payload: unknown;
    try {
      payload = JSON.parse(stdin);
    } catch (error) {
      throw new HookInputError(`the ${agent.name} hook input is not JSON (${(error as Error).message})`);
    }
    const read = agent.parse(payload, deps.env);
    event = read.event;
    if (read.kind === 'other') return agent.render({ kind: 'defer', reason: '' }, event);
    // A session svc exec registered (SVC_SESSION_ID) is svc exec's to register and end, not the hook's.
    const own = read.sessionId !== null && !deps.env.SVC_SESSION_ID && deps.sessions !== undefined;
    if (read.kind === 'session-end') {
      if (own) await deps.sessions!.end(read.sessionId!).catch(() => undefined);
      return agent.render({ kind: 'defer', reason: '' }, event);
    }
    if (own) await deps.sessions!.register(agent.name, read.sessionId!, read.cwd).catch(() => undefined);
    // Every call goes under the agent's own id (or svc exec's): the audit record and every session filter name it.
    const sessionId = read.sessionId;
    const verdict = await decide(read.calls, {
      daemon: deps.daemon(),
      hooks,
      supportsAsk: agent.supportsAsk(read.event),
      sessionId,
      pluginId: `hook:${agent.name}`,
      binaries: deps.binaries ? (call) => deps.binaries!(call, read.cwd) : undefined,
    });
    return agent.render(verdict, event);
  } catch (error) {
    if (error instanceof HookInputError) {
      return fail(`malformed ${agent.name} hook input: ${error.message}`, `svc refused this call: the hook input was not the documented ${agent.name} shape (${error.message}).`);
    }
    const detail = error instanceof Error ? error.message : String(error);
    return fail(detail, uncheckedReason(error));
  }
}
