import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { AnalyticsFreeSchema } from '../../../core/schemas/analytics.ts';
import { DAY, TODAY, analyticsHarness } from './helpers.ts';

const ACTIONS = ['allow', 'allow', 'queue', 'deny', 'allow'] as const;
const SESSIONS = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002', null];

describe('analytics rollups', () => {
  it('the free payload matches a direct count of the audit log after N evaluations', async () => {
    const h = await analyticsHarness();
    const start = TODAY - 9 * DAY;
    const n = 240;
    for (let i = 0; i < n; i += 1) {
      await h.append(start + i * Math.floor((9 * DAY) / n), {
        proxy_action: ACTIONS[i % ACTIONS.length]!,
        session_id: SESSIONS[i % SESSIONS.length]!,
        composite_score: (i % 10) / 1.0,
      });
    }
    await h.analytics.idle(); // ten days of records: more than one read's catch-up
    const { status, body } = await h.get('/api/analytics/v2/free');
    expect(status).toBe(200);
    expect(Value.Check(AnalyticsFreeSchema, body), JSON.stringify([...Value.Errors(AnalyticsFreeSchema, body)][0])).toBe(true);
    const direct = h.storage.inner.all<{ proxy_action: string; n: number }>(
      `SELECT proxy_action, COUNT(*) AS n FROM audit_records WHERE substr(timestamp, 1, 10) >= ? AND substr(timestamp, 1, 10) <= ? GROUP BY proxy_action`,
      [body.window.start_day, body.window.end_day],
    );
    const expected = Object.fromEntries(direct.map((row) => [row.proxy_action, row.n]));
    expect(body.decisions.allow).toBe(expected.allow);
    expect(body.decisions.queue).toBe(expected.queue);
    expect(body.decisions.deny).toBe(expected.deny);
    expect(body.decisions.total).toBe(direct.reduce((sum, row) => sum + row.n, 0));
    expect(body.freshness).toMatchObject({ materialized_through_sequence: n, dirty_day_count: 0, rebuilding: false, gap_count: 0 });
  });

  it('session rows and filter rows of the Pro projection match a direct count per day', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 60; i += 1) {
      await h.append(TODAY - 3 * DAY + i * 3_600_000, {
        proxy_action: ACTIONS[i % ACTIONS.length]!,
        session_id: SESSIONS[i % 2]!,
        filter_results: [
          { filter_name: 'path_rules', matched: i % 3 === 0, score: i % 3 === 0 ? 4 : 0, severity: 'warning', message: 'sensitive path' },
          { filter_name: 'dlp', matched: i % 4 === 0, score: i % 4 === 0 ? 6 : 0, severity: 'error', message: 'secret' },
        ],
      });
    }
    await h.get('/api/analytics/v2/free');
    const storage = h.storage.inner;
    const sessions = storage.all<{ day: string; session_id: string; total: number; deny: number }>(
      `SELECT substr(timestamp, 1, 10) AS day, session_id, COUNT(*) AS total, SUM(proxy_action = 'deny') AS deny
       FROM audit_records GROUP BY day, session_id ORDER BY day, session_id`);
    const rolled = storage.all<{ day: string; session_id: string; total: number; deny: number }>(
      'SELECT day, session_id, total, deny_count AS deny FROM analytics_day_sessions ORDER BY day, session_id');
    expect(rolled).toEqual(sessions);
    const matched = storage.all<{ day: string; n: number }>(
      `SELECT substr(timestamp, 1, 10) AS day, COUNT(*) AS n FROM audit_records WHERE body LIKE '%"filter_name":"dlp","matched":true%' GROUP BY day ORDER BY day`);
    const dlp = storage.all<{ day: string; n: number }>("SELECT day, matched AS n FROM analytics_day_filters WHERE filter_name = 'dlp' AND matched > 0 ORDER BY day");
    expect(dlp).toEqual(matched);
  });

  it('rates are integer parts per million that sum to 1,000,000, and 0 with no decisions', async () => {
    const h = await analyticsHarness();
    const empty = await h.get('/api/analytics/v2/free');
    expect(empty.body.decisions).toEqual({ total: 0, allow: 0, queue: 0, deny: 0, allow_rate_ppm: 0, queue_rate_ppm: 0, deny_rate_ppm: 0 });
    for (const action of ['allow', 'queue', 'deny'] as const) await h.append(TODAY - 60_000, { proxy_action: action });
    const { body } = await h.get('/api/analytics/v2/free');
    const { allow_rate_ppm, queue_rate_ppm, deny_rate_ppm } = body.decisions;
    for (const rate of [allow_rate_ppm, queue_rate_ppm, deny_rate_ppm]) {
      expect(Number.isInteger(rate)).toBe(true);
      expect([333_333, 333_334]).toContain(rate);
    }
    expect(allow_rate_ppm + queue_rate_ppm + deny_rate_ppm).toBe(1_000_000);
    await h.append(TODAY - 30_000, { proxy_action: 'allow' });
    const second = await h.get('/api/analytics/v2/free');
    expect(second.body.decisions).toMatchObject({ total: 4, allow_rate_ppm: 500_000, queue_rate_ppm: 250_000, deny_rate_ppm: 250_000 });
  });

  it('analytics timestamps carry exactly six fractional digits', async () => {
    const h = await analyticsHarness();
    expect((await h.get('/api/analytics/v2/free')).body.latest_audit_record_at).toBeNull();
    await h.append(Date.parse('2026-11-22T10:00:00.123Z'), { proxy_action: 'deny' });
    const { body } = await h.get('/api/analytics/v2/free');
    expect(body.latest_audit_record_at).toBe('2026-11-22T10:00:00.123000Z');
    expect(body.freshness.materialized_through_at).toBe('2026-11-22T10:00:00.123000Z');
    expect(body.recent_queue_and_deny[0].at).toBe('2026-11-22T10:00:00.123000Z');
  });

  it('the free window is the 7 UTC days ending today, and a record 7 days back is outside it', async () => {
    const h = await analyticsHarness();
    await h.append(Date.parse('2026-11-15T23:59:59.999Z'), { proxy_action: 'deny' });
    await h.append(Date.parse('2026-11-16T00:00:00.000Z'), { proxy_action: 'queue' });
    await h.append(Date.parse('2026-11-22T11:00:00.000Z'));
    const { body } = await h.get('/api/analytics/v2/free');
    expect(body.window).toEqual({ start_day: '2026-11-16', end_day: '2026-11-22', current_day_partial: true });
    expect(body.decisions).toMatchObject({ total: 2, allow: 1, queue: 1, deny: 0 });
    expect(body.recent_queue_and_deny.map((event: { action: string }) => event.action)).toEqual(['queue']);
  });

  it('recent_queue_and_deny lists at most 20 events, newest first, with a reason', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 25; i += 1) {
      await h.append(TODAY - (30 - i) * 60_000, {
        proxy_action: i % 2 ? 'deny' : 'queue',
        composite_score: 8.5,
        filter_results: [{ filter_name: 'egress_policy', matched: true, score: 8.5, severity: 'error', message: 'unknown host' }],
      });
      await h.append(TODAY - (30 - i) * 60_000 + 1);
    }
    const { body } = await h.get('/api/analytics/v2/free');
    const events = body.recent_queue_and_deny as Array<Record<string, unknown>>;
    expect(events).toHaveLength(20);
    expect(events[0]).toMatchObject({ action: 'queue', composite_score: 8.5, tool_call_type: 'FileRead', reason: 'egress_policy: unknown host' });
    const times = events.map((event) => String(event.at));
    expect([...times].sort().reverse()).toEqual(times);
  });
});
