/**
 * `svc daemon start|status|restart|stop` and `svc doctor`, run as the real
 * binary on a fresh config dir: the daemon it starts is the real Node host.
 */
import { chmod, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, svc } from './run-svc.ts';

const dirs: string[] = [];

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-daemon-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  // stop anything a failed test left running
  for (const dir of dirs) await svc(['daemon', 'stop'], { configDir: dir }).catch(() => undefined);
});

describe('svc daemon', () => {
  it('start (detached) → status → restart → stop, with daemon.json and a log in the config dir', async () => {
    const dir = await freshDir();
    const started = await svc(['daemon', 'start', '--port', '0', '--json'], { configDir: dir, timeoutMs: 90_000 });
    expect(started.code).toBe(0);
    const info = json<{ status: string; url: string; pid: number; instance_id: string }>(started);
    expect(info.status).toBe('started');
    expect(JSON.parse(await readFile(join(dir, 'daemon.json'), 'utf8'))).toMatchObject({ url: info.url, pid: info.pid });
    expect(await readFile(join(dir, 'daemon.log'), 'utf8')).toContain('svc listening on');
    expect((await stat(join(dir, 'daemon.log'))).mode & 0o777).toBe(0o600);

    const again = json<{ status: string }>(await svc(['daemon', 'start', '--json'], { configDir: dir }));
    expect(again.status).toBe('already_running');

    const status = await svc(['daemon', 'status', '--json'], { configDir: dir });
    expect(status.code).toBe(0);
    expect(json(status)).toMatchObject({
      url: info.url,
      pid: info.pid,
      instance_id: info.instance_id,
      version: expect.any(String),
      uptime_seconds: expect.any(Number),
      subsystems: { audit: { status: 'ok' }, digest: expect.any(Object), proxy: expect.any(Object), supervisor: expect.any(Object) },
      audit_quarantined: false,
      audit_read_only: false,
      tier: { tier: 'community' },
    });
    const human = await svc(['daemon', 'status'], { configDir: dir });
    expect(human.stdout).toMatch(/^daemon\s+running at http/m);
    expect(human.stdout).toMatch(/^tier\s+community/m);
    const short = await svc(['status', '--json'], { configDir: dir });
    expect(short.code).toBe(0);
    expect(json(short)).toMatchObject({ url: info.url, pid: info.pid, instance_id: info.instance_id });

    const restarted = json<{ url: string; instance_id: string }>(await svc(['daemon', 'restart', '--json'], { configDir: dir, timeoutMs: 90_000 }));
    expect(restarted.url).toBe(info.url); // same address
    expect(restarted.instance_id).not.toBe(info.instance_id);

    const stopped = await svc(['daemon', 'stop'], { configDir: dir, timeoutMs: 60_000 });
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('stopped');
    await expect(stat(join(dir, 'daemon.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    const after = await svc(['daemon', 'status'], { configDir: dir });
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(/^svc: daemon not running .*\n$/);
    expect((await svc(['status'], { configDir: dir })).code).toBe(3);
    expect((await svc(['daemon', 'stop'], { configDir: dir })).code).toBe(3);
  }, 240_000);

  it('start --foreground runs it in this terminal; Ctrl-C stops it cleanly and removes daemon.json', async () => {
    const dir = await freshDir();
    const { spawn } = await import('node:child_process');
    const { SVC, ROOT } = await import('./run-svc.ts');
    const child = spawn(process.execPath, [SVC, '--config-dir', dir, 'daemon', 'start', '--foreground', '--port', '0'], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    for (let i = 0; i < 900 && !/svc listening on/.test(out); i++) await new Promise((done) => setTimeout(done, 100));
    expect(out).toMatch(/svc listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(JSON.parse(await readFile(join(dir, 'daemon.json'), 'utf8'))).toHaveProperty('instance_id');
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(stat(join(dir, 'daemon.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('a daemon that cannot start is reported with its log line (exit 1), not waited on', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, 'config.toml'), '[proxy]\nauto_allow_threshold = "high"\n');
    const result = await svc(['daemon', 'start', '--port', '0'], { configDir: dir, timeoutMs: 90_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^svc: the daemon exited .*daemon\.log\)\n$/);
  }, 120_000);
});

describe('svc doctor', () => {
  it('with no daemon: names the problem and what to do, exit 3', async () => {
    const dir = await freshDir();
    const result = await svc(['doctor', '--json'], { configDir: dir });
    expect(result.code).toBe(3);
    const report = json<{ ok: boolean; checks: Array<{ name: string; status: string; fix?: string }> }>(result);
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.name === 'daemon')).toMatchObject({ status: 'fail', fix: expect.stringContaining('svc daemon start') });
  });

  it('with a healthy daemon: every check passes (exit 0); a token readable by others is a failure with its chmod', async () => {
    const dir = await freshDir();
    expect((await svc(['daemon', 'start', '--port', '0'], { configDir: dir, timeoutMs: 90_000 })).code).toBe(0);
    try {
      const healthy = await svc(['doctor'], { configDir: dir });
      expect(healthy.code).toBe(0);
      for (const name of ['config dir', 'daemon.token', 'dashboard.token', 'config', 'daemon', 'health', 'audit', 'licence']) {
        expect(healthy.stdout).toMatch(new RegExp(`^✓ ${name}\\b`, 'm'));
      }
      await chmod(join(dir, 'dashboard.token'), 0o644);
      const loose = json<{ checks: Array<{ name: string; status: string; fix?: string }> }>(await svc(['doctor', '--json'], { configDir: dir }));
      expect(loose.checks.find((c) => c.name === 'dashboard.token')).toMatchObject({ status: 'fail', fix: `chmod 600 ${join(dir, 'dashboard.token')}` });
    } finally {
      await svc(['daemon', 'stop'], { configDir: dir, timeoutMs: 60_000 });
    }
  }, 180_000);
});
