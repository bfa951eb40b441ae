import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../core/audit/audit-log.ts';
import { createAnalyticsService } from '../../../core/analytics/analytics-service.ts';
import { chainHealthOf } from '../../../core/analytics/chain-health.ts';
import { destinationOf } from '../../../core/analytics/destination.ts';
import { microsOfTimestamp, ppmSplit } from '../../../core/analytics/utc-day.ts';
import { createMemoryStorage } from '../../../storage/memory.ts';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';
import { DAY, TODAY, analyticsHarness, decision } from './helpers.ts';

const timers = { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };
const log = { info() {}, warn() {}, error() {} };

describe('projection rules', () => {
  it('destinations are the lower-case host of egress calls only', () => {
    expect(destinationOf('HttpRequest', '{"method":"GET","url":"https://u:p@API.Example.com:443/x?y"}')).toBe('api.example.com');
    expect(destinationOf('HttpRequest', '{"method":"GET","url":"http://[::1]:8080/"}')).toBe('[::1]');
    expect(destinationOf('NetConnect', '{"host":"db.internal","port":5432}')).toBe('db.internal');
    expect(destinationOf('DnsQuery', '{"name":"Exfil.Example.org."}')).toBe('exfil.example.org');
    expect(destinationOf('ShellExec', '{"args":["https://x.example"],"command":"curl"}')).toBeNull();
    expect(destinationOf('HttpRequest', '{"method":"GET","url":"https://exam…')).toBeNull();
  });

  it('ppm rates use the largest remainder so they always sum to 1,000,000', () => {
    expect(ppmSplit([1, 1, 1], 3)).toEqual([333_334, 333_333, 333_333]);
    expect(ppmSplit([2, 1, 0], 3)).toEqual([666_667, 333_333, 0]);
    expect(ppmSplit([0, 0, 0], 0)).toEqual([0, 0, 0]);
    for (let total = 1; total < 60; total += 7) {
      const parts = [Math.floor(total / 3), Math.floor(total / 7), 0];
      parts[2] = total - parts[0]! - parts[1]!;
      expect(ppmSplit(parts, total).reduce((a, b) => a + b, 0)).toBe(1_000_000);
    }
  });

  it('timestamps are re-expressed in UTC with six fractional digits', () => {
    expect(microsOfTimestamp('2026-11-22T10:00:00.123Z')).toBe('2026-11-22T10:00:00.123000Z');
    expect(microsOfTimestamp('2026-11-22T10:00:00Z')).toBe('2026-11-22T10:00:00.000000Z');
    expect(microsOfTimestamp('2026-11-22T10:00:00.1234567Z')).toBe('2026-11-22T10:00:00.123456Z');
    expect(microsOfTimestamp('2026-11-22T12:00:00.5+02:00')).toBe('2026-11-22T10:00:00.500000Z');
    expect(microsOfTimestamp('yesterday')).toBeNull();
  });

  it('chain_health maps the audit chain status', () => {
    expect(['ok', 'unverified', 'broken', 'anchor_mismatch', 'unanchored', 'other', null].map(chainHealthOf))
      .toEqual(['healthy', 'unknown', 'broken', 'gap', 'quarantined', 'unknown', 'unknown']);
  });

  it('a row family clipped to its cap sets truncated and drops the oldest days', async () => {
    const storage = await createMemoryStorage();
    let now = TODAY;
    const clock = { now: () => now, monotonic: () => now };
    const audit = await createAuditLog({
      storage, clock, random: { bytes: (n) => crypto.getRandomValues(new Uint8Array(n)) },
      files: createMemoryFileStore().store, redact: (text) => text,
    });
    for (let day = 5; day >= 0; day -= 1) {
      now = TODAY - day * DAY;
      await audit.append(decision({ session_id: `cccccccc-0000-4000-8000-00000000000${day}` }));
      await audit.append(decision({ session_id: 'cccccccc-0000-4000-8000-00000000000f' }));
    }
    now = TODAY;
    const analytics = createAnalyticsService({
      storage, now: clock.now, timers, log, chainHealth: () => 'healthy', proAvailable: () => true, rowCaps: { session: 5 },
    });
    const payload = analytics.pro();
    analytics.close();
    expect(payload.truncated).toBe(true);
    expect(payload.session_rows).toHaveLength(5);
    const days = payload.session_rows.map((row) => row.day);
    expect(days[0]).toBe('2026-11-20');
    expect(days.at(-1)).toBe('2026-11-22');
    expect(payload.usage_rows).toHaveLength(6);
  });

  it('a jump in audit sequences (records gone before projection) counts as a gap', async () => {
    const h = await analyticsHarness();
    for (let i = 0; i < 6; i += 1) await h.append(TODAY - 1000 + i);
    h.storage.inner.run('DELETE FROM audit_records WHERE sequence IN (2, 3)');
    const { body } = await h.get('/api/analytics/v2/free');
    expect(body.freshness).toMatchObject({ gap_count: 1, materialized_through_sequence: 6 });
    expect(body.decisions.total).toBe(4);
  });

  it('chain_health follows the audit module: healthy, then broken after tampering', async () => {
    const h = await analyticsHarness();
    h.analytics.setChainHealth(() => chainHealthOf(h.audit.chainState().status));
    await h.append(TODAY - 1000);
    await h.append(TODAY - 900);
    expect((await h.get('/api/analytics/v2/free')).body.chain_health).toBe('healthy');
    h.storage.inner.run(`UPDATE audit_records SET body = replace(body, '"composite_score":1', '"composite_score":0.1')`);
    try {
      for (let i = 0; i < 50; i += 1) h.audit.verify();
    } catch {
      // the verifier's sweep finds the altered records
    }
    expect((await h.get('/api/analytics/v2/free')).body.chain_health).toBe('broken');
  });

  it('the OpenAPI document carries both analytics routes and the row shapes', async () => {
    const h = await analyticsHarness();
    const response = await h.app.request('/api/openapi.json');
    const doc = (await response.json()) as { paths: Record<string, Record<string, any>> };
    const pro = doc.paths['/api/analytics/v2/pro']!.get;
    const schema = pro.responses['200'].content['application/json'].schema;
    for (const family of ['usage_rows', 'filter_rows', 'session_rows', 'llm_rows', 'destination_rows', 'security_events', 'windows']) {
      expect(schema.properties[family].items.properties, family).toBeDefined();
    }
    expect(Object.keys(pro.responses).sort()).toEqual(['200', '401', '403', '503']);
    expect(doc.paths['/api/analytics/v2/free']!.get.responses['200']).toBeDefined();
  });
});

describe('retention', () => {
  it('the worker prunes rollup days older than the retention period', async () => {
    const h = await analyticsHarness();
    await h.append(TODAY - 120 * DAY, { proxy_action: 'deny' });
    await h.append(TODAY - 1000, { proxy_action: 'deny' });
    await h.analytics.idle();
    const days = h.storage.inner.all<{ day: string }>('SELECT day FROM analytics_day_decisions ORDER BY day').map((row) => row.day);
    expect(days).toEqual(['2026-11-22']);
    expect(h.storage.inner.get<{ n: number }>('SELECT COUNT(*) AS n FROM analytics_events')?.n).toBe(1);
  });
});
