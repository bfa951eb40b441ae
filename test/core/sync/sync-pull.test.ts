import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullTeamBundle } from '../../../core/sync/pull-bundle.ts';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const KNOWN = new Set(['dlp', 'secret-scan']);
let server: Server;
let base = '';
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) handler(req, res);
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function serve(path: string, body: unknown, status = 200) {
  routes.set(path, (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  return `${base}${path}`;
}

const bundle = {
  configs: { base: { proxy: { auto_allow_threshold: 2.5 } }, strict: { filters: { dlp: { enabled: true } } } },
  policies: { 'team-default': { description: 'team', rules: { proxy: { auto_allow_threshold: 1, auto_deny_threshold: 6 }, filters: { dlp: true } } } },
};

async function pull(url: string, initial: Record<string, string> = {}, now = Date.parse('2026-03-01T10:00:00Z')) {
  const files = createMemoryFileStore(initial);
  const run = pullTeamBundle({
    url,
    fetch: undiciFetch as unknown as typeof fetch,
    files: files.store,
    clock: { now: () => now, monotonic: () => 0 },
    knownFilters: KNOWN,
  });
  return { files, run };
}

describe('svc sync pull (core operation over undici and a loopback server)', () => {
  it('writes every config to sync/<name>.json, each policy to policies/, and records last_synced', async () => {
    const { files, run } = await pull(serve('/bundle', bundle));
    const result = await run;
    expect(result.last_synced).toBe('2026-03-01T10:00:00.000Z');
    expect(JSON.parse(files.text('sync/base.json')!)).toEqual(bundle.configs.base);
    expect(JSON.parse(files.text('sync/strict.json')!)).toEqual(bundle.configs.strict);
    expect(JSON.parse(files.text('policies/team-default.json')!)).toMatchObject({ name: 'team-default', version: 1, description: 'team' });
    expect(JSON.parse(files.text('sync-state.json')!)).toEqual({ last_synced: '2026-03-01T10:00:00.000Z', source: `${base}/bundle` });
  });

  it('a pulled policy that exists locally gets version + 1 and keeps created_at', async () => {
    const local = { name: 'team-default', description: 'old', version: 4, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-02T00:00:00.000Z', rules: { proxy: { auto_allow_threshold: 3, auto_deny_threshold: 8 }, filters: {}, allowlists: { paths: [], commands: [], domains: [] } } };
    const { files, run } = await pull(serve('/bundle2', bundle), { 'policies/team-default.json': JSON.stringify(local) });
    await run;
    expect(JSON.parse(files.text('policies/team-default.json')!)).toMatchObject({ version: 5, created_at: local.created_at, description: 'team' });
  });

  it('synced configs the bundle no longer has are removed', async () => {
    const { files, run } = await pull(serve('/bundle3', bundle), { 'sync/old.json': '{}', 'sync/readme.txt': 'keep' });
    expect((await run).configs_removed).toEqual(['old.json']);
    expect(files.text('sync/old.json')).toBeNull();
    expect(files.text('sync/readme.txt')).toBe('keep');
  });

  const bad: Array<[string, unknown]> = [
    ['a config name with a path separator', { configs: { '../evil': {} } }],
    ['a config name that is a device name', { configs: { aux: {} } }],
    ['a config that is not an object', { configs: { a: [1] } }],
    ['a config holding null', { configs: { a: { proxy: null } } }],
    ['a policy with allow above deny', { policies: { p: { rules: { proxy: { auto_allow_threshold: 9, auto_deny_threshold: 2 } } } } }],
    ['a policy naming an unknown filter', { policies: { p: { rules: { filters: { ghost: true } } } } }],
    ['a policy whose name field disagrees', { policies: { p: { name: 'q' } } }],
    ['a policy name with a dot', { policies: { 'a.b': {} } }],
    ['configs that is not a map', { configs: [] }],
    ['a bundle that is not an object', [1]],
    ['a bundle that is not JSON', '{nope'],
  ];
  bad.forEach(([rule, body], i) => {
    it(`refuses ${rule} and writes nothing`, async () => {
      const served = typeof body === 'string' || Array.isArray(body) ? body : { ...bundle, ...(body as object) };
      const { files, run } = await pull(serve(`/bad${i}`, served));
      await expect(run).rejects.toThrow(/invalid/);
      expect(await files.store.list('')).toEqual([]);
    });
  });

  it('a non-200 answer fails without writing', async () => {
    const { files, run } = await pull(serve('/gone', { error: 'x' }, 503));
    await expect(run).rejects.toThrow(/503/);
    expect(await files.store.list('')).toEqual([]);
  });

  it('refuses a non-http URL', async () => {
    const { run } = await pull('file:///etc/passwd');
    await expect(run).rejects.toThrow(/http/);
  });

  it('URL credentials go out as Basic auth; the recorded source drops them and the query', async () => {
    let auth = '';
    routes.set('/secret', (req, res) => {
      auth = req.headers.authorization ?? '';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bundle));
    });
    const url = new URL(`${base}/secret?token=abc`);
    url.username = 'user';
    url.password = 'pw';
    const { files, run } = await pull(url.toString());
    await run;
    expect(files.text('sync-state.json')).not.toMatch(/abc|pw|user/);
    expect(auth).toBe(`Basic ${Buffer.from('user:pw').toString('base64')}`);
  });
});

describe('svc sync pull (the command line, end to end)', () => {
  function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((done) => {
      execFile(process.execPath, ['bin/svc.mjs', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  it('pulls a bundle into --config-dir on the real disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-sync-'));
    const url = serve('/cli-bundle', bundle);
    const { code, stdout, stderr } = await cli(['sync', 'pull', '--from', url, '--config-dir', dir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('2 config(s)');
    expect((await readdir(join(dir, 'sync'))).sort()).toEqual(['base.json', 'strict.json']);
    expect(JSON.parse(await readFile(join(dir, 'policies', 'team-default.json'), 'utf8')).version).toBe(1);
    expect(JSON.parse(await readFile(join(dir, 'sync-state.json'), 'utf8')).last_synced).toEqual(expect.any(String));
  }, 60_000);

  it('exits 1 naming every problem and leaves the config dir untouched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-sync-'));
    await mkdir(join(dir, 'sync'));
    await writeFile(join(dir, 'sync', 'keep.json'), '{}');
    const url = serve('/cli-bad', { configs: { 'a/b': {} }, policies: { p: { rules: { filters: { ghost: true } } } } });
    const { code, stderr } = await cli(['sync', 'pull', '--from', url, '--config-dir', dir]);
    expect(code).toBe(1);
    expect(stderr).toContain('configs.a/b');
    expect(stderr).toContain('policies.p');
    expect(await readdir(dir)).toEqual(['sync']);
    expect(await readdir(join(dir, 'sync'))).toEqual(['keep.json']);
  }, 60_000);

  it('without --from is a usage error (exit 64)', async () => {
    const { code, stderr } = await cli(['sync', 'pull']);
    expect(code).toBe(64);
    expect(stderr).toContain('--from');
  }, 60_000);
});
