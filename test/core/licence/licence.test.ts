import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { createLicenceMinter, proPayload } from '../../conformance/pro-licence.ts';
import { BUILT_IN_LICENSE_PUBLIC_KEY, PRICING_URL } from '../../../core/licence/public-key.ts';
import { requireFeature } from '../../../core/licence/require-feature.ts';
import { HttpError } from '../../../core/http-error.ts';

const minter = await createLicenceMinter();

async function appWith(licence: string | null, env: Record<string, string> = minter.env) {
  return createTestApp({ files: licence === null ? {} : { 'license.json': licence }, env });
}

async function get(app: Awaited<ReturnType<typeof appWith>>, path: string) {
  const response = await app.request(path);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const PRO_KEYS = ['notification_channels', 'usage_analytics', 'cloud_sync', 'policy_editor'];
const BASE_KEYS = ['proxy', 'audit', 'digest', 'supervisor', 'filters', 'cli', 'dashboard'];

describe('licence verification', () => {
  it('without license.json the daemon is Community and the status says missing', async () => {
    const app = await appWith(null);
    const { body } = await get(app, '/api/license/status');
    expect(body).toMatchObject({ tier: 'community', status: 'missing', seats: null, air_gapped: false, hours_since_refresh: null });
    expect(body.refresh).toEqual({ issued_at: null, refreshed_at: null, hours_since_refresh: null, status: 'none' });
  });

  it('a valid Pro licence turns on the four Pro features and max_sessions 64', async () => {
    const app = await appWith(await minter.mint());
    const { status, body } = await get(app, '/api/tier');
    expect(status).toBe(200);
    expect(body.tier).toBe('pro');
    expect(body.max_sessions).toBe(64);
    expect(body.seats).toBe(5);
    expect(Object.keys(body.features)).toHaveLength(13);
    for (const key of [...BASE_KEYS, ...PRO_KEYS]) expect(body.features[key], key).toBe(true);
    expect(body.features.pagerduty).toBe(false);
    expect(body.features.opsgenie).toBe(false);
    expect(body.billing_portal_url).toBe('https://billing.example.test/portal/acme');
    expect(body.session_limit_rejections).toBe(0);
    expect(body.session_limit_rejection_window_days).toBe(7);
    expect(body.refresh.status).toBe('fresh');
    expect(body.refresh.hours_since_refresh).toBeCloseTo(1, 0);
    const licence = await get(app, '/api/license/status');
    expect(licence.body).toMatchObject({ tier: 'pro', status: 'valid', air_gapped: false });
    expect(licence.body.hours_since_refresh).toBe(licence.body.refresh.hours_since_refresh);
  });

  it('Community has max_sessions 2 and every Pro feature off', async () => {
    const { body } = await get(await appWith(null), '/api/tier');
    expect(body.tier).toBe('community');
    expect(body.max_sessions).toBe(2);
    for (const key of PRO_KEYS) expect(body.features[key], key).toBe(false);
    for (const key of BASE_KEYS) expect(body.features[key], key).toBe(true);
    expect(Object.keys(body.features)).toHaveLength(13);
  });

  it('a tampered payload is Community with status bad_signature', async () => {
    const file = JSON.parse(await minter.mint()) as { payload: Record<string, unknown>; signature: string };
    file.payload.seats = 500;
    const { body } = await get(await appWith(JSON.stringify(file)), '/api/license/status');
    expect(body).toMatchObject({ tier: 'community', status: 'bad_signature', seats: null });
  });

  it('a licence signed by another key is bad_signature', async () => {
    const other = await createLicenceMinter();
    const { body } = await get(await appWith(await other.mint()), '/api/license/status');
    expect(body.status).toBe('bad_signature');
  });

  it('the built-in key is used when SVC_LICENSE_PUBLIC_KEY is unset, so a test-minted licence fails', async () => {
    expect(BUILT_IN_LICENSE_PUBLIC_KEY).not.toBe(minter.publicKey);
    const { body } = await get(await appWith(await minter.mint(), {}), '/api/license/status');
    expect(body.status).toBe('bad_signature');
  });

  it('the signature covers keys sorted at every level, whatever order the file uses', async () => {
    const payload = { ...proPayload(), extra: { zeta: 1, alpha: [{ b: 2, a: 1 }] } };
    const signature = await minter.sign(payload);
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const text = JSON.stringify({ signature, payload: reordered }, null, 2);
    const { body } = await get(await appWith(text), '/api/license/status');
    expect(body.status).toBe('valid');
  });

  it('a payload key named "__proto__" is covered by the signature like any other key', async () => {
    const payload = JSON.parse(JSON.stringify({ ...proPayload(), extra: 1 }).replace('"extra":1', '"__proto__":{"b":1,"a":2}')) as object;
    const signed = JSON.stringify({ payload, signature: await minter.sign(payload) });
    expect((await get(await appWith(signed), '/api/license/status')).body.status).toBe('valid');
    const added = signed.replace('"__proto__":{"b":1,"a":2}', '"__proto__":{"b":1,"a":3}');
    expect((await get(await appWith(added), '/api/license/status')).body.status).toBe('bad_signature');
  });

  it('non-JSON or a wrong shape is unreadable', async () => {
    for (const text of ['{not json', '[]', '{"payload": {}}', '\u00ff\u00fe']) {
      const { body } = await get(await appWith(text), '/api/license/status');
      expect(body.status, text).toBe('unreadable');
      expect(body.tier).toBe('community');
      expect(body.reason).toEqual(expect.any(String));
    }
  });

  it('a signed payload missing required fields is unreadable', async () => {
    const payload = { tier: 'pro', seats: 1 };
    const text = JSON.stringify({ payload, signature: await minter.sign(payload) });
    expect((await get(await appWith(text), '/api/license/status')).body.status).toBe('unreadable');
  });

  it('a renewal_date in the past is Community with status expired, keeping the dates', async () => {
    const text = await minter.mint({ renewal_date: '2020-01-01' });
    const app = await appWith(text);
    const { body } = await get(app, '/api/license/status');
    expect(body).toMatchObject({ tier: 'community', status: 'expired', renewal_date: '2020-01-01' });
    expect((await get(app, '/api/tier')).body.features.policy_editor).toBe(false);
  });

  it('the licence is valid through its renewal day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await get(await appWith(await minter.mint({ renewal_date: today })), '/api/license/status');
    expect(body.status).toBe('valid');
  });

  it('a valid community-tier licence stays Community', async () => {
    const { body } = await get(await appWith(await minter.mint({ tier: 'community' })), '/api/tier');
    expect(body).toMatchObject({ tier: 'community', max_sessions: 2, seats: 5 });
  });

  it('air_gapped and a stale refresh come from the licence', async () => {
    const old = new Date(Date.now() - 200 * 3_600_000).toISOString();
    const stale = await get(await appWith(await minter.mint({ refreshed_at: old })), '/api/license/status');
    expect(stale.body.refresh.status).toBe('stale');
    expect(stale.body.hours_since_refresh).toBeGreaterThanOrEqual(199);
    const gapped = await get(await appWith(await minter.mint({ air_gapped: true })), '/api/license/status');
    expect(gapped.body.air_gapped).toBe(true);
    expect(gapped.body.refresh.status).toBe('air_gapped');
  });

  it('a malformed SVC_LICENSE_PUBLIC_KEY is reported, not thrown', async () => {
    const { body } = await get(await appWith(await minter.mint(), { SVC_LICENSE_PUBLIC_KEY: 'nope' }), '/api/license/status');
    expect(body.status).toBe('bad_signature');
    expect(body.reason).toContain('SVC_LICENSE_PUBLIC_KEY');
  });

  it('session limit rejections are counted in the window', async () => {
    const app = await appWith(null);
    app.app.services.licence.recordSessionLimitRejection();
    app.app.services.licence.recordSessionLimitRejection();
    expect((await get(app, '/api/tier')).body.session_limit_rejections).toBe(2);
  });
});

describe('requireFeature', () => {
  it('throws 403 FEATURE_GATED naming the feature, tier and the pricing page without a licence', async () => {
    const app = await appWith(null);
    try {
      requireFeature(app.app.services.licence, 'cloud_sync');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      const e = error as HttpError;
      expect(e.status).toBe(403);
      expect(e.code).toBe('FEATURE_GATED');
      expect(e.extra).toEqual({ feature: 'cloud_sync', current_tier: 'community', required_tier: 'pro', upgrade_url: PRICING_URL });
    }
  });

  it('points upgrade_url at the licence billing portal when one is known (expired licence)', async () => {
    const app = await appWith(await minter.mint({ renewal_date: '2020-01-01' }));
    expect(() => requireFeature(app.app.services.licence, 'policy_editor')).toThrow(
      expect.objectContaining({ extra: expect.objectContaining({ upgrade_url: 'https://billing.example.test/portal/acme' }) }),
    );
  });

  it('passes on Pro', async () => {
    const app = await appWith(await minter.mint());
    expect(() => requireFeature(app.app.services.licence, 'usage_analytics')).not.toThrow();
  });
});
