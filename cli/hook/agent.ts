/**
 * One agent's hook protocol: how its pre-tool payload reads and how a
 * decision is written back in the form that agent documents.
 */
import type { HookEvent } from './hook-event.ts';

/**
 * What svc tells the agent:
 * - `allow`: run it, without the agent's own prompt;
 * - `defer`: svc does not object; the agent's own permission rules decide;
 * - `ask`: let the user decide in the agent's own prompt;
 * - `deny`: refuse it, with a reason the agent reads.
 */
export type Verdict = { kind: 'allow' | 'defer' | 'ask' | 'deny'; reason: string };

/** What the hook process writes and how it exits. */
export interface HookOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface AgentAdapter {
  name: string;
  /** The agent's hook documentation (also in each fixture's header). */
  docs: string;
  /** Whether the agent honours an `ask` on this event (else a queued call waits for the review). */
  supportsAsk(event: string): boolean;
  /** Reads the payload; throws HookInputError when it is not the documented shape. */
  parse(payload: unknown, env: NodeJS.ProcessEnv): HookEvent;
  /** The agent's answer for a verdict on an event (`event` is null when the payload could not be read). */
  render(verdict: Verdict, event: string | null): HookOutput;
}

export const output = (stdout: unknown, exitCode = 0, stderr = ''): HookOutput => ({
  stdout: stdout === null ? '' : `${JSON.stringify(stdout)}\n`,
  stderr: stderr === '' ? '' : `${stderr}\n`,
  exitCode,
});

/**
 * A refusal: the agent's documented decision on stdout, and exit 2 with the
 * reason alone on stderr, which every one of the four agents reads as "blocked"
 * (Claude Code, Codex and Gemini CLI then hand stderr to the model as the reason;
 * contracts.md: "exit code 2 where the agent reads a block from it").
 */
export const block = (stdout: unknown, reason: string): HookOutput => output(stdout, 2, reason);
