/**
 * The `svc` binary finds its daemon through daemon.json (contracts.md, "The
 * command-line tool") and reports every way that can fail as one line with
 * exit 3, never a hang.
 */
import { copyFile, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHost, type RunningHost } from '../support/host-process.ts';
import { ROOT, svc } from './run-svc.ts';

const ERROR_LINE = /^svc: .+ \(.+\)\n$/;

describe('svc: the binary', () => {
  it('--version prints the version and exits 0', async () => {
    const result = await svc(['--version']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('--help lists the commands', async () => {
    const result = await svc(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: svc');
    expect(result.stdout).toMatch(/\n {2}sync\b/);
    expect(result.stdout).toMatch(/\n {2}completion\b/);
  });

  it('an unknown command is a usage error: one line, exit 64', async () => {
    const result = await svc(['frobnicate']);
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(ERROR_LINE);
    expect(result.stdout).toBe('');
  });

  it('an unknown flag is a usage error: one line, exit 64', async () => {
    const result = await svc(['sync', 'apply', '--bogus']);
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(ERROR_LINE);
  });

  it('completion bash prints a completion script', async () => {
    const result = await svc(['completion', 'bash']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('complete');
    expect(result.stdout).toContain('svc');
  });
});

describe('svc: finding the daemon', () => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await launchHost('node');
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('the daemon writes daemon.json {url, pid, instance_id, version} with mode 0600 once it listens', async () => {
    const path = join(host.configDir, 'daemon.json');
    const info = JSON.parse(await readFile(path, 'utf8'));
    expect(info).toEqual({ url: host.baseUrl, pid: host.child.pid, instance_id: expect.any(String), version: expect.any(String) });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const health = (await (await fetch(`${host.baseUrl}/api/health`)).json()) as { instance_id: string };
    expect(info.instance_id).toBe(health.instance_id);
  });

  it('no daemon.json: "daemon not running", exit 3', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    const result = await svc(['sync', 'apply'], { configDir: empty });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(ERROR_LINE);
    expect(result.stderr).toContain('daemon not running');
  });

  it('a daemon.json naming a dead process is stale: exit 3', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    const info = { url: host.baseUrl, pid: 2 ** 22 + 17, instance_id: 'gone', version: '0.0.0' };
    await writeFile(join(dir, 'daemon.json'), JSON.stringify(info), { mode: 0o600 });
    const result = await svc(['sync', 'apply'], { configDir: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('stale');
  });

  it('a daemon.json whose URL answers as another instance is stale: exit 3', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    const info = { url: host.baseUrl, pid: process.pid, instance_id: 'another-instance', version: '0.0.0' };
    await writeFile(join(dir, 'daemon.json'), JSON.stringify(info), { mode: 0o600 });
    const result = await svc(['sync', 'apply'], { configDir: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('another instance');
  });

  it('a daemon.json whose URL has nothing listening is reported at once: exit 3', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    const info = { url: 'http://127.0.0.1:9', pid: process.pid, instance_id: 'x', version: '0.0.0' };
    await writeFile(join(dir, 'daemon.json'), JSON.stringify(info), { mode: 0o600 });
    const result = await svc(['sync', 'apply'], { configDir: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('not reachable');
  });

  it('a daemon.json that is not one: exit 3 naming the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    await writeFile(join(dir, 'daemon.json'), '{"url": 5}');
    const result = await svc(['sync', 'apply'], { configDir: dir });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('daemon.json');
  });

  it('a refusal by the daemon is one line without a stack trace; --debug adds the trace', async () => {
    const plain = await svc(['sync', 'apply'], { configDir: host.configDir });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(ERROR_LINE);
    expect(plain.stderr).toContain('FEATURE_GATED');
    const debug = await svc(['sync', 'apply', '--debug'], { configDir: host.configDir });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toContain('    at ');
  });

  it('SVC_CONFIG_DIR finds the daemon like --config-dir', async () => {
    const result = await svc(['sync', 'apply', '--json'], { env: { SVC_CONFIG_DIR: host.configDir } });
    expect(result.stderr).toContain('FEATURE_GATED');
  });

  it('--url reaches the daemon without daemon.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    for (const token of ['daemon.token', 'dashboard.token']) await copyFile(join(host.configDir, token), join(dir, token));
    const result = await svc(['--url', host.baseUrl, 'sync', 'apply'], { configDir: dir });
    expect(result.stderr).toContain('FEATURE_GATED');
  });

  it('with [server] dashboard_auth = false the CSRF header is the public svc-dashboard, even with a dashboard.token left in the config dir', async () => {
    const other = await launchHost('node', { files: { 'config.toml': '[server]\ndashboard_auth = false\n', 'dashboard.token': 'left-from-before' } });
    try {
      const added = await svc(['canary', 'add', 'decoy', '--generate', '--json'], { configDir: other.configDir });
      expect([added.code, added.stderr]).toEqual([0, '']);
      expect((await svc(['canary', 'list', '--json'], { configDir: other.configDir })).code).toBe(0);
    } finally {
      await other.stop();
    }
  });

  it('a daemon serving TLS with its own self-signed certificate ([server.tls] in the config dir) is found and trusted; a clean exit removes daemon.json', async () => {
    const files: Record<string, string> = { 'config.toml': '[server.tls]\ncert = "tls/cert.pem"\nkey = "tls/key.pem"\n' };
    for (const name of ['cert.pem', 'key.pem']) files[`tls/${name}`] = await readFile(join(ROOT, 'test/fixtures/tls', name), 'utf8');
    const other = await launchHost('node', { files });
    expect(other.baseUrl).toMatch(/^https:/);
    const path = join(other.configDir, 'daemon.json');
    await stat(path);
    const status = await svc(['daemon', 'status', '--json'], { configDir: other.configDir });
    expect([status.code, status.stderr]).toEqual([0, '']);
    const tested = await svc(['proxy', 'test', '{"type":"FileRead","path":"/tmp/x"}', '--json'], { configDir: other.configDir });
    expect([tested.code, tested.stderr]).toEqual([0, '']);
    expect(await other.stop()).toBe(0);
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
