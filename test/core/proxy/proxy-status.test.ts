import { describe, expect, it } from 'vitest';
import { manualClock } from '../foundation/helpers.ts';
import { HIGH_LIMITS, SAMPLE, proxyApp, send } from './helpers.ts';

const STATUS_FIELDS = ['auto_allow_threshold', 'auto_deny_threshold', 'total_evaluations', 'allow_count', 'queue_count', 'deny_count', 'filters'];
const FILTER_FIELDS = ['name', 'phase', 'enabled', 'is_ready', 'evaluation_count', 'avg_latency_ms'];

describe('GET /api/proxy/status', () => {
  it('is open and answers exactly the spec\'s fields', async () => {
    const t = await proxyApp();
    const { status, body } = await send(t, 'GET', '/api/proxy/status', { token: null });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...STATUS_FIELDS].sort());
    const filters = body.filters as Array<Record<string, unknown>>;
    expect(filters.length).toBeGreaterThanOrEqual(10);
    for (const f of filters) {
      expect(Object.keys(f).sort()).toEqual([...FILTER_FIELDS].sort());
      expect(['static', 'pattern', 'context']).toContain(f.phase);
      expect(f.enabled).toBe(f.is_ready);
      expect(f).toMatchObject({ name: expect.any(String), evaluation_count: 0, avg_latency_ms: 0 });
    }
    expect(body).toMatchObject({ auto_allow_threshold: 3, auto_deny_threshold: 8, total_evaluations: 0, allow_count: 0, queue_count: 0, deny_count: 0 });
  });

  it('reports the running thresholds, not a config file written since start', async () => {
    const t = await proxyApp({ files: { 'config.toml': `${HIGH_LIMITS}\n[proxy]\nauto_allow_threshold = 2.5\nauto_deny_threshold = 7.5\n` } });
    const put = await send(t, 'PUT', '/api/config', { body: { proxy: { auto_allow_threshold: 1, auto_deny_threshold: 9 } } });
    expect(put.status).toBe(200);
    expect(t.files.text('config.toml')).toContain('auto_deny_threshold = 9');
    const { body } = await send(t, 'GET', '/api/proxy/status');
    expect(body).toMatchObject({ auto_allow_threshold: 2.5, auto_deny_threshold: 7.5 });
  });

  it('counts recorded evaluations by decision, with per-filter counts and latency', async () => {
    const t = await proxyApp();
    const { engine } = t.app.services;
    for (const kind of ['allow', 'queue', 'deny', 'deny'] as const) engine.evaluate(SAMPLE[kind], { record: true });
    const { body } = await send(t, 'GET', '/api/proxy/status');
    expect(body).toMatchObject({ total_evaluations: 4, allow_count: 1, queue_count: 1, deny_count: 2 });
    const first = (body.filters as Array<Record<string, number>>)[0]!;
    expect(first.evaluation_count).toBe(4);
    expect(first.avg_latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('a filter whose rules fail to load reports enabled and is_ready false', async () => {
    const t = await proxyApp({ files: { 'filters/taint.toml': 'this is [not toml' } });
    const { body } = await send(t, 'GET', '/api/proxy/status');
    const taint = (body.filters as Array<Record<string, unknown>>).find((f) => f.name === 'Taint tracking');
    expect(taint).toMatchObject({ enabled: false, is_ready: false, phase: 'context' });
  });

  it('counts in the General bucket', async () => {
    const clock = manualClock();
    const t = await proxyApp({ now: clock.now, monotonic: clock.monotonic, files: { 'config.toml': '[server.rate_limit]\ngeneral = 3\n' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(t, 'GET', '/api/proxy/status')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
