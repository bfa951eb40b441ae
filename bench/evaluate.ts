/**
 * `npx tsx bench/evaluate.ts` (part of `npm run bench`): durable decisions
 * through the Node host against the physical floor, same client, same run.
 *
 * 1. The Node host, fresh config dir: 32 keep-alive connections post
 *    `POST /api/proxy/evaluate` for BENCH_DURATION_MS (default 10 s, after a
 *    BENCH_WARMUP_MS warm-up, default 10 s) over a mix of corpus calls the default rules allow, queue
 *    and deny (so audit chaining, digest filing, events and notifications all
 *    run), each call in its own session (test/support/evaluate-load.ts), with one
 *    `/ws/live` client connected. Every answer is sent only once its decision
 *    is durable. The mix it prints is what the default rules decided under
 *    this load; with a session per call it is the calls' own mix (allow 16,
 *    queue 2, deny 2 of every 20). With one session per connection (before),
 *    each session passed session-rate's 120 and 300 calls a minute within
 *    seconds and nearly every call was queued (0/81/19% at 2,200/s), which
 *    measured filing, not a representative mix. A queued call costs more (its
 *    digest item, its event), so compare runs at like mixes.
 *    The warm-up is long because the host's JIT warm-up is: V8 optimises
 *    ~700 functions under this load (scoring, the audit path, node:http),
 *    ~1 s of CPU on its compiler threads, so with a 2 s warm-up the window
 *    measured ~110-160 µs per decision of one-time compilation on top of the
 *    daemon's steady state (host CPU 586-643 vs 477-486 µs per decision,
 *    alternating, load 12). The baseline gets the same warm-up.
 * 2. The baseline (bench/_group-commit-baseline.ts): bare `node:http`, reads
 *    the same bodies, parses the JSON, appends a line per request to a file
 *    and fdatasyncs once per batch before answering.
 *
 * Prints decisions/s, p50/p99/p99.9 latency, host CPU µs per decision (all
 * threads, and the main thread alone), the client's CPU µs per request, and
 * the ratio to the baseline; and the ceiling that CPU sets on this machine:
 * every request costs the client and the server CPU on the same cores, and
 * the host's JavaScript runs on its one main thread. Targets on the 2-core machine: ≥ 10,000/s,
 * p99 ≤ 10 ms, ratio ≥ 0.5.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool } from 'undici';
import { LOAD_CONNECTIONS, loadShapeBodies, loadShapeCalls, openLiveClient } from '../test/support/evaluate-load.ts';
import { launchHost } from '../test/support/host-process.ts';
import { cpuMsOfStat } from './_proc-stat.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? LOAD_CONNECTIONS);
const DURATION_MS = Math.max(10_000, Number(process.env.BENCH_DURATION_MS ?? 10_000));
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 10_000);

/** Linux /proc user + system CPU ms of a process, or of its main thread alone (null elsewhere). */
async function cpuMs(pid: number | undefined, mainThread = false): Promise<number | null> {
  try {
    return cpuMsOfStat(await readFile(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  p999: number;
  cpuUsPerRequest: number | null;
  /** The server's main thread alone (JavaScript runs there): 1 s over this is its one-core bound. */
  mainThreadUsPerRequest: number | null;
  /** This process (the undici client and the /ws/live client), CPU µs per request. */
  clientUsPerRequest: number;
  answered: number;
  refused: Map<number, number>;
  actions: Map<string, number>;
}

/** Drives `path` with `CONNECTIONS` keep-alive connections: a warm-up, then the measured window. */
async function load(baseUrl: string, pid: number | undefined, headers: Record<string, string>, bodies: string[][]): Promise<LoadResult> {
  const pool = new Pool(baseUrl, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60_000 });
  const latencies: number[] = [];
  const refused = new Map<number, number>();
  const actions = new Map<string, number>();
  const run = async (until: number, record: boolean) => {
    await Promise.all(bodies.map(async (mine) => {
      for (let i = 0; performance.now() < until; i++) {
        const started = performance.now();
        const response = await pool.request({ path: '/api/proxy/evaluate', method: 'POST', headers, body: mine[i % mine.length]! });
        const text = await response.body.text();
        if (!record) continue;
        if (response.statusCode === 200) {
          latencies.push(performance.now() - started);
          const action = /"action":"([a-z]+)/.exec(text)?.[1] ?? '?';
          actions.set(action, (actions.get(action) ?? 0) + 1);
        } else {
          refused.set(response.statusCode, (refused.get(response.statusCode) ?? 0) + 1);
        }
      }
    }));
  };
  await run(performance.now() + WARMUP_MS, false);
  const cpuBefore = await cpuMs(pid);
  const mainBefore = await cpuMs(pid, true);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await run(started + DURATION_MS, true);
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = await cpuMs(pid);
  const mainAfter = await cpuMs(pid, true);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  const requests = latencies.length + [...refused.values()].reduce((a, b) => a + b, 0);
  return {
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    p999: at(0.999),
    cpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && requests > 0 ? ((cpuAfter - cpuBefore) * 1000) / requests : null,
    mainThreadUsPerRequest: mainBefore !== null && mainAfter !== null && requests > 0 ? ((mainAfter - mainBefore) * 1000) / requests : null,
    clientUsPerRequest: requests > 0 ? (client.user + client.system) / requests : NaN,
    answered: latencies.length,
    refused,
    actions,
  };
}

function line(name: string, r: LoadResult): string {
  const cpu = r.cpuUsPerRequest === null ? 'n/a' : `${Math.round(r.cpuUsPerRequest)} µs`;
  const main = r.mainThreadUsPerRequest === null ? '' : ` (main thread ${Math.round(r.mainThreadUsPerRequest)} µs)`;
  const refused = [...r.refused].map(([status, n]) => `${n}×${status}`).join(', ') || 'none refused';
  return `${name}: ${Math.round(r.perSecond).toLocaleString('en-US')}/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, p99.9 ${r.p999.toFixed(2)} ms, host CPU ${cpu}${main} per request, client CPU ${Math.round(r.clientUsPerRequest)} µs (${refused})`;
}

/**
 * What the machine allows at this CPU per request: the cores shared by the
 * client and the server (every request costs both), and the server's main
 * thread, which runs every request's JavaScript on one core.
 */
function ceiling(r: LoadResult): string {
  if (r.cpuUsPerRequest === null || r.mainThreadUsPerRequest === null) return 'n/a (no /proc)';
  const cores = availableParallelism();
  const shared = (cores * 1e6) / (r.cpuUsPerRequest + r.clientUsPerRequest);
  const mainThread = 1e6 / r.mainThreadUsPerRequest;
  const format = (n: number) => Math.round(n).toLocaleString('en-US');
  return `${format(Math.min(shared, mainThread))}/s (${cores} cores / (host + client CPU per request) = ${format(shared)}/s; 1 s / main-thread CPU per request = ${format(mainThread)}/s)`;
}

/** Starts the group-commit baseline and resolves with its URL, pid and stop. */
async function startBaseline(): Promise<{ baseUrl: string; pid: number | undefined; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '_group-commit-baseline.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) done(Number(match[1]));
    });
    child.once('exit', (code) => fail(new Error(`baseline exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => new Promise((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    }),
  };
}

const bodies = loadShapeBodies(await loadShapeCalls(), CONNECTIONS);

// BENCH_BASE_URL + BENCH_CONFIG_DIR (+ BENCH_HOST_PID for the CPU figure) load a host already running,
// e.g. one started as `node --cpu-prof --import tsx adapters/node/main.ts --port 0 --config-dir DIR`.
const external = process.env.BENCH_BASE_URL;
const host = external
  ? { baseUrl: external, configDir: process.env.BENCH_CONFIG_DIR!, child: { pid: Number(process.env.BENCH_HOST_PID) }, stop: async () => null }
  : await launchHost('node');
let svc: LoadResult;
let events = 0;
try {
  const daemon = (await readFile(join(host.configDir, 'daemon.token'), 'utf8')).trim();
  const dashboard = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
  const live = await openLiveClient(host.baseUrl, dashboard);
  svc = await load(host.baseUrl, host.child.pid, { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' }, bodies);
  events = live.events();
  live.close();
  const summary = await fetch(`${host.baseUrl}/api/audit/summary?window=all`, { headers: { 'x-svc-csrf': dashboard } });
  const health = (await (await fetch(`${host.baseUrl}/api/health`)).json()) as { subsystems: { audit: { status: string } } };
  console.log(`audit after the run: ${((await summary.json()) as { total: number }).total} records, subsystem ${health.subsystems.audit.status}`);
} finally {
  await host.stop();
}
const baseline = await startBaseline();
let floor: LoadResult;
try {
  floor = await load(baseline.baseUrl, baseline.pid, { 'content-type': 'application/json' }, bodies);
} finally {
  await baseline.stop();
}

const mix = [...svc.actions].map(([action, n]) => `${action} ${((n / svc.answered) * 100).toFixed(1)}%`).join(', ');
console.log(`evaluate, Node host, ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s after ${WARMUP_MS / 1000} s of warm-up, one /ws/live client (${events.toLocaleString('en-US')} events received); decisions: ${mix}`);
console.log(`  ${line('svc decisions      ', svc)}`);
console.log(`  ${line('group-commit floor ', floor)}`);
console.log(`  ceiling at svc's CPU per decision, were nothing else running: ${ceiling(svc)}`);
console.log(`  ratio svc / floor: ${(svc.perSecond / floor.perSecond).toFixed(2)} (targets: ≥ 10,000/s, p99 ≤ 10 ms, ratio ≥ 0.5)`);
