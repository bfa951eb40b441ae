import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayOpenBrowser } from '../../adapters/node/open-dashboard.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Starts the Node host like `npm start`, with `env`; resolves with its first two stdout lines, then stops it. */
async function startAndRead(configToml: string, env: NodeJS.ProcessEnv): Promise<{ lines: string[]; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-open-'));
  await writeFile(join(dir, 'config.toml'), configToml);
  const child = spawn(process.execPath, ['bin/svc-host.mjs', '--port', '0', '--config-dir', dir], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const lines = await new Promise<string[]>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no dashboard line: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const all = out.split('\n');
      if (all.length > 2) {
        clearTimeout(timer);
        done(all.slice(0, 2));
      }
    });
  });
  // Give a detached opener a moment to write, then stop the daemon.
  await new Promise((r) => setTimeout(r, 1500));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { lines, dir };
}

async function fakeBrowser(dir: string): Promise<{ path: string; output: string }> {
  const output = join(dir, 'opened.txt');
  const path = join(dir, 'fake-browser.sh');
  await writeFile(path, `#!/bin/sh\nprintf '%s' "$1" > '${output}'\n`);
  await chmod(path, 0o755);
  return { path, output };
}

function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CI;
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  delete env.BROWSER;
  return env;
}

describe('npm start and the dashboard', () => {
  it('prints the dashboard address right after the ready line and, with auto_open_dashboard and a browser, opens a freshly paired link', async () => {
    const browserDir = await mkdtemp(join(tmpdir(), 'svc-browser-'));
    const browser = await fakeBrowser(browserDir);
    const { lines } = await startAndRead('[server]\nauto_open_dashboard = true\n', { ...baseEnv(), BROWSER: browser.path });
    const base = /^svc listening on (http:\/\/\S+)$/.exec(lines[0]!)?.[1];
    expect(base).toBeDefined();
    expect(lines[1]).toBe(`svc dashboard: ${base}/ (run \`svc pair\` for a pairing link)`);
    expect(await readFile(browser.output, 'utf8')).toMatch(new RegExp(`^${base!.replace(/\./g, '\\.')}/#pair=[0-9a-f]{32}$`));
  }, 90_000);

  it('does not open a browser when auto_open_dashboard is false', async () => {
    const browserDir = await mkdtemp(join(tmpdir(), 'svc-browser-'));
    const browser = await fakeBrowser(browserDir);
    const { lines } = await startAndRead('[server]\nauto_open_dashboard = false\n', { ...baseEnv(), BROWSER: browser.path });
    expect(lines[1]).toMatch(/^svc dashboard: http:\/\/127\.0\.0\.1:\d+\/ /);
    await expect(readFile(browser.output, 'utf8')).rejects.toThrow();
  }, 90_000);

  it('opens only with a display, never under CI', () => {
    expect(mayOpenBrowser(true, {}, 'linux')).toBe(false);
    expect(mayOpenBrowser(true, { DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(mayOpenBrowser(true, { WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(mayOpenBrowser(true, {}, 'darwin')).toBe(true);
    expect(mayOpenBrowser(true, { DISPLAY: ':0', CI: 'true' }, 'linux')).toBe(false);
    expect(mayOpenBrowser(false, { DISPLAY: ':0' }, 'linux')).toBe(false);
  });
});
