import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchHost } from '../support/host-process.ts';
import { svc } from './run-svc.ts';
import { withCommandSeparator } from '../../cli/command-separator.ts';

/** A command that leaves `marker` behind when it runs: proof that `svc exec` started it. */
function markerCommand(marker: string): string[] {
  return ['--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`];
}

/** `svc exec` refusals (the supervised runs are in test/conformance/supervisor.ts). */
describe('svc exec', () => {
  it('refuses to spawn when no daemon runs: exit 3, one line, the command never ran', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-exec-'));
    const marker = join(dir, 'ran');
    const result = await svc(['exec', ...markerCommand(marker)], { configDir: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^svc: .*daemon/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses to spawn when the daemon cannot durably record: exit 4, one line, the command never ran', async () => {
    const first = await launchHost('node');
    const bearer = (await readFile(join(first.configDir, 'daemon.token'), 'utf8')).trim();
    const decided = await fetch(`${first.baseUrl}/api/proxy/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_call: { type: 'FileRead', path: 'README.md' } }),
    });
    expect(decided.status).toBe(200);
    await first.stop();
    await rm(join(first.configDir, 'audit'), { recursive: true, force: true }); // the anchor outlives the store: quarantined
    const host = await launchHost('node', { configDir: first.configDir });
    try {
      const marker = join(host.configDir, 'ran');
      const result = await svc(['exec', ...markerCommand(marker)], { configDir: host.configDir });
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(/^svc: the daemon cannot durably record decisions \(audit_quarantined\)/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await host.stop();
    }
  }, 120_000);

  it('refuses to spawn beyond the session limit: exit 5, one line, the command never ran', async () => {
    const host = await launchHost('node', { files: { 'config.toml': '[supervisor]\nmax_concurrent_sessions = 1\n' } });
    try {
      const bearer = (await readFile(join(host.configDir, 'daemon.token'), 'utf8')).trim();
      const taken = await fetch(`${host.baseUrl}/api/ipc/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_name: 'claude', root_pid: process.pid }),
      });
      expect(taken.status).toBe(201);
      const marker = join(host.configDir, 'ran');
      const result = await svc(['exec', ...markerCommand(marker)], { configDir: host.configDir });
      expect(result.code).toBe(5);
      expect(result.stderr).toMatch(/^svc: .*SESSION_LIMIT_REACHED.*nothing was started/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(marker)).toBe(false);
    } finally {
      await host.stop();
    }
  }, 120_000);

  it('the command line from the program name on is the program\'s own, with or without --: its flags are not svc\'s, its exit code is svc exec\'s', async () => {
    const host = await launchHost('node');
    try {
      const exit7 = await svc(['exec', '--tool', 'probe', process.execPath, '-e', 'process.exit(7)'], { configDir: host.configDir });
      expect([exit7.code, exit7.stderr]).toEqual([7, '']);
      const version = await svc(['exec', process.execPath, '--version'], { configDir: host.configDir });
      expect([version.code, version.stdout.trim()]).toEqual([0, process.version]);
      const separated = await svc(['exec', '--', process.execPath, '-e', 'process.exit(9)'], { configDir: host.configDir });
      expect(separated.code).toBe(9);
    } finally {
      await host.stop();
    }
  }, 120_000);

  it('withCommandSeparator puts -- before the wrapped program of exec and mcp, after svc\'s own flags and their values', () => {
    expect(withCommandSeparator(['exec', 'sh', '-c', 'exit 3'])).toEqual(['exec', '--', 'sh', '-c', 'exit 3']);
    expect(withCommandSeparator(['--config-dir', '/d', 'exec', '--tool', 'sh', '--grace-seconds', '2', 'sh', '-c', 'x'])).toEqual(['--config-dir', '/d', 'exec', '--tool', 'sh', '--grace-seconds', '2', '--', 'sh', '-c', 'x']);
    expect(withCommandSeparator(['mcp', '--name', 'fs', 'node', 'server.js', '--root', '.'])).toEqual(['mcp', '--name', 'fs', '--', 'node', 'server.js', '--root', '.']);
    expect(withCommandSeparator(['exec', '--', 'sh', '-c', 'x'])).toEqual(['exec', '--', 'sh', '-c', 'x']);
    expect(withCommandSeparator(['exec', '--help'])).toEqual(['exec', '--help']);
    expect(withCommandSeparator(['digest', 'approve', 'x'])).toEqual(['digest', 'approve', 'x']);
  });

  it('a missing command or a bad --grace-seconds is a usage error (exit 64)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-exec-'));
    expect((await svc(['exec'], { configDir: dir })).code).toBe(64);
    expect((await svc(['exec', '--grace-seconds', 'soon', '--', 'true'], { configDir: dir })).code).toBe(64);
  });
});
