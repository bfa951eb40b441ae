import { expect } from 'vitest';
import type { ScoringEngine } from '../../../core/scoring/engine.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';

/** `bash -c <script>` as a ShellExec call. */
export const bash = (script: string, extra: Partial<ToolCall> = {}): ToolCall => ({ type: 'ShellExec', command: 'bash', args: ['-c', script], ...extra } as ToolCall);
/** A ProcessSpawn call. */
export const spawn = (command: string, ...args: string[]): ToolCall => ({ type: 'ProcessSpawn', command, args } as ToolCall);

/** Assertions on which rules an engine's evaluation names, and on its decision. */
export function ruleAssertions(engine: ScoringEngine) {
  const judge = (call: ToolCall) => {
    const r = engine.evaluate(call, { record: false });
    return { decision: r.decision, rules: r.result.filter_results.map((f) => f.message).join(' ') };
  };
  // A filter's message names its best rule as `[id]` and the others as `(+n more: a, b)`.
  const named = (rules: string, rule: string) => new RegExp(`[[ ]${rule}[\\],)]`).test(rules);
  return {
    judge,
    fires: (call: ToolCall, rule: string) => expect(named(judge(call).rules, rule), rule).toBe(true),
    silent: (call: ToolCall, rule: string) => expect(named(judge(call).rules, rule), rule).toBe(false),
    allowed: (call: ToolCall) => expect(judge(call).decision, JSON.stringify(call)).toBe('allow'),
    stopped: (call: ToolCall) => expect(judge(call).decision, JSON.stringify(call)).not.toBe('allow'),
    denied: (call: ToolCall) => expect(judge(call).decision, JSON.stringify(call)).toBe('deny'),
    decides: (call: ToolCall, decision: 'allow' | 'queue' | 'deny') => expect(judge(call).decision, JSON.stringify(call)).toBe(decision),
  };
}
