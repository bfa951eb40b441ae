import { describe, expect, it } from 'vitest';
import { DAY, TODAY, analyticsHarness } from './helpers.ts';

describe('incremental projection and bounded catch-up', () => {
  it('the watermark advances and a read projects only the records after it (no rescan)', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 50; i += 1) await h.append(TODAY - 3_600_000 + i);
    const first = await h.get('/api/analytics/v2/free');
    expect(first.body.freshness.materialized_through_sequence).toBe(50);
    const projected = h.analytics.projector.rowsRead;
    const spied = h.storage.auditRowsRead;
    expect(projected).toBe(50);
    for (let i = 0; i < 7; i += 1) await h.append(TODAY - 60_000 + i);
    const second = await h.get('/api/analytics/v2/free');
    expect(second.body.freshness.materialized_through_sequence).toBe(57);
    expect(second.body.decisions.total).toBe(57);
    expect(h.analytics.projector.rowsRead - projected).toBe(7);
    // Every audit row the read touched: the 7 new records plus a handful of point lookups (head, edges).
    expect(h.storage.auditRowsRead - spied).toBeLessThan(7 + 10);
    const idle = h.storage.auditRowsRead;
    await h.get('/api/analytics/v2/free');
    expect(h.storage.auditRowsRead - idle).toBeLessThan(10);
  });

  it('with more than 4 batches pending one read projects at most 4 batches and freshness reports the rest; the worker drains it', async () => {
    const h = await analyticsHarness();
    const pending = 4 * 500 + 321;
    for (let i = 0; i < pending; i += 1) await h.append(TODAY - 2 * 3_600_000 + i * 1000);
    const { body } = await h.get('/api/analytics/v2/free');
    expect(body.freshness).toMatchObject({ materialized_through_sequence: 2000, dirty_day_count: 1, rebuilding: false, gap_count: 0 });
    expect(body.decisions.total).toBe(2000);
    expect(h.analytics.projector.rowsRead).toBe(2000);
    await h.analytics.idle();
    const after = await h.get('/api/analytics/v2/free');
    expect(after.body.freshness).toMatchObject({ materialized_through_sequence: pending, dirty_day_count: 0 });
    expect(after.body.decisions.total).toBe(pending);
  });

  it('one read projects at most 8 UTC days of records and counts the days left as dirty', async () => {
    const h = await analyticsHarness();
    for (let day = 11; day >= 0; day -= 1) {
      for (let i = 0; i < 3; i += 1) await h.append(TODAY - day * DAY + i);
    }
    const { body } = await h.get('/api/analytics/v2/free');
    expect(body.freshness.materialized_through_sequence).toBe(8 * 3);
    expect(body.freshness.dirty_day_count).toBe(4);
    expect(body.freshness.materialized_through_at).toBe(new Date(TODAY - 4 * DAY + 2).toISOString().replace('Z', '000Z'));
    await h.analytics.idle();
    const after = await h.get('/api/analytics/v2/free');
    expect(after.body.freshness).toMatchObject({ materialized_through_sequence: 36, dirty_day_count: 0 });
    expect(after.body.decisions.total).toBe(7 * 3);
  });

  it('a rebuild clears and re-projects the rollups, reporting rebuilding meanwhile', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 2600; i += 1) await h.append(TODAY - 3_600_000 + i, { proxy_action: i % 10 === 0 ? 'deny' : 'allow' });
    await h.analytics.idle();
    const before = (await h.get('/api/analytics/v2/free')).body;
    const read = h.analytics.projector.rowsRead;
    const done = h.analytics.rebuild();
    const during = (await h.get('/api/analytics/v2/free')).body;
    expect(during.freshness.rebuilding).toBe(true);
    expect(during.freshness.materialized_through_sequence).toBe(2000);
    expect(during.freshness.dirty_day_count).toBe(1);
    await done;
    const after = (await h.get('/api/analytics/v2/free')).body;
    expect(after.freshness).toMatchObject({ rebuilding: false, materialized_through_sequence: 2600, dirty_day_count: 0 });
    expect(after.decisions).toEqual(before.decisions);
    expect(h.analytics.projector.rowsRead - read).toBe(2600);
  });

  it('an evaluation wakes the background worker without any read', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 30; i += 1) await h.append(TODAY - 60_000 + i);
    h.analytics.poke();
    await h.analytics.idle();
    expect(h.analytics.freshness().materialized_through_sequence).toBe(30);
  });
});
