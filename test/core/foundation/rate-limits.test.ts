import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../core/http-error.ts';
import { createTestApp, type TestAppOptions } from '../../support/test-app.ts';
import { appWithCatalog, body, manualClock, withToken } from './helpers.ts';

async function clocked(options: TestAppOptions = {}) {
  const clock = manualClock();
  const t = await appWithCatalog({ ...options, now: clock.now, monotonic: clock.monotonic });
  return { ...t, clock };
}

async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).status);
  return out;
}

/** A write that passes auth and then fails validation: spends Write quota, changes nothing. */
function badPut(token: string | null): RequestInit {
  return withToken(token, { method: 'PUT', body: JSON.stringify({ nope: true }) });
}

describe('rate buckets', () => {
  it('General: the 101st request within a second answers 429 RATE_LIMITED with Retry-After', async () => {
    const t = await clocked();
    expect(new Set(await statuses(100, () => t.request('/api/health')))).toEqual(new Set([200]));
    const limited = await t.request('/api/health');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await body(limited)).toMatchObject({ code: 'RATE_LIMITED', error: expect.any(String) });
  });

  it('General: the window slides (requests older than one second stop counting)', async () => {
    const t = await clocked();
    await statuses(50, () => t.request('/api/health'));
    t.clock.advance(500);
    await statuses(50, () => t.request('/api/health'));
    expect((await t.request('/api/health')).status).toBe(429);
    t.clock.advance(500);
    expect(new Set(await statuses(50, () => t.request('/api/health')))).toEqual(new Set([200]));
    expect((await t.request('/api/health')).status).toBe(429);
    t.clock.advance(1000);
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('General: open and sensitive reads share the bucket', async () => {
    const t = await clocked();
    await statuses(60, () => t.request('/api/health'));
    await statuses(40, () => t.request('/api/config', withToken(t.dashboardToken)));
    expect((await t.request('/api/onboarding/status')).status).toBe(429);
  });

  it('Write: the 11th write within a second answers 429 with Retry-After', async () => {
    const t = await clocked();
    expect(new Set(await statuses(10, () => t.request('/api/config', badPut(t.dashboardToken))))).toEqual(new Set([400]));
    const limited = await t.request('/api/config', badPut(t.dashboardToken));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    t.clock.advance(1000);
    expect((await t.request('/api/config', badPut(t.dashboardToken))).status).toBe(400);
  });

  it('Write: pairing attempts count against the Write bucket (the code is the proof)', async () => {
    const t = await clocked();
    const attempt = () => t.request('/api/dashboard/pair', withToken(null, { method: 'POST', body: JSON.stringify({ code: '0'.repeat(32) }) }));
    expect(new Set(await statuses(10, attempt))).toEqual(new Set([401]));
    expect((await attempt()).status).toBe(429);
  });

  it('buckets are independent: an exhausted General bucket does not block writes', async () => {
    const t = await clocked();
    await statuses(100, () => t.request('/api/health'));
    expect((await t.request('/api/health')).status).toBe(429);
    expect((await t.request('/api/config', badPut(t.dashboardToken))).status).toBe(400);
  });

  it('unauthenticated reads do not spend General quota', async () => {
    const t = await clocked();
    expect(new Set(await statuses(150, () => t.request('/api/config')))).toEqual(new Set([401]));
    expect(new Set(await statuses(100, () => t.request('/api/health')))).toEqual(new Set([200]));
  });

  it('writes refused by auth do not spend Write quota', async () => {
    const t = await clocked();
    expect(new Set(await statuses(30, () => t.request('/api/config', badPut(null))))).toEqual(new Set([401]));
    expect(new Set(await statuses(30, () => t.request('/api/config', badPut('wrong'))))).toEqual(new Set([401]));
    expect(new Set(await statuses(10, () => t.request('/api/config', badPut(t.dashboardToken))))).toEqual(new Set([400]));
  });

  it('IPC requests without the bearer token do not spend Ipc quota and answer 401', async () => {
    const t = await clocked({ files: { 'config.toml': '[server.rate_limit]\nipc = 5\n' } });
    const response = await t.request('/api/ipc/dashboard/pair-code', { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await body(response)).code).toBe('IPC_AUTH_REQUIRED');
  });

  it('General, Write and ProxyTest are configurable under [server.rate_limit]', async () => {
    const t = await clocked({ files: { 'config.toml': '[server.rate_limit]\ngeneral = 5\nwrite = 2\nproxy_test = 3\n' } });
    expect(await statuses(6, () => t.request('/api/health'))).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(3, () => t.request('/api/config', badPut(t.dashboardToken)))).toEqual([400, 400, 429]);
    const proxyTest = t.app.services.rateLimit('proxy-test');
    proxyTest();
    proxyTest();
    proxyTest();
    expect(() => proxyTest()).toThrow(HttpError);
  });

  it('the rate limits may be set in team-config.toml too', async () => {
    const t = await clocked({ files: { 'team-config.toml': '[server.rate_limit]\ngeneral = 2\n' } });
    expect(await statuses(3, () => t.request('/api/health'))).toEqual([200, 200, 429]);
  });

  it('ProxyTest: 20 per second by default; the 21st is 429 RATE_LIMITED', async () => {
    const t = await clocked();
    const guard = t.app.services.rateLimit('proxy-test');
    for (let i = 0; i < 20; i++) guard();
    try {
      guard();
      expect.unreachable('the 21st ProxyTest request was admitted');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(429);
      expect((error as HttpError).code).toBe('RATE_LIMITED');
      expect((error as HttpError).headers['retry-after']).toBe('1');
    }
  });

  it('ProxyTest: POST /api/proxy/test, when routed, admits 20 per second and answers the 21st with 429', async () => {
    const t = await clocked();
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    if (!doc.paths['/api/proxy/test']?.post) return; // the route arrives with the scoring issue
    const send = () =>
      t.request('/api/proxy/test', withToken(t.dashboardToken, {
        method: 'POST',
        body: JSON.stringify({ tool_call: { type: 'FileRead', path: '/tmp/readme.txt' } }),
      }));
    const first = await statuses(20, send);
    expect(first.filter((s) => s === 429)).toEqual([]);
    expect((await send()).status).toBe(429);
  });

  it('Ipc: 10000 per second, and [server.rate_limit] cannot lower it', async () => {
    const t = await clocked({ files: { 'config.toml': '[server.rate_limit]\nipc = 5\n' } });
    const mint = () => t.request('/api/ipc/dashboard/pair-code', { method: 'POST', headers: { authorization: `Bearer ${t.daemonToken}` } });
    let ok = 0;
    for (let i = 0; i < 10_000; i++) if ((await mint()).status === 200) ok++;
    expect(ok).toBe(10_000);
    const limited = await mint();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });
});

describe('rate limiter clock', () => {
  it('Retry-After rounds the remaining wait up to whole seconds', async () => {
    const clock = manualClock();
    const t = await createTestApp({ now: clock.now, monotonic: clock.monotonic, files: { 'config.toml': '[server.rate_limit]\ngeneral = 1\n' } });
    expect((await t.request('/api/health')).status).toBe(200);
    clock.advance(999);
    const limited = await t.request('/api/health');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    clock.advance(1);
    expect((await t.request('/api/health')).status).toBe(200);
  });
});
