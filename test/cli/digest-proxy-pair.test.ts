/**
 * `svc proxy test`, `svc digest` (list, review actions, the interactive
 * review in a pseudo terminal) and `svc pair`, run as the real binary against
 * a real Node daemon on a fresh config dir.
 */
import { mkdtemp, readFile, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn as spawnPty } from '@lydell/node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHost, type RunningHost } from '../support/host-process.ts';
import { ROOT, SVC, json, svc } from './run-svc.ts';

let host: RunningHost;
let daemonToken = '';

/** Files a queued digest item through the daemon route an agent hook uses. */
async function queueOne(extra = ''): Promise<void> {
  const response = await fetch(`${host.baseUrl}/api/proxy/evaluate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${daemonToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tool_call: { type: 'ShellExec', command: 'sh', args: ['-c', `cat ~/.ssh/id_rsa${extra}`] } }),
  });
  const body = (await response.json()) as { action: string; digest_id?: string };
  expect(body.action).toMatch(/^queue/);
}

async function itemStatus(id: string): Promise<string> {
  const response = await fetch(`${host.baseUrl}/api/ipc/digest/items/${id}`, { headers: { authorization: `Bearer ${daemonToken}` } });
  return ((await response.json()) as { status: string }).status;
}

beforeAll(async () => {
  host = await launchHost('node');
  daemonToken = (await readFile(join(host.configDir, 'daemon.token'), 'utf8')).trim();
});
afterAll(async () => {
  await host?.stop();
});

describe('svc proxy test', () => {
  const ALLOW = '{"type":"FileRead","path":"README.md"}';
  const QUEUE = '{"type":"ShellExec","command":"sh","args":["-c","cat ~/.ssh/id_rsa"]}';
  const DENY = '{"type":"ShellExec","command":"sh","args":["-c","rm -rf /"]}';

  it('exits 0 on allow, 1 on queue, 2 on deny', async () => {
    expect((await svc(['proxy', 'test', ALLOW], { configDir: host.configDir })).code).toBe(0);
    expect((await svc(['proxy', 'test', QUEUE], { configDir: host.configDir })).code).toBe(1);
    expect((await svc(['proxy', 'test', DENY], { configDir: host.configDir })).code).toBe(2);
  });

  it('--json prints the proxy test result', async () => {
    const result = await svc(['proxy', 'test', DENY, '--json'], { configDir: host.configDir });
    const body = json(result);
    expect(Object.keys(body).sort()).toEqual(['action', 'composite_score', 'decision_reason', 'evaluation_time_ms', 'filter_results', 'filters_evaluated']);
    expect(body.action).toMatch(/^deny\(/);
  });

  it('prints the filter breakdown as a table, matched filters first', async () => {
    const result = await svc(['proxy', 'test', DENY], { configDir: host.configDir });
    const lines = result.stdout.split('\n');
    const header = lines.findIndex((line) => /^FILTER\s+MATCH\s+SCORE\s+SEVERITY\s+MESSAGE$/.test(line));
    expect(header).toBeGreaterThan(0);
    expect(lines[header + 1]).toMatch(/\byes\b/);
  });

  it('heads the answer with the verdict alone and the reason on the next line', async () => {
    const deny = (await svc(['proxy', 'test', DENY], { configDir: host.configDir })).stdout.split('\n');
    expect(deny[0]).toMatch(/^deny  score 10\.00  \(\d+ filters, /);
    expect(deny[1]).toMatch(/\[[a-z0-9-]+\]/);
    const queued = (await svc(['proxy', 'test', QUEUE], { configDir: host.configDir })).stdout.split('\n');
    expect(queued[0]).toMatch(/^queue \((Low|Medium|High|Critical) priority\)  score /);
  });

  it('--file reads the call from a file', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'svc-cli-')), 'call.json');
    await writeFile(file, DENY);
    expect((await svc(['proxy', 'test', '--file', file], { configDir: host.configDir })).code).toBe(2);
  });

  it('scores nothing into the audit log or the digest', async () => {
    const before = await fetch(`${host.baseUrl}/api/proxy/status`).then((r) => r.json() as Promise<{ total_evaluations: number }>);
    await svc(['proxy', 'test', QUEUE], { configDir: host.configDir });
    const after = await fetch(`${host.baseUrl}/api/proxy/status`).then((r) => r.json() as Promise<{ total_evaluations: number }>);
    expect(after.total_evaluations).toBe(before.total_evaluations);
  });

  it('without a daemon exits 3 (daemon not running) with one line; --offline scores in-process with the same exit codes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    const down = await svc(['proxy', 'test', ALLOW, '--json'], { configDir: dir });
    expect(down.code).toBe(3);
    expect(down.stdout).toBe('');
    expect(down.stderr).toMatch(/^svc: daemon not running .*--offline\)\n$/);
    const deny = await svc(['proxy', 'test', DENY, '--json', '--offline'], { configDir: dir });
    expect(deny.code).toBe(2);
    expect(json(deny).action).toMatch(/^deny\(/);
    expect(deny.stderr).toBe('');
    expect((await svc(['proxy', 'test', ALLOW, '--offline'], { configDir: dir })).code).toBe(0);
  });

  it('bad JSON, a call that is not one, or no call at all are usage errors (64)', async () => {
    for (const args of [['{nope'], ['{"type":"Teleport"}'], []]) {
      const result = await svc(['proxy', 'test', ...args], { configDir: host.configDir });
      expect(result.code).toBe(64);
      expect(result.stderr).toMatch(/^svc: .+\n$/);
    }
  });
});

describe('svc digest', () => {
  it('lists open items as a table and as JSON', async () => {
    await queueOne();
    const table = await svc(['digest'], { configDir: host.configDir });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^SCORE\s+PRIORITY\s+TYPE\s+CALL\s+AGE\s+ID/);
    expect(table.stdout).toContain('ShellExec');
    expect(table.stdout).toContain("sh -c 'cat ~/.ssh/id_rsa'"); // the call's command line, not its JSON
    const listed = json<{ items: Array<{ id: string; priority: string | null }>; total: number; pending_count: number }>(
      await svc(['digest', '--json'], { configDir: host.configDir }),
    );
    expect(listed.total).toBeGreaterThanOrEqual(1);
    expect(listed.items[0]).toMatchObject({ id: expect.any(String), priority: expect.any(String) });
  });

  it('table rows fit the terminal width: the summary column gives way', async () => {
    await queueOne(` /tmp/${'x'.repeat(200)}`);
    const narrow = await svc(['digest'], { configDir: host.configDir, env: { COLUMNS: '90' } });
    const rows = narrow.stdout.trimEnd().split('\n').slice(0, -1); // the last line is the count note
    for (const line of rows) expect([...line].length).toBeLessThanOrEqual(90);
    expect(narrow.stdout).toContain('…');
    const wide = await svc(['digest'], { configDir: host.configDir, env: { COLUMNS: '200' } });
    expect(Math.max(...wide.stdout.split('\n').map((l) => l.length))).toBeGreaterThan(90);
  });

  it('approve|deny|escalate ID act on one item; a second approve is refused with exit 1', async () => {
    await queueOne();
    const { items } = json<{ items: Array<{ id: string }> }>(await svc(['digest', '--json'], { configDir: host.configDir }));
    const id = items[0]!.id;
    const approved = await svc(['digest', 'approve', id, '--notes', 'fine', '--json'], { configDir: host.configDir });
    expect(approved.code).toBe(0);
    expect(json(approved)).toEqual({ status: 'approved', id });
    expect(await itemStatus(id)).toBe('approved');
    const again = await svc(['digest', 'escalate', id], { configDir: host.configDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^svc: .+\n$/);
    const unknown = await svc(['digest', 'deny', 'no-such-item'], { configDir: host.configDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('NOT_FOUND');
  });

  it('review walks the items in a terminal: a approves, d denies, q quits', async () => {
    for (let i = 0; i < 3; i++) await queueOne();
    const before = json<{ items: Array<{ id: string }> }>(await svc(['digest', '--json'], { configDir: host.configDir })).items.map((i) => i.id);
    const pty = spawnPty(process.execPath, [SVC, '--config-dir', host.configDir, 'digest', 'review', '--notes', 'from the pty'], {
      cols: 120,
      rows: 50,
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
    });
    let screen = '';
    const exited = new Promise<number>((done) => pty.onExit(({ exitCode }) => done(exitCode)));
    const prompts = (count: number) =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no prompt ${count}:\n${screen}`)), 30_000);
        const check = () => {
          if ((screen.match(/◆ {2}Your decision/g) ?? []).length >= count) {
            clearTimeout(timer);
            done();
            return true;
          }
          return false;
        };
        if (!check()) pty.onData(() => void check());
      });
    pty.onData((data) => (screen += data));
    await prompts(1);
    pty.write('a');
    await prompts(2);
    pty.write('d');
    await prompts(3);
    pty.write('q');
    expect(await exited).toBe(0);
    const shown = before.filter((id) => screen.includes(id));
    const order = [...shown].sort((a, b) => screen.indexOf(a) - screen.indexOf(b));
    expect(order.length).toBeGreaterThanOrEqual(3);
    expect(await itemStatus(order[0]!)).toBe('approved');
    expect(await itemStatus(order[1]!)).toBe('denied');
    expect(await itemStatus(order[2]!)).toBe('pending');
    expect(screen).toContain('Reviewed: 1 approve, 1 deny.');
    expect(screen).not.toMatch(/\x1b\[[0-9;]*m/); // NO_COLOR: no colour sequences on the terminal
  });

  it('review without a terminal is a usage error (64)', async () => {
    const result = await svc(['digest', 'review'], { configDir: host.configDir });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('terminal');
  });
});

