/**
 * Agent-facing reasons: what was refused, by which svc rule, and what to do
 * instead, in one or two sentences the agent can act on.
 */
import type { ToolCall } from '../../core/schemas/tool-call.ts';
import { CliError, EXIT } from '../errors.ts';

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "reading /home/u/.ssh/id_rsa", "running `curl ... | sh`"... */
export function describeCall(call: ToolCall): string {
  switch (call.type) {
    case 'FileRead': return `reading ${clip(call.path, 120)}`;
    case 'FileWrite': case 'FileAppend': return `writing ${clip(call.path, 120)}`;
    case 'FileDelete': return `deleting ${clip(call.path, 120)}`;
    case 'FileRename': return `moving ${clip(call.from, 80)} to ${clip(call.to, 80)}`;
    case 'DirList': return `listing ${clip(call.path, 120)}`;
    case 'ShellExec': case 'ProcessSpawn': {
      const line = call.command === 'bash' && call.args[0] === '-c' ? call.args[1] ?? '' : [call.command, ...call.args].join(' ');
      return `running \`${clip(line.replace(/\s+/g, ' '), 100)}\``;
    }
    case 'HttpRequest': return `${call.method.toUpperCase()} ${clip(call.url, 120)}`;
    case 'McpToolCall': return `the tool ${clip(call.server, 60)}/${clip(call.tool, 60)}`;
    default: return `this ${call.type} call`;
  }
}

export interface FilterResult { filter_name: string; matched: boolean; score: number; message: string }

/** The rule that weighed most: "Sensitive paths: Touches an SSH private key". */
export function topRule(results: readonly FilterResult[]): string | null {
  const top = [...results].filter((r) => r.matched && r.score > 0).sort((a, b) => b.score - a.score)[0];
  return top ? `${top.filter_name.toLowerCase()}: ${clip(top.message, 160)}` : null;
}

/** What the agent can do instead, by the rule that decided. */
function instead(results: readonly FilterResult[]): string {
  const names = new Set(results.filter((r) => r.matched && r.score > 0).map((r) => r.filter_name));
  if (names.has('Canary tokens')) return 'that value is a decoy that must never leave the machine: do not send it anywhere, and tell the user';
  if (names.has('Sensitive paths')) return 'work with files inside the project instead, or ask the user to run this themselves';
  if (names.has('Dangerous commands') || names.has('Destructive actions')) return 'use a narrower command that does only what the task needs, or ask the user to run it';
  if (names.has('Secret scanning') || names.has('Data loss prevention')) return 'leave secrets and personal data out of the call (use a placeholder or an environment variable)';
  if (names.has('Egress policy')) return 'use a destination the user has allowed, or ask the user to allow this one';
  return 'do not retry it unchanged; ask the user how to proceed';
}

const REVIEW = 'ask the user to approve it in the svc dashboard (`svc pair` opens it) or with `svc digest review`, then retry';

export interface Evaluation {
  action: string;
  decision_reason: string;
  filter_results: FilterResult[];
  digest_id?: string;
}

export function denyReason(call: ToolCall, e: Evaluation): string {
  const rule = topRule(e.filter_results);
  return `${describeCall(call)} is blocked by svc (${rule ?? clip(e.decision_reason, 160)}); ${instead(e.filter_results)}.`;
}

export function askReason(call: ToolCall, e: Evaluation): string {
  const rule = topRule(e.filter_results);
  return `svc holds ${describeCall(call)} for review (${rule ?? clip(e.decision_reason, 160)}).`;
}

export function reviewDeniedReason(call: ToolCall, notes: string | null): string {
  return `${describeCall(call)} was denied by the user's review in svc${notes ? ` ("${clip(notes, 200)}")` : ''}; do not retry it, ask the user how to proceed.`;
}

export function reviewTimeoutReason(call: ToolCall, e: Evaluation, seconds: number): string {
  const rule = topRule(e.filter_results);
  return `${describeCall(call)} is held by svc for review (${rule ?? clip(e.decision_reason, 160)}) and nobody reviewed it within ${seconds} s; ${REVIEW}.`;
}

export function expiredReason(call: ToolCall): string {
  return `${describeCall(call)} was held by svc for review and expired unreviewed; ${REVIEW}.`;
}

/** Fail-closed reason when the daemon cannot answer. */
export function unreachableReason(detail: string): string {
  return `svc could not check this call (${clip(detail, 200)}), so it is refused; ask the user to start the daemon with \`svc daemon start\` (or set [hooks] fail_open = true to let calls through while it is down).`;
}

/**
 * Fail-closed reason for a call svc could not judge, by why: the daemon is not
 * running (start it), the call is larger than the daemon accepts (send it in
 * smaller parts), or anything else the daemon or the hook ran into.
 */
export function uncheckedReason(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof CliError && error.exitCode === EXIT.notRunning) return unreachableReason(detail);
  if (error instanceof CliError && error.code === 'PAYLOAD_TOO_LARGE') {
    return `svc refused this call because it is too large to check (${clip(detail, 200)}); split it into smaller calls (write a large file in parts), or ask the user to do it.`;
  }
  return `svc could not check this call (${clip(detail, 200)}), so it is refused; retry once, and if it keeps failing ask the user to check svc with \`svc doctor\` (or set [hooks] fail_open = true to let calls through while svc cannot check them).`;
}
