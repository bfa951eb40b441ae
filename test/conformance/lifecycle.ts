import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { ConformanceContext } from './context.ts';
import { modeOf, readToken } from './tokens.ts';
import { makeConfigDir } from '../support/host-process.ts';

async function instanceId(baseUrl: string): Promise<string> {
  const body = (await (await request(`${baseUrl}/api/health`)).body.json()) as { instance_id: string };
  return body.instance_id;
}

/** Token files, restarts and clean shutdown (contracts.md "The config dir", "Starting a host"). */
export function lifecycleSuite(ctx: ConformanceContext): void {
  describe('config dir and lifecycle', () => {
    it('token files are 0600 in the config dir', async () => {
      for (const name of ['daemon.token', 'dashboard.token'] as const) {
        expect(await modeOf(join(ctx.configDir, name)), name).toBe(0o600);
        // The token alone, no final newline: the file's bytes are the header value.
        expect(await readFile(join(ctx.configDir, name), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it('daemon.json names {url, pid, instance_id, version} with mode 0600 once the host listens', async () => {
      const path = join(ctx.configDir, 'daemon.json');
      const info = JSON.parse(await readFile(path, 'utf8')) as { url: string; pid: number; instance_id: string; version: string };
      expect(info).toEqual({ url: ctx.baseUrl, pid: expect.any(Number), instance_id: await instanceId(ctx.baseUrl), version: expect.any(String) });
      expect(() => process.kill(info.pid, 0)).not.toThrow();
      expect(await modeOf(path)).toBe(0o600);
    });

    it('a restart regenerates the daemon token, keeps the dashboard token, and gets a new instance_id; SIGTERM exits 0', async () => {
      const first = await ctx.launch();
      const before = {
        daemon: await readToken(first.configDir, 'daemon.token'),
        dashboard: await readToken(first.configDir, 'dashboard.token'),
        instance: await instanceId(first.baseUrl),
      };
      expect(await first.stop('SIGTERM')).toBe(0);
      await expect(readFile(join(first.configDir, 'daemon.json'))).rejects.toMatchObject({ code: 'ENOENT' }); // a clean exit removes it
      const second = await ctx.launch({ configDir: first.configDir });
      try {
        expect(await readToken(second.configDir, 'daemon.token')).not.toBe(before.daemon);
        expect(await readToken(second.configDir, 'dashboard.token')).toBe(before.dashboard);
        expect(await instanceId(second.baseUrl)).not.toBe(before.instance);
        expect(await modeOf(join(second.configDir, 'daemon.token'))).toBe(0o600);
      } finally {
        expect(await second.stop('SIGINT')).toBe(0);
      }
    });

    it('one daemon per config dir: a second start refuses (exit 1) and leaves the running daemon its daemon.token and daemon.json', async () => {
      const token = await readToken(ctx.configDir, 'daemon.token');
      const info = await readFile(join(ctx.configDir, 'daemon.json'), 'utf8');
      const refused = await ctx.launch({ configDir: ctx.configDir }).then(
        async (host) => {
          await host.stop();
          return null;
        },
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toMatch(/^svc: cannot start: a daemon already runs for .* at http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)/m);
      expect(await readToken(ctx.configDir, 'daemon.token')).toBe(token);
      expect(await readFile(join(ctx.configDir, 'daemon.json'), 'utf8')).toBe(info);
      const ipc = await request(`${ctx.baseUrl}/api/ipc/dashboard/pair-code`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(ipc.statusCode).toBe(200);
      await ipc.body.dump();
    });

    it('the config dir is $SVC_CONFIG_DIR without --config-dir, else ~/.config/svc (an empty SVC_CONFIG_DIR counts as unset, as for the svc command)', async () => {
      const fromEnv = await makeConfigDir();
      const home = await makeConfigDir();
      const fromHome = join(home, '.config', 'svc');
      for (const [configDir, configDirFrom] of [[fromEnv, 'env'], [fromHome, 'home']] as const) {
        const host = await ctx.launch({ configDir, configDirFrom });
        try {
          const info = JSON.parse(await readFile(join(configDir, 'daemon.json'), 'utf8')) as { url: string };
          expect([configDirFrom, info.url]).toEqual([configDirFrom, host.baseUrl]);
          expect(await readToken(configDir, 'daemon.token')).toMatch(/^[0-9a-f]{64}$/);
          expect(await modeOf(join(configDir, 'dashboard.token'))).toBe(0o600);
        } finally {
          expect(await host.stop()).toBe(0);
        }
      }
    });

    it('a daemon.json left by a daemon that is gone (no such process, or nothing answering at its address) does not stop a start', async () => {
      const dir = await makeConfigDir();
      const gone = { url: 'http://127.0.0.1:9', pid: 2 ** 22 + 1, instance_id: 'gone', version: '0.0.0' };
      for (const stale of [gone, { ...gone, pid: process.pid }]) {
        await writeFile(join(dir, 'daemon.json'), JSON.stringify(stale));
        const host = await ctx.launch({ configDir: dir });
        try {
          const info = JSON.parse(await readFile(join(dir, 'daemon.json'), 'utf8')) as { url: string };
          expect(info.url).toBe(host.baseUrl);
        } finally {
          expect(await host.stop()).toBe(0);
        }
      }
    });
  });
}
