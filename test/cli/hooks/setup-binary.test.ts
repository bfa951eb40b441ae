/** `svc setup` as the real binary: the entry it writes runs this svc, and --dry-run writes nothing. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SVC, svc } from '../run-svc.ts';

describe('svc setup (binary)', () => {
  it('--dry-run prints the diff and writes nothing; then the real run writes a hook that runs this svc with its config dir', async () => {
    const home = await mkdtemp(join(tmpdir(), 'svc-home-'));
    const configDir = await mkdtemp(join(tmpdir(), 'svc-cfg-'));
    const dry = await svc(['setup', 'claude-code', '--dry-run'], { configDir, env: { HOME: home } });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^--- \/dev\/null\n\+\+\+ .*\.claude\/settings\.json\n@@ -0,0/);
    expect(existsSync(join(home, '.claude'))).toBe(false);

    const real = await svc(['setup', 'claude-code'], { configDir, env: { HOME: home } });
    expect(real.code).toBe(0);
    expect(real.stdout).toContain(`set up claude-code in ${join(home, '.claude/settings.json')}`);
    const settings = JSON.parse(await readFile(join(home, '.claude/settings.json'), 'utf8'));
    const command: string = settings.hooks.PreToolUse[0].hooks[0].command;
    expect(command).toBe(`${process.execPath} ${SVC} --config-dir ${configDir} hook claude-code`);
    expect(settings.hooks.PreToolUse[0].hooks[0].timeout).toBe(150);

    const again = await svc(['setup', 'claude-code'], { configDir, env: { HOME: home } });
    expect(again.stdout).toContain('already set up');
    const removed = await svc(['setup', 'claude-code', '--remove'], { configDir, env: { HOME: home } });
    expect(removed.stdout).toContain('removed svc from claude-code');
    expect(JSON.parse(await readFile(join(home, '.claude/settings.json'), 'utf8'))).toEqual({});
  });

  it("Cursor's entries carry failClosed: true, so Cursor blocks a call whose hook crashed or timed out; false under [hooks] fail_open", async () => {
    const home = await mkdtemp(join(tmpdir(), 'svc-home-'));
    const configDir = await mkdtemp(join(tmpdir(), 'svc-cfg-'));
    expect((await svc(['setup', 'cursor'], { configDir, env: { HOME: home } })).code).toBe(0);
    const hooks = () => readFile(join(home, '.cursor/hooks.json'), 'utf8').then((t) => JSON.parse(t).hooks as Record<string, Array<Record<string, unknown>>>);
    const closed = await hooks();
    for (const event of ['beforeShellExecution', 'beforeReadFile', 'beforeMCPExecution']) expect(closed[event]![0]).toMatchObject({ timeout: 150, failClosed: true });
    await writeFile(join(configDir, 'config.toml'), '[hooks]\nfail_open = true\n');
    expect((await svc(['setup', 'cursor'], { configDir, env: { HOME: home } })).code).toBe(0);
    const open = await hooks();
    expect(open.beforeShellExecution).toHaveLength(1);
    expect(open.beforeShellExecution![0]).toMatchObject({ failClosed: false });
  });

  it('an unknown agent is a usage error', async () => {
    const result = await svc(['setup', 'vim'], { configDir: await mkdtemp(join(tmpdir(), 'svc-cfg-')) });
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(/^svc: unknown agent "vim"/);
  });
});
