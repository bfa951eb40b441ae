/**
 * Analytics figures (core app in-process, in-memory sql.js store):
 * 1. `GET /api/analytics/v2/free` latency with 1,000 and with 100,000 audit
 *    records, each fully materialised, and their ratio (aim: close to 1 —
 *    a read costs the window's rollup rows, not the log's size);
 * 2. projection throughput (records per second the worker materialises);
 * 3. `GET /api/analytics/v2/pro` latency at the large size.
 * Records are spread over 90 days, so the 7-day window holds ~8% of them.
 * `BENCH_ANALYTICS_RECORDS` overrides the large size.
 */
import { createAuditLog } from '../core/audit/audit-log.ts';
import type { AuditAppendInput } from '../core/audit/audit-log.ts';
import { createTestApp } from '../test/support/test-app.ts';
import { createLicenceMinter, proPayload } from '../test/conformance/pro-licence.ts';

const LARGE = Number(process.env.BENCH_ANALYTICS_RECORDS ?? 100_000);
const SMALL = 1_000;
const DAYS = 90;
const DAY = 86_400_000;
const ACTIONS = ['allow', 'allow', 'allow', 'allow', 'queue', 'deny'] as const;

function input(i: number): AuditAppendInput {
  const action = ACTIONS[i % ACTIONS.length]!;
  return {
    tool_call: i % 3 === 0
      ? { type: 'HttpRequest', method: 'GET', url: `https://api${i % 40}.example.com/v1/${i}` }
      : { type: 'FileRead', path: `/work/project/src/file-${i % 500}.ts` },
    session_id: `00000000-0000-4000-8000-${String(i % 200).padStart(12, '0')}`,
    plugin_id: i % 5 === 0 ? 'cursor-plugin' : null,
    composite_score: action === 'allow' ? 1.5 : 8.5,
    proxy_action: action,
    filter_results: [
      { filter_name: 'egress_policy', matched: action !== 'allow', score: action === 'allow' ? 0 : 8.5, severity: 'error', message: 'unknown host' },
      { filter_name: 'path_rules', matched: false, score: 0, severity: 'notice', message: '' },
    ],
    evaluation_time_ms: 0.3,
    source: 'proxy',
    supervised: i % 2 === 0 ? { tool: 'claude-code', pid: 4242, project_name: 'demo' } : null,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function measure(count: number, pro: boolean) {
  const minter = await createLicenceMinter();
  const now = Date.now();
  const clock = { now };
  const app = await createTestApp({
    now: () => clock.now,
    files: pro ? { 'license.json': await minter.mint(proPayload()), 'config.toml': '[server.rate_limit]\ngeneral = 1000000\n' } : { 'config.toml': '[server.rate_limit]\ngeneral = 1000000\n' },
    env: minter.env,
  });
  const audit = await createAuditLog({
    storage: app.deps.storage, clock: app.deps.clock, random: app.deps.random, files: app.deps.files, redact: (text) => text,
  });
  const perDay = Math.ceil(count / DAYS);
  for (let done = 0, day = DAYS - 1; done < count; day -= 1) {
    const n = Math.min(perDay, count - done);
    clock.now = now - day * DAY - 3_600_000;
    await Promise.all(Array.from({ length: n }, (_, k) => audit.append(input(done + k))));
    done += n;
  }
  clock.now = now;
  const analytics = app.app.services.analytics!;
  const started = performance.now();
  await analytics.idle();
  const projectMs = performance.now() - started;
  const headers = { 'x-svc-csrf': app.dashboardToken ?? '' };
  const timeRoute = async (path: string, rounds: number) => {
    for (let i = 0; i < 50; i += 1) await (await app.request(path, { headers })).arrayBuffer();
    const samples: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const t = performance.now();
      const response = await app.request(path, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
  };
  const free = await timeRoute('/api/analytics/v2/free', 500);
  const proLatency = pro ? await timeRoute('/api/analytics/v2/pro', 100) : null;
  const freshness = analytics.freshness();
  await app.app.close();
  return { free, pro: proLatency, projectMs, freshness };
}

const small = await measure(SMALL, false);
const large = await measure(LARGE, true);
const fmt = (n: number) => n.toFixed(3);
console.log(`free route, ${SMALL} records materialised: p50 ${fmt(small.free.p50)} ms, p95 ${fmt(small.free.p95)} ms`);
console.log(`free route, ${LARGE} records materialised: p50 ${fmt(large.free.p50)} ms, p95 ${fmt(large.free.p95)} ms`);
console.log(`ratio ${LARGE}/${SMALL} (p50): ${(large.free.p50 / small.free.p50).toFixed(2)}`);
console.log(`projection: ${LARGE} records in ${large.projectMs.toFixed(0)} ms (${Math.round(LARGE / (large.projectMs / 1000))} records/s)`);
if (large.pro) console.log(`pro route, ${LARGE} records over ${DAYS} days: p50 ${fmt(large.pro.p50)} ms, p95 ${fmt(large.pro.p95)} ms`);
console.log(`freshness after drain: ${JSON.stringify(large.freshness)}`);
