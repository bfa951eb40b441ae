/**
 * `npx tsx bench/audit-evaluate.ts`: sustained `POST /api/proxy/evaluate`
 * throughput through the Node host over loopback, every answer sent only
 * after its audit record is durable (journal fsync, group commit). Reports
 * answered evaluations per second, latency percentiles and 429s (the Ipc
 * bucket allows 10,000 per second), then the audit chain state.
 * Aim: the Ipc bucket's full 10,000 per second with p99 under 10 ms.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Pool } from 'undici';
import { launchHost } from '../test/support/host-process.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CALLS = [
  { type: 'FileRead', path: '/home/dev/project/src/index.ts' },
  { type: 'ShellExec', command: 'npm', args: ['test'] },
  { type: 'HttpRequest', method: 'GET', url: 'https://registry.npmjs.org/undici' },
  { type: 'FileWrite', path: '/home/dev/project/README.md', content_hash: 'abc123' },
];

// BENCH_BASE_URL + BENCH_CONFIG_DIR (+ BENCH_HOST_PID for the CPU figure) load a host already running,
// e.g. one started as `node --cpu-prof --import tsx adapters/node/main.ts --port 0 --config-dir DIR`.
const external = process.env.BENCH_BASE_URL;
const host = external
  ? { baseUrl: external, configDir: process.env.BENCH_CONFIG_DIR!, child: { pid: Number(process.env.BENCH_HOST_PID) }, stop: async () => null }
  : await launchHost('node');
/** The host process's user + system CPU time in ms (Linux /proc; null elsewhere). */
const hostCpuMs = async (): Promise<number | null> => {
  try {
    const fields = (await readFile(`/proc/${host.child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
};
try {
  const daemon = (await readFile(join(host.configDir, 'daemon.token'), 'utf8')).trim();
  const dashboard = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
  const pool = new Pool(host.baseUrl, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  let limited = 0;
  let failed = 0;
  const deadline = performance.now() + DURATION_MS;
  const worker = async (w: number) => {
    for (let i = w; performance.now() < deadline; i += CONNECTIONS) {
      const started = performance.now();
      const response = await pool.request({
        path: '/api/proxy/evaluate',
        method: 'POST',
        headers: { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_call: CALLS[i % CALLS.length], session_id: `00000000-0000-4000-8000-${String(w).padStart(12, '0')}`, source: 'bench' }),
      });
      await response.body.text();
      if (response.statusCode === 200) latencies.push(performance.now() - started);
      else if (response.statusCode === 429) limited++;
      else failed++;
    }
  };
  const cpuBefore = await hostCpuMs();
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await hostCpuMs();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(2);
  console.log(`evaluate (durable audit, ${CONNECTIONS} connections, ${Math.round(seconds)} s): ${Math.round(latencies.length / seconds)}/s answered, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${limited} rate-limited, ${failed} failed`);
  if (cpuBefore !== null && cpuAfter !== null && latencies.length > 0) {
    console.log(`host CPU: ${Math.round(((cpuAfter - cpuBefore) * 1000) / (latencies.length + limited + failed))} µs per request (${Math.round(((cpuAfter - cpuBefore) / 1000 / seconds) * 100)}% of one core)`);
  }
  const health = await pool.request({ path: '/api/health', method: 'GET' });
  const body = (await health.body.json()) as { subsystems: { audit: { status: string } }; audit_quarantined?: boolean };
  const summary = await pool.request({ path: '/api/audit/summary?window=all', method: 'GET', headers: { 'x-svc-csrf': dashboard } });
  const counts = (await summary.body.json()) as { total: number };
  console.log(`audit after the run: subsystem ${body.subsystems.audit.status}, ${counts.total} records, quarantined ${body.audit_quarantined ?? false}`);
  await pool.close();
} finally {
  await host.stop();
}
