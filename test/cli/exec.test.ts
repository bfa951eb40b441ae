import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { svc } from './run-svc.ts';

/** `svc exec` refusals that need no daemon (the supervised runs are in test/conformance/supervisor.ts). */
describe('svc exec', () => {
  it('refuses to spawn when no daemon runs: exit 3, one line, the command never ran', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-exec-'));
    const marker = join(dir, 'ran');
    const result = await svc(['exec', '--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`], { configDir: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^svc: .*daemon/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    const { existsSync } = await import('node:fs');
    expect(existsSync(marker)).toBe(false);
  });

  it('a missing command or a bad --grace-seconds is a usage error (exit 64)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-exec-'));
    expect((await svc(['exec'], { configDir: dir })).code).toBe(64);
    expect((await svc(['exec', '--grace-seconds', 'soon', '--', 'true'], { configDir: dir })).code).toBe(64);
  });
});
