import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the code base type-checks under strict TypeScript', () => {
  it('tsc --noEmit reports no error', () => {
    let output = '';
    try {
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string };
      output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
    }
    expect(output).toBe('');
  }, 180_000);
});
