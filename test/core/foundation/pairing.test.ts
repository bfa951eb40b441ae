import { describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { createTestApp, type TestAppOptions } from '../../support/test-app.ts';
import { body } from './helpers.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function mint(t: TestApp): Promise<Response> {
  return t.request('/api/ipc/dashboard/pair-code', { method: 'POST', headers: { authorization: `Bearer ${t.daemonToken}` } });
}

async function mintCode(t: TestApp): Promise<string> {
  return (await body(await mint(t))).code as string;
}

function pair(t: TestApp, code: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return t.request('/api/dashboard/pair', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ code }),
  });
}

async function app(options: TestAppOptions = {}) {
  return createTestApp(options);
}

describe('pairing: POST /api/ipc/dashboard/pair-code', () => {
  it('needs the daemon bearer token (401 IPC_AUTH_REQUIRED without it)', async () => {
    const t = await app();
    const response = await t.request('/api/ipc/dashboard/pair-code', { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await body(response)).code).toBe('IPC_AUTH_REQUIRED');
  });

  it('refuses the dashboard token as a bearer', async () => {
    const t = await app();
    const response = await t.request('/api/ipc/dashboard/pair-code', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.dashboardToken}` },
    });
    expect(response.status).toBe(401);
  });

  it('answers {code} of 32 lower-case hex characters', async () => {
    const t = await app();
    const response = await mint(t);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ code: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('needs no CSRF header (the bearer token is the proof)', async () => {
    const t = await app();
    expect((await mint(t)).status).toBe(200);
  });
});

describe('pairing: POST /api/dashboard/pair', () => {
  it('a fresh code yields {token} equal to the dashboard token', async () => {
    const t = await app();
    const response = await pair(t, await mintCode(t));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ token: t.dashboardToken });
  });

  it('the token it returns opens the sensitive reads', async () => {
    const t = await app();
    const { token } = (await body(await pair(t, await mintCode(t)))) as { token: string };
    expect((await t.request('/api/config', { headers: { 'x-svc-csrf': token } })).status).toBe(200);
  });

  it('needs no x-svc-csrf (the code is the proof)', async () => {
    const t = await app();
    expect((await pair(t, await mintCode(t))).status).toBe(200);
  });

  it('a code works once: the second use answers 401 PAIR_CODE_INVALID', async () => {
    const t = await app();
    const code = await mintCode(t);
    expect((await pair(t, code)).status).toBe(200);
    const again = await pair(t, code);
    expect(again.status).toBe(401);
    expect(await body(again)).toMatchObject({ code: 'PAIR_CODE_INVALID', error: expect.any(String) });
    expect(JSON.stringify(await body(await pair(t, code)))).not.toContain(t.dashboardToken!);
  });

  it('minting a new code replaces the outstanding one', async () => {
    const t = await app();
    const first = await mintCode(t);
    const second = await mintCode(t);
    expect(second).not.toBe(first);
    expect((await pair(t, first)).status).toBe(401);
    expect((await pair(t, second)).status).toBe(200);
  });

  it('a wrong code answers 401 PAIR_CODE_INVALID and does not consume the outstanding code', async () => {
    const t = await app();
    const code = await mintCode(t);
    const wrong = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    const response = await pair(t, wrong);
    expect(response.status).toBe(401);
    expect((await body(response)).code).toBe('PAIR_CODE_INVALID');
    expect((await pair(t, code)).status).toBe(200);
  });

  it.each(['', 'abc', 'A'.repeat(32), '0'.repeat(32)])('the code %j answers 401 PAIR_CODE_INVALID', async (code) => {
    const t = await app();
    await mintCode(t);
    const response = await pair(t, code);
    expect(response.status).toBe(401);
    expect((await body(response)).code).toBe('PAIR_CODE_INVALID');
  });

  it('the upper-case form of a valid code is refused (codes are lower-case hex)', async () => {
    const t = await app();
    const code = await mintCode(t);
    expect((await pair(t, code.toUpperCase())).status).toBe(/[a-f]/.test(code) ? 401 : 200);
  });

  it('with no code minted any code answers 401 PAIR_CODE_INVALID', async () => {
    const t = await app();
    expect((await pair(t, '0123456789abcdef0123456789abcdef')).status).toBe(401);
  });

  it('codes do not expire', async () => {
    let now = Date.UTC(2025, 0, 1);
    const t = await app({ now: () => now });
    const code = await mintCode(t);
    now += 30 * 24 * 3600 * 1000;
    expect((await pair(t, code)).status).toBe(200);
  });

  it('a restart forgets the outstanding code', async () => {
    const fileStore = createMemoryFileStore();
    const t = await app({ fileStore });
    const code = await mintCode(t);
    const restarted = await app({ fileStore });
    expect((await pair(restarted, code)).status).toBe(401);
  });

  it('a non-string code answers 400 (validation), not 401 or 500', async () => {
    const t = await app();
    expect((await pair(t, 12345)).status).toBe(400);
  });

  it('with dashboard_auth = false a valid code yields the public value svc-dashboard', async () => {
    const t = await app({ files: { 'config.toml': '[server]\ndashboard_auth = false\n' } });
    const response = await pair(t, await mintCode(t));
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ token: 'svc-dashboard' });
  });

  it('with dashboard_auth = false a bad code is still 401 PAIR_CODE_INVALID', async () => {
    const t = await app({ files: { 'config.toml': '[server]\ndashboard_auth = false\n' } });
    expect((await pair(t, 'nope')).status).toBe(401);
  });
});
