import { createServer } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoredDecision } from '../../support/scored-decision.ts';
import { createTestApp } from '../../support/test-app.ts';
import { createLicenceMinter } from '../../conformance/pro-licence.ts';
import { startReceiver, type Receiver } from '../../conformance/pro-receiver.ts';

const SECRET = 'test-secret-0123456789';
const minter = await createLicenceMinter();
let receiver: Receiver;
let deadUrl = '';

beforeAll(async () => {
  receiver = await startReceiver(SECRET);
  // A port that was free a moment ago: connecting to it is refused.
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  deadUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}/hook`;
  await new Promise<void>((done) => probe.close(() => done()));
});
afterAll(() => receiver.close());

function channelsToml(extra = ''): string {
  return [
    '[notifications]',
    'retry_base_ms = 5',
    'max_attempts = 3',
    '',
    '[[notifications.channels]]',
    'id = "ops"',
    'type = "webhook"',
    `url = "${receiver.url}"`,
    `secret = "${SECRET}"`,
    '',
    '[[notifications.channels]]',
    'id = "paused"',
    'type = "webhook"',
    `url = "http://user:pw@127.0.0.1:1/never"`,
    'secret = "s"',
    'enabled = false',
    '',
    '[[notifications.channels]]',
    'id = "dead"',
    'type = "webhook"',
    `url = "${deadUrl}"`,
    'secret = "s"',
    '',
    '[[notifications.channels]]',
    'id = "bad id!"',
    'type = "webhook"',
    'url = "http://127.0.0.1/x"',
    'secret = "s"',
    '',
    '[[notifications.channels]]',
    'id = "no-secret"',
    'type = "webhook"',
    'url = "http://127.0.0.1/x"',
    extra,
  ].join('\n');
}

async function notifyApp(pro = true) {
  const files: Record<string, string> = { 'config.toml': channelsToml() };
  if (pro) files['license.json'] = await minter.mint();
  const t = await createTestApp({ files, env: minter.env, deps: { fetch: undiciFetch as unknown as typeof fetch } });
  const headers = { 'x-svc-csrf': t.dashboardToken! };
  async function call(method: string, path: string, withToken = true) {
    const response = await t.request(path, { method, headers: withToken ? headers : {} });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }
  return { ...t, call };
}


describe('notification routes', () => {
  it('all three answer 403 FEATURE_GATED notification_channels on Community, and nothing is sent', async () => {
    const t = await notifyApp(false);
    const before = receiver.received.length;
    for (const [method, path] of [['GET', '/api/notifications/channels'], ['GET', '/api/notifications/status'], ['POST', '/api/notifications/test/ops']] as const) {
      const { status, body } = await t.call(method, path);
      expect(status, path).toBe(403);
      expect(body).toMatchObject({ code: 'FEATURE_GATED', feature: 'notification_channels', current_tier: 'community', required_tier: 'pro' });
    }
    t.app.services.notifications.notifyQueued({ id: 'x' });
    await t.app.services.notifications.idle();
    expect(receiver.received.length).toBe(before);
  });

  it('channels are open, list the valid configured channels, and never show a URL or secret', async () => {
    const t = await notifyApp();
    const { status, body } = await t.call('GET', '/api/notifications/channels', false);
    expect(status).toBe(200);
    expect(body.channels.map((c: { id: string }) => c.id)).toEqual(['ops', 'paused', 'dead']);
    expect(body.channels[0]).toEqual({ id: 'ops', type: 'webhook', enabled: true, state: 'unknown', last_delivery: null, last_status: null, last_error: null, delivered_24h: 0, failed_24h: 0 });
    expect(body.channels[1]).toMatchObject({ id: 'paused', enabled: false, state: 'disabled' });
    const text = JSON.stringify(body);
    for (const secret of [SECRET, receiver.url, 'user:pw', '127.0.0.1']) expect(text).not.toContain(secret);
  });

  it('status is open and starts at zero', async () => {
    const t = await notifyApp();
    const { status, body } = await t.call('GET', '/api/notifications/status', false);
    expect(status).toBe(200);
    expect(body).toEqual({ channels_total: 3, channels_healthy: 0, channels_unhealthy: 0, delivered_24h: 0, failed_24h: 0 });
  });

  it('the test route needs the CSRF header', async () => {
    const t = await notifyApp();
    const { status, body } = await t.call('POST', '/api/notifications/test/ops', false);
    expect(status).toBe(403);
    expect(body.code).toBe('CSRF_REQUIRED');
  });

  it('test delivers a signed stub item and answers {delivered: true, ms}', async () => {
    const t = await notifyApp();
    const before = receiver.received.length;
    const { status, body } = await t.call('POST', '/api/notifications/test/ops');
    expect(status).toBe(200);
    expect(body).toEqual({ delivered: true, ms: expect.any(Number) });
    expect(receiver.received.length).toBe(before + 1);
    const got = receiver.received.at(-1)!;
    expect(got.signatureValid).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-svc-event']).toBe('test');
    expect(Number(got.headers['x-svc-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(got.body).toMatchObject({ type: 'test', channel: 'ops', review: null, item: { status: 'pending', tool_call_type: 'ShellExec' } });
    expect(got.headers['x-svc-delivery']).toBe(got.body.delivery_id);
    const channels = (await t.call('GET', '/api/notifications/channels')).body.channels;
    expect(channels[0]).toMatchObject({ state: 'healthy', delivered_24h: 1, failed_24h: 0, last_status: 200 });
    expect(channels[0].last_delivery).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/notifications/status')).body).toMatchObject({ channels_healthy: 1, delivered_24h: 1 });
  });

  it('a signature made with another secret does not verify (the receiver check is real)', async () => {
    const t = await notifyApp();
    await t.call('POST', '/api/notifications/test/ops');
    const got = receiver.received.at(-1)!;
    const { verifySignature } = await import('../../conformance/pro-receiver.ts');
    expect(verifySignature('another-secret', got.raw, got.headers['x-svc-signature'] as string)).toBe(false);
    expect(verifySignature(SECRET, Buffer.concat([got.raw, Buffer.from(' ')]), got.headers['x-svc-signature'] as string)).toBe(false);
  });

  it('a receiver error answers 502 DELIVERY_FAILED with its status, after one attempt, and the channel turns failing', async () => {
    const t = await notifyApp();
    receiver.script([500, 500]);
    const before = receiver.received.length;
    const { status, body } = await t.call('POST', '/api/notifications/test/ops');
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: 'DELIVERY_FAILED', channel: 'ops', status: 500, ms: expect.any(Number) });
    expect(receiver.received.length).toBe(before + 1);
    receiver.script([]);
    const channels = (await t.call('GET', '/api/notifications/channels')).body.channels;
    expect(channels[0]).toMatchObject({ state: 'failing', failed_24h: 1, last_status: 500 });
    expect((await t.call('GET', '/api/notifications/status')).body).toMatchObject({ channels_unhealthy: 1, failed_24h: 1 });
  });

  it('an unreachable receiver answers 502 DELIVERY_FAILED with status null', async () => {
    const t = await notifyApp();
    const { status, body } = await t.call('POST', '/api/notifications/test/dead');
    expect(status).toBe(502);
    expect(body).toMatchObject({ code: 'DELIVERY_FAILED', status: null });
  });

  it('an unknown channel answers 404 NOT_FOUND; a disabled one 409 CHANNEL_DISABLED', async () => {
    const t = await notifyApp();
    expect((await t.call('POST', '/api/notifications/test/nope')).body.code).toBe('NOT_FOUND');
    expect((await t.call('POST', '/api/notifications/test/nope')).status).toBe(404);
    const disabled = await t.call('POST', '/api/notifications/test/paused');
    expect(disabled.status).toBe(409);
    expect(disabled.body.code).toBe('CHANNEL_DISABLED');
  });
});

describe('queued-item notifications', () => {
  it('a queued item goes to every enabled channel, signed, with a single-use review nonce that webhook-review accepts', async () => {
    const t = await notifyApp();
    const before = receiver.received.length;
    const { input, evaluation } = scoredDecision();
    const id = (await t.app.services.decisions.record(input, evaluation)).digestId!;
    await t.app.services.notifications.idle();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.signatureValid).toBe(true);
    expect(got[0]!.headers['x-svc-event']).toBe('digest_queued');
    expect(got[0]!.body).toMatchObject({ type: 'digest_queued', channel: 'ops', item: { id } });
    const review = got[0]!.body.review as { nonce: string; url: string; actions: string[] };
    expect(review.actions).toEqual(['approve', 'deny', 'escalate']);
    expect(review.url).toBe(`http://127.0.0.1:3141/api/digest/${id}/webhook-review`);
    const post = (nonce: string) =>
      t.request(`/api/digest/${id}/webhook-review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'approve', nonce, reviewer: 'hook', notes: '' }),
      });
    expect((await post(review.nonce)).status).toBe(200);
    expect((await post(review.nonce)).status).toBe(403);
    // the dead channel failed after its attempts; the disabled one was never tried
    const channels = (await t.call('GET', '/api/notifications/channels')).body.channels;
    expect(channels.find((c: { id: string }) => c.id === 'dead')).toMatchObject({ state: 'failing', failed_24h: 1 });
    expect(channels.find((c: { id: string }) => c.id === 'paused')).toMatchObject({ state: 'disabled', delivered_24h: 0, failed_24h: 0 });
  });

  it('retries with backoff until the receiver accepts, counting one delivery', async () => {
    const t = await notifyApp();
    receiver.script([503, 500]);
    const before = receiver.received.length;
    t.app.services.notifications.notifyQueued({ id: 'not-a-digest-item' });
    await t.app.services.notifications.idle();
    const attempts = receiver.received.slice(before);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['x-svc-delivery'])).size).toBe(1);
    for (const a of attempts) expect(a.signatureValid).toBe(true);
    expect(attempts[0]!.body.review).toBeNull(); // no nonce for an unknown item
    const ops = (await t.call('GET', '/api/notifications/channels')).body.channels[0];
    expect(ops).toMatchObject({ state: 'healthy', delivered_24h: 1, failed_24h: 0 });
  });

  it('gives up after max_attempts and a 4xx is not retried', async () => {
    const t = await notifyApp();
    receiver.script([500, 500, 500, 500]);
    let before = receiver.received.length;
    t.app.services.notifications.notifyQueued({ id: 'a' });
    await t.app.services.notifications.idle();
    expect(receiver.received.length - before).toBe(3);
    receiver.script([400]);
    before = receiver.received.length;
    t.app.services.notifications.notifyQueued({ id: 'b' });
    await t.app.services.notifications.idle();
    expect(receiver.received.length - before).toBe(1);
    receiver.script([]);
    const ops = (await t.call('GET', '/api/notifications/channels')).body.channels[0];
    expect(ops).toMatchObject({ state: 'failing', failed_24h: 2, last_status: 400 });
  });
});

describe('24-hour counters', () => {
  it('a delivery leaves the counters once it is more than 24 hours old', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const t = await createTestApp({
      files: { 'config.toml': channelsToml(), 'license.json': await minter.mint({ renewal_date: '2030-01-01', refreshed_at: '2025-12-31T00:00:00Z' }) },
      env: minter.env,
      now: () => now,
      deps: { fetch: undiciFetch as unknown as typeof fetch },
    });
    const headers = { 'x-svc-csrf': t.dashboardToken! };
    expect((await t.request('/api/notifications/test/ops', { method: 'POST', headers })).status).toBe(200);
    now += 23 * 3_600_000;
    const status = async () => (await (await t.request('/api/notifications/status')).json()) as Record<string, number>;
    expect((await status()).delivered_24h).toBe(1);
    now += 3_600_000 + 10 * 60_000;
    expect((await status()).delivered_24h).toBe(0);
  });
});
