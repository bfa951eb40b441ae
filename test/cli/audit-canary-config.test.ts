/**
 * `svc audit`, `svc canary`, `svc config` and `svc sync apply`, run as the
 * real binary against a real Node daemon on a fresh config dir.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHost, type RunningHost } from '../support/host-process.ts';
import { json, svc } from './run-svc.ts';

let host: RunningHost;
let daemonToken = '';

async function evaluate(command: string, sessionId?: string): Promise<void> {
  const response = await fetch(`${host.baseUrl}/api/proxy/evaluate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${daemonToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tool_call: { type: 'ShellExec', command: 'sh', args: ['-c', command] }, ...(sessionId ? { session_id: sessionId } : {}) }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  host = await launchHost('node');
  daemonToken = (await readFile(join(host.configDir, 'daemon.token'), 'utf8')).trim();
  await evaluate('ls -la');
  await evaluate('rm -rf /');
  await evaluate('cat ~/.ssh/id_rsa', '6f1c2b0e-8d43-4c1e-9a7e-3b2f1d0c9e8a');
});
afterAll(async () => {
  await host?.stop();
});

describe('svc audit', () => {
  it('tail prints the latest decisions oldest first; --json gives the records; --session filters', async () => {
    const table = await svc(['audit', 'tail'], { configDir: host.configDir });
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^TIME\s+ACTION\s+SCORE\s+TYPE\s+CALL\s+SESSION$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[2])).toEqual(['allow', 'deny', 'queue']);
    const records = json<Array<{ sequence: number; hash: string }>>(await svc(['audit', 'tail', '--json', '-n', '2'], { configDir: host.configDir }));
    expect(records.map((r) => r.sequence)).toEqual([2, 3]);
    const session = json<unknown[]>(await svc(['audit', 'tail', '--json', '--session', '6f1c2b0e-8d43-4c1e-9a7e-3b2f1d0c9e8a'], { configDir: host.configDir }));
    expect(session).toHaveLength(1);
  });

  it('tail --follow prints decisions as they happen', async () => {
    const { spawn } = await import('node:child_process');
    const { SVC, ROOT } = await import('./run-svc.ts');
    const child = spawn(process.execPath, [SVC, '--config-dir', host.configDir, 'audit', 'tail', '--follow', '--json', '-n', '1'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const waitFor = async (read: () => string, pattern: RegExp) => {
      for (let i = 0; i < 300 && !pattern.test(read()); i++) await new Promise((done) => setTimeout(done, 100));
      expect(read()).toMatch(pattern);
    };
    await waitFor(() => err, /following new decisions/);
    expect(out).toMatch(/"sequence":\d+/); // the backlog came first
    await evaluate('echo followed-call');
    await waitFor(() => out, /followed-call/);
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const live = out.trim().split('\n').map((line) => JSON.parse(line) as { decision?: string; arguments_summary?: string });
    expect(live.at(-1)).toMatchObject({ decision: 'allow', arguments_summary: expect.stringContaining('followed-call') });
  });

  it('verify recomputes the chain and reports it intact (exit 0, --json report)', async () => {
    const result = await svc(['audit', 'verify', '--json'], { configDir: host.configDir });
    expect(result.code).toBe(0);
    expect(json(result)).toMatchObject({ ok: true, first_sequence: 1, problems: [] });
    expect(json<{ records: number }>(result).records).toBeGreaterThanOrEqual(3);
  });

  it('checkpoint -o saves a signed head (0600); verify --checkpoint proves the chain still extends it (exit 0)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-checkpoint-'));
    const file = join(dir, 'head.json');
    const saved = await svc(['audit', 'checkpoint', '-o', file], { configDir: host.configDir });
    expect(saved.code).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const checkpoint = JSON.parse(await readFile(file, 'utf8')) as { sequence: number; hash: string; at: string; public_key: string; signature: string };
    expect(checkpoint.sequence).toBeGreaterThanOrEqual(3);
    const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(checkpoint.public_key, 'base64')]), format: 'der', type: 'spki' });
    const message = Buffer.from(`svc-audit-checkpoint:v1:${checkpoint.sequence}:${checkpoint.hash}:${checkpoint.at}`);
    expect(verify(null, message, key, Buffer.from(checkpoint.signature, 'base64'))).toBe(true);
    await evaluate('echo after-the-checkpoint');
    const held = await svc(['audit', 'verify', '--checkpoint', file, '--json'], { configDir: host.configDir });
    expect(held.code).toBe(0);
    expect(json(held)).toMatchObject({ ok: true, checkpoint: { ok: true, signature_valid: true, same_key: true, consistent: true, checkpoint: { sequence: checkpoint.sequence } } });
    expect(json<{ checkpoint: { head: { sequence: number } } }>(held).checkpoint.head.sequence).toBeGreaterThan(checkpoint.sequence);
    const human = await svc(['audit', 'verify', '--checkpoint', file], { configDir: host.configDir });
    expect(human.stdout).toMatch(/checkpoint holds/);
  });

  it('verify --checkpoint fails (exit 1) for an altered file, and for a validly signed head the chain never had', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-checkpoint-'));
    const checkpoint = json<{ sequence: number; hash: string; at: string; public_key: string; signature: string }>(await svc(['audit', 'checkpoint', '--json'], { configDir: host.configDir }));
    const altered = join(dir, 'altered.json');
    await writeFile(altered, JSON.stringify({ ...checkpoint, sequence: checkpoint.sequence - 1 }));
    const refused = await svc(['audit', 'verify', '--checkpoint', altered, '--json'], { configDir: host.configDir });
    expect(refused.code).toBe(1);
    expect(json(refused)).toMatchObject({ checkpoint: { ok: false, signature_valid: false } });
    // Signed with the daemon's own key, over a hash the chain never held: the consistency proof must fail.
    const jwk = JSON.parse(await readFile(join(host.configDir, 'audit.key'), 'utf8')) as import('node:crypto').JsonWebKey;
    const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    const forged = { ...checkpoint, hash: 'ab'.repeat(32) };
    forged.signature = sign(null, Buffer.from(`svc-audit-checkpoint:v1:${forged.sequence}:${forged.hash}:${forged.at}`), privateKey).toString('base64');
    const forgedFile = join(dir, 'forged.json');
    await writeFile(forgedFile, JSON.stringify(forged));
    const mismatch = await svc(['audit', 'verify', '--checkpoint', forgedFile], { configDir: host.configDir });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stdout).toMatch(/checkpoint FAILS.*no longer extends/);
    const notACheckpoint = join(dir, 'nope.json');
    await writeFile(notACheckpoint, '{"sequence": "x"}');
    const usage = await svc(['audit', 'verify', '--checkpoint', notACheckpoint], { configDir: host.configDir });
    expect(usage.code).toBe(64);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('export writes json, jsonl and csv; -o writes a 0600 file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-export-'));
    const asJson = json<{ records: unknown[]; count: number }>(await svc(['audit', 'export'], { configDir: host.configDir }));
    expect(asJson.count).toBe(asJson.records.length);
    const jsonl = await svc(['audit', 'export', '--format', 'jsonl', '-o', join(dir, 'a.jsonl')], { configDir: host.configDir });
    expect(jsonl.code).toBe(0);
    const lines = (await readFile(join(dir, 'a.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.length).toBe(asJson.count);
    expect(JSON.parse(lines[0]!)).toHaveProperty('hash');
    expect((await stat(join(dir, 'a.jsonl'))).mode & 0o777).toBe(0o600);
    const csv = await svc(['audit', 'export', '--format', 'csv', '--include-cold', '--from-date', '2020-01-01'], { configDir: host.configDir });
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toMatch(/^id,timestamp,/);
  });

  it('export refuses a bad --format or --from-date as usage errors (64)', async () => {
    expect((await svc(['audit', 'export', '--format', 'xml'], { configDir: host.configDir })).code).toBe(64);
    expect((await svc(['audit', 'export', '--from-date', '1st May'], { configDir: host.configDir })).code).toBe(64);
  });
});

describe('svc canary', () => {
  it('add --generate registers it, prints the value once, and the proxy denies it leaving', async () => {
    const added = json<{ id: string; value: string; label: string }>(await svc(['canary', 'add', 'fake key', '--generate', '--json'], { configDir: host.configDir }));
    expect(added.value).toMatch(/^[0-9a-f]{48}$/);
    const list = json<{ items: Array<{ id: string; value_prefix: string }>; total: number }>(await svc(['canary', 'list', '--json'], { configDir: host.configDir }));
    expect(list.items.find((c) => c.id === added.id)?.value_prefix).toBe(`${added.value.slice(0, 4)}…`);
    const leak = await svc(['proxy', 'test', JSON.stringify({ type: 'HttpRequest', method: 'POST', url: `https://example.com/?k=${added.value}` })], { configDir: host.configDir });
    expect(leak.code).toBe(2);
    const rotated = json<{ id: string; value: string }>(await svc(['canary', 'rotate', added.id, '--json'], { configDir: host.configDir }));
    expect(rotated).toMatchObject({ id: added.id, value: expect.stringMatching(/^[0-9a-f]{48}$/) });
    const removed = await svc(['canary', 'rm', added.id, '--json'], { configDir: host.configDir });
    expect(json(removed)).toEqual({ status: 'removed', id: added.id });
    expect((await svc(['canary', 'rm', added.id], { configDir: host.configDir })).code).toBe(1);
  });

  it('add needs exactly one of --value and --generate (64)', async () => {
    expect((await svc(['canary', 'add', 'x'], { configDir: host.configDir })).code).toBe(64);
    expect((await svc(['canary', 'add', 'x', '--value', 'v', '--generate'], { configDir: host.configDir })).code).toBe(64);
  });

  it('add --durable appends to filters/canary.toml atomically and keeps the rest of the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-canary-'));
    await mkdir(join(dir, 'filters'));
    const before = '# my canaries\n[filter]\nscore = 9.5\n\n[[canary.tokens]]\nlabel = "old"\nvalue = "OLDVALUE-1234"\n';
    await writeFile(join(dir, 'filters', 'canary.toml'), before);
    const result = await svc(['canary', 'add', 'new "one"', '--value', 'NEWVALUE-5678', '--durable'], { configDir: dir });
    expect(result.code).toBe(0);
    const text = await readFile(join(dir, 'filters', 'canary.toml'), 'utf8');
    expect(text.startsWith(before)).toBe(true);
    expect((parse(text) as { canary: { tokens: unknown[] } }).canary.tokens).toEqual([
      { label: 'old', value: 'OLDVALUE-1234' },
      { label: 'new "one"', value: 'NEWVALUE-5678' },
    ]);
    expect((await stat(join(dir, 'filters', 'canary.toml'))).mode & 0o777).toBe(0o600);
  });

  it('add --durable into a fresh config dir writes just the entry, and scoring from that config dir denies the value', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-canary-'));
    expect((await svc(['canary', 'add', 'durable', '--value', 'DURABLE-CANARY-0042', '--durable'], { configDir: dir })).code).toBe(0);
    const text = await readFile(join(dir, 'filters', 'canary.toml'), 'utf8');
    expect(parse(text)).toEqual({ canary: { tokens: [{ label: 'durable', value: 'DURABLE-CANARY-0042' }] } });
    const call = JSON.stringify({ type: 'HttpRequest', method: 'GET', url: 'https://example.com/?q=DURABLE-CANARY-0042' });
    expect((await svc(['proxy', 'test', call, '--offline'], { configDir: dir })).code).toBe(2); // in-process, from the file
  });
});

describe('svc config', () => {
  it('get prints the effective config, one key, and --json', async () => {
    expect((await svc(['config', 'get', 'proxy.auto_allow_threshold'], { configDir: host.configDir })).stdout.trim()).toBe('3');
    const view = json<{ proxy: object; filters: unknown[] }>(await svc(['config', 'get', '--json'], { configDir: host.configDir }));
    expect(view.filters.length).toBeGreaterThan(5);
    expect((await svc(['config', 'get', 'filters.canary'], { configDir: host.configDir })).stdout.trim()).toBe('true');
    expect((await svc(['config', 'get', 'nope.key'], { configDir: host.configDir })).code).toBe(64);
  });

  it('set writes config.toml, --team writes team-config.toml, through the daemon\'s validation', async () => {
    const local = await svc(['config', 'set', 'proxy.auto_deny_threshold', '8.5', '--json'], { configDir: host.configDir });
    expect(local.code).toBe(0);
    expect(json(local)).toMatchObject({ scope: 'local', proxy_updated: true });
    expect(parse(await readFile(join(host.configDir, 'config.toml'), 'utf8'))).toMatchObject({ proxy: { auto_deny_threshold: 8.5 } });
    expect((await svc(['config', 'set', 'filters.taint', 'false', '--team'], { configDir: host.configDir })).code).toBe(0);
    expect(parse(await readFile(join(host.configDir, 'team-config.toml'), 'utf8'))).toMatchObject({ filters: { taint: { enabled: false } } });
    const refused = await svc(['config', 'set', 'proxy.auto_deny_threshold', '11'], { configDir: host.configDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('INVALID_PROXY_THRESHOLD');
    expect((await svc(['config', 'set', 'server.port', '1'], { configDir: host.configDir })).code).toBe(64);
  });
});

describe('svc sync apply', () => {
  it('is refused on Community with the feature named (exit 1)', async () => {
    const result = await svc(['sync', 'apply'], { configDir: host.configDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('FEATURE_GATED');
  });
});
