import { describe, it } from 'vitest';
import type { ScoringEngine } from '../../../core/scoring/engine.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { bash, ruleAssertions } from './rule-assertions.ts';

/**
 * One row of a rule family's table: what must happen (deny; stop = queue or
 * deny; allow), the call (a string is a shell command run in a project) and
 * the rule that must name it (null: any rule, or none for an allowed call).
 */
export type RuleRow = ['deny' | 'stop' | 'allow', string | ToolCall, string | null];

/** Pins a family: its catastrophic rows denied, harmful rows held, everyday rows allowed. */
export function describeRuleTable(engine: Pick<ScoringEngine, 'evaluate'>, title: string, rows: RuleRow[]): void {
  const { fires, allowed, stopped, denied } = ruleAssertions(engine);
  const call = (c: string | ToolCall): ToolCall => (typeof c === 'string' ? bash(c, { cwd: '/home/dev/projects/app' } as Partial<ToolCall>) : c);
  const of = (kind: RuleRow[0]) => rows.filter((r) => r[0] === kind);
  describe(title, () => {
    it('the catastrophic calls are denied, each named by its rule', () => {
      for (const [, c, rule] of of('deny')) {
        denied(call(c));
        if (rule) fires(call(c), rule);
      }
    });
    it('the harmful calls are held for a person (queued or denied), each named by its rule', () => {
      for (const [, c, rule] of of('stop')) {
        stopped(call(c));
        if (rule) fires(call(c), rule);
      }
    });
    it('the everyday look-alikes are allowed', () => {
      for (const [, c] of of('allow')) allowed(call(c));
    });
  });
}
