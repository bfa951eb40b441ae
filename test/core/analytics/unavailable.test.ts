import { describe, expect, it } from 'vitest';
import { ROLLUP_TABLES } from '../../../core/analytics/projection-schema.ts';
import { TODAY, analyticsHarness, type AnalyticsHarness } from './helpers.ts';

/** Makes the store refuse writes, as after a failed durable write. */
async function makeReadOnly(h: AnalyticsHarness): Promise<void> {
  h.storage.inner.failWrites();
  h.storage.inner.run('CREATE TABLE IF NOT EXISTS probe_write (x INTEGER)'); // something left to flush
  await h.storage.inner.flush().catch(() => undefined);
  expect(h.storage.readOnly).toBe(true);
}

describe('ANALYTICS_UNAVAILABLE', () => {
  it('a projection written by another schema version on a read-only store answers 503 naming a restart', async () => {
    const h = await analyticsHarness();
    await h.append(TODAY - 1000);
    expect((await h.get('/api/analytics/v2/free')).status).toBe(200);
    h.storage.inner.run('UPDATE analytics_state SET schema_version = 99');
    await makeReadOnly(h);
    for (const path of ['/api/analytics/v2/free']) {
      const { status, body } = await h.get(path);
      expect(status).toBe(503);
      expect(body.code).toBe('ANALYTICS_UNAVAILABLE');
      expect(body.error).toMatch(/restart the daemon/);
      expect(body.error).toMatch(/schema version 99/);
    }
  });

  it('missing projection tables that cannot be created answer 503', async () => {
    const h = await analyticsHarness();
    await h.get('/api/analytics/v2/free');
    for (const table of ['analytics_state', ...ROLLUP_TABLES]) h.storage.inner.run(`DROP TABLE ${table}`);
    await makeReadOnly(h);
    const { status, body } = await h.get('/api/analytics/v2/free');
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'ANALYTICS_UNAVAILABLE' });
    expect(body.error).toMatch(/missing.*restart the daemon/);
  });

  it('on a writable store a projection of another schema version is dropped and rebuilt from the log', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 12; i += 1) await h.append(TODAY - 1000 + i, { proxy_action: i % 3 === 0 ? 'deny' : 'allow' });
    await h.get('/api/analytics/v2/free');
    h.storage.inner.run('UPDATE analytics_state SET schema_version = 0');
    h.storage.inner.run('UPDATE analytics_day_decisions SET total = 999');
    const { status, body } = await h.get('/api/analytics/v2/free');
    expect(status).toBe(200);
    expect(body.decisions).toMatchObject({ total: 12, deny: 4, allow: 8 });
    expect(body.freshness).toMatchObject({ rebuilding: false, materialized_through_sequence: 12 });
  });

  it('a read-only store with an intact projection still serves what is materialised, with freshness saying what is not', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 5; i += 1) await h.append(TODAY - 1000 + i);
    await h.get('/api/analytics/v2/free');
    await h.append(TODAY - 10);
    await makeReadOnly(h);
    const { status, body } = await h.get('/api/analytics/v2/free');
    expect(status).toBe(200);
    expect(body.decisions.total).toBe(5);
    expect(body.freshness).toMatchObject({ materialized_through_sequence: 5, dirty_day_count: 1 });
  });
});
