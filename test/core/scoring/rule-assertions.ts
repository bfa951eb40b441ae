import { expect } from 'vitest';
import type { ScoringEngine } from '../../../core/scoring/engine.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';

/** `bash -c <script>` as a ShellExec call. */
export const bash = (script: string, extra: Partial<ToolCall> = {}): ToolCall => ({ type: 'ShellExec', command: 'bash', args: ['-c', script], ...extra } as ToolCall);
/** `bash -c <script>` run in a project folder. */
export const inProject = (script: string): ToolCall => bash(script, { cwd: '/home/dev/projects/app' } as Partial<ToolCall>);
/** A FileWrite call of `content` to `path`. */
export const fileWrite = (path: string, content: string): ToolCall => ({ type: 'FileWrite', path, content_hash: 'x', content } as ToolCall);
/** A ProcessSpawn call. */
export const spawn = (command: string, ...args: string[]): ToolCall => ({ type: 'ProcessSpawn', command, args } as ToolCall);

/**
 * Assertions on which rules an engine's evaluation names, and on its decision.
 * A rule or family test file passes the worker's shared default engine:
 * `ruleAssertions(await sharedEngine())` (helpers.ts), never one of its own.
 */
export function ruleAssertions(engine: Pick<ScoringEngine, 'evaluate'>) {
  const judge = (call: ToolCall) => {
    const r = engine.evaluate(call, { record: false });
    return { decision: r.decision, rules: r.result.filter_results.map((f) => f.message).join(' ') };
  };
  // A filter's message names its best rule as `[id]` and the others as `(+n more: a, b)`.
  const named = (rules: string, rule: string) => new RegExp(`[[ ]${rule}[\\],)]`).test(rules);
  return {
    judge,
    fires: (call: ToolCall, rule: string) => expect(named(judge(call).rules, rule), `${rule}: ${JSON.stringify(call)}`).toBe(true),
    silent: (call: ToolCall, rule: string) => expect(named(judge(call).rules, rule), `${rule}: ${JSON.stringify(call)}`).toBe(false),
    allowed: (call: ToolCall) => expect(judge(call).decision, JSON.stringify(call)).toBe('allow'),
    stopped: (call: ToolCall) => expect(judge(call).decision, JSON.stringify(call)).not.toBe('allow'),
    denied: (call: ToolCall) => expect(judge(call).decision, JSON.stringify(call)).toBe('deny'),
    decides: (call: ToolCall, decision: 'allow' | 'queue' | 'deny') => expect(judge(call).decision, JSON.stringify(call)).toBe(decision),
  };
}

/**
 * A rule family's examples: `each` call fires `rule` and gets `decision`
 * (stopped: queued or denied), every `quiet` call leaves `rule` silent and is
 * allowed. A string is a shell command run in a project. A new family file
 * starts `const { each, quiet } = familyAssertions(await sharedEngine());`.
 */
export function familyAssertions(engine: Pick<ScoringEngine, 'evaluate'>) {
  const { fires, silent, allowed, stopped, decides } = ruleAssertions(engine);
  const asCall = (c: string | ToolCall): ToolCall => (typeof c === 'string' ? inProject(c) : c);
  return {
    each(rule: string, decision: 'queue' | 'deny' | 'stopped', calls: (string | ToolCall)[]) {
      for (const c of calls) {
        fires(asCall(c), rule);
        if (decision === 'stopped') stopped(asCall(c));
        else decides(asCall(c), decision);
      }
    },
    quiet(rule: string, calls: (string | ToolCall)[]) {
      for (const c of calls) {
        silent(asCall(c), rule);
        allowed(asCall(c));
      }
    },
  };
}