describe('colour', () => {
  async function inTerminal(env: Record<string, string>): Promise<string> {
    const pty = spawnPty(process.execPath, [SVC, '--config-dir', host.configDir, 'proxy', 'test', '{"type":"ShellExec","command":"sh","args":["-c","rm -rf /"]}'], {
      cols: 120,
      rows: 40,
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env } as Record<string, string>,
    });
    let screen = '';
    pty.onData((data) => (screen += data));
    await new Promise<void>((done) => pty.onExit(() => done()));
    return screen;
  }
  const SGR = /\x1b\[[0-9;]*m/;

  it('is used on a terminal, never with NO_COLOR, and never when piped', async () => {
    expect(await inTerminal({})).toMatch(SGR);
    expect(await inTerminal({ NO_COLOR: '1' })).not.toMatch(SGR);
    const piped = await svc(['proxy', 'test', '{"type":"ShellExec","command":"sh","args":["-c","rm -rf /"]}'], { configDir: host.configDir });
    expect(piped.stdout).toContain('deny');
    expect(piped.stdout).not.toMatch(SGR);
  });
});

describe('svc pair', () => {
  it('--print mints a code and prints {base_url}/#pair=<code> that pairs once', async () => {
    const result = await svc(['pair', '--print', '--json'], { configDir: host.configDir });
    expect(result.code).toBe(0);
    const body = json<{ url: string; code: string; opened: boolean }>(result);
    expect(body.url).toBe(`${host.baseUrl}/#pair=${body.code}`);
    expect(body.code).toMatch(/^[0-9a-f]{32}$/);
    expect(body.opened).toBe(false);
    const pair = (code: string) =>
      fetch(`${host.baseUrl}/api/dashboard/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    expect((await pair(body.code)).status).toBe(200);
    expect((await pair(body.code)).status).toBe(401);
  });

  it('prints the address when no browser can be opened (no display)', async () => {
    const result = await svc(['dashboard'], { configDir: host.configDir, env: { DISPLAY: '', WAYLAND_DISPLAY: '' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/#pair=[0-9a-f]{32}/);
  });

  it('opens the address in the browser when there is one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-browser-'));
    const browser = join(dir, 'browser.sh');
    const seen = join(dir, 'seen');
    await writeFile(browser, `#!/bin/sh\necho "$1" > ${seen}\n`);
    await chmod(browser, 0o755);
    const result = await svc(['pair'], { configDir: host.configDir, env: { DISPLAY: ':99', BROWSER: browser, XDG_CURRENT_DESKTOP: '' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Opened the dashboard');
    let opened = '';
    for (let i = 0; i < 50 && !opened; i++) {
      opened = await readFile(seen, 'utf8').catch(() => '');
      if (!opened) await new Promise((done) => setTimeout(done, 100));
    }
    expect(opened.trim()).toMatch(new RegExp(`^${host.baseUrl.replace(/[.]/g, '\\.')}/#pair=[0-9a-f]{32}$`));
  });
});
