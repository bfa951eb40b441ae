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

  it('exports SVC_SESSION_ID; the kill route (POST /api/supervisor/sessions/{id}/kill) ends the command with exit 137 and the session ended "killed"; a normal exit ends it too', async () => {
    const host = await launchHost('node');
    try {
      const token = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
      const api = async (method: string, path: string, body?: unknown) =>
        (await fetch(`${host.baseUrl}${path}`, { method, headers: { 'x-svc-csrf': token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
      const idFile = join(host.configDir, 'session-id');
      const script = `require('fs').writeFileSync(${JSON.stringify(idFile)}, process.env.SVC_SESSION_ID ?? ''); setTimeout(() => {}, 60000)`;
      const running = svc(['exec', '--tool', 'probe', '--', process.execPath, '-e', script], { configDir: host.configDir, timeoutMs: 90_000 });
      let id = '';
      for (let i = 0; i < 300 && !id; i++) {
        id = existsSync(idFile) ? (await readFile(idFile, 'utf8')).trim() : '';
        if (!id) await new Promise((r) => setTimeout(r, 100));
      }
      expect(await api('GET', `/api/supervisor/sessions/${id}`)).toMatchObject({ id, tool_name: 'probe', state: 'active' });
      expect(await api('POST', `/api/supervisor/sessions/${id}/kill`, { reason: 'stopped from the dashboard' })).toEqual({ status: 'terminating', id });
      const killed = await running;
      expect(killed.code).toBe(137);
      expect(killed.stderr).toMatch(/^svc: the daemon terminated this session: stopped from the dashboard/);
      expect(await api('GET', `/api/supervisor/sessions/${id}`)).toMatchObject({ state: 'ended', ended_reason: 'killed' });

      const done = await svc(['exec', '--tool', 'probe2', '--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(idFile)}, process.env.SVC_SESSION_ID)`], { configDir: host.configDir });
      expect(done.code).toBe(0);
      const second = (await readFile(idFile, 'utf8')).trim();
      expect(second).not.toBe(id);
      expect(await api('GET', `/api/supervisor/sessions/${second}`)).toMatchObject({ tool_name: 'probe2', state: 'ended' });
    } finally {
      await host.stop();
    }
  }, 180_000);

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
