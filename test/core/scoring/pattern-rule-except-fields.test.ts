import { describe, expect, it } from 'vitest';
import { viewOf } from '../../../core/scoring/call-view.ts';
import { compilePatternRules } from '../../../core/scoring/pattern-rules.ts';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';

const ctx = { prior: new Map(), session: null, now: 0 };
const mcp = (args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server: 'tracker', tool: 'create_issue', arguments: args }) as ToolCall;

describe('except_fields', () => {
  const rule = { id: 'drop', message: 'drops a table', score: 7, pattern: String.raw`\bdrop\s{1,4}table\b`, keywords: ['drop'], targets: ['body' as const] };

  it('a field whose name the rule excepts is not read; the same text under another name is', () => {
    const f = compilePatternRules({ rules: [{ ...rule, pattern: String.raw`^drop\s{1,4}table\b`, except_fields: String.raw`^arguments\.body$` }] });
    expect(f.evaluate(viewOf(mcp({ body: 'DROP TABLE users' })), ctx).matched).toBe(false);
    expect(f.evaluate(viewOf(mcp({ query: 'DROP TABLE users' })), ctx).matched).toBe(true);
  });

  it('without except_fields every field of the rule\'s targets is read', () => {
    const f = compilePatternRules({ rules: [{ ...rule, pattern: String.raw`^drop\s{1,4}table\b` }] });
    expect(f.evaluate(viewOf(mcp({ body: 'DROP TABLE users' })), ctx).matched).toBe(true);
  });

  it('an unsafe except_fields pattern is refused at load', () => {
    expect(() => compilePatternRules({ rules: [{ ...rule, except_fields: '(a+)+' }] })).toThrow(/except_fields/);
  });
});
