import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';

describe('command names are data', () => {
  it('a command named like an Object member (constructor, __proto__, toString) is scored like any other, never a crash', async () => {
    const engine = await sharedEngine();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const call = { type: 'ShellExec', command: 'bash', args: ['-c', `${name} -x ls "$HOME"`] } as ToolCall;
      expect(() => engine.evaluate(call, { record: false }), name).not.toThrow();
      expect(engine.evaluate(call, { record: false }).decision).toBe('allow');
    }
  });
});
