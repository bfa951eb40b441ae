/**
 * Audit storage figures (sql.js store, journal + group commit, on a temp dir):
 * 1. append throughput with a durable flush per acknowledgement (64 appenders);
 * 2. `list` latency (what GET /api/audit does: verify what is new, page, re-hash)
 *    at 10,000 and at 1,000,000 records, and their ratio (aim: under 2);
 * 3. start-up time (snapshot load + journal replay + whole-chain verification)
 *    and memory with 1,000,000 records;
 * 4. the Node host started on a store of 100,000 and of 1,000,000 records:
 *    time from spawn until `GET /api/health` answers and until a fully
 *    verified `GET /api/audit` answers, and the host's RSS then
 *    (aims: 100k under 1 s and 250 MB, 1M under 3 s and 600 MB).
 * `BENCH_AUDIT_RECORDS` overrides the large size; `--host DIR` measures the
 * host on a store built with `--build DIR/audit N`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { hash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_NODE_FLAGS } from '../adapters/node/host-node-flags.ts';
import { cpuMsOfStat } from './_proc-stat.ts';
import { createAuditLog } from '../core/audit/audit-log.ts';
import type { AuditAppendInput, AuditLog } from '../core/audit/audit-log.ts';
import { createNodeDirectory } from '../storage/sqljs/node-files.ts';
import { openSqljsStorage } from '../storage/sqljs/sqljs-storage.ts';
import type { SqljsStorage } from '../storage/sqljs/sqljs-storage.ts';

const LARGE = Number(process.env.BENCH_AUDIT_RECORDS ?? 1_000_000);
const SMALL = 10_000;
const noFiles = { read: async () => null, writeAtomic: async () => undefined, remove: async () => false, list: async () => [], stat: async () => null };

function input(i: number): AuditAppendInput {
  const deny = i % 7 === 0;
  return {
    tool_call: { type: 'HttpRequest', method: 'POST', url: `https://api${i % 50}.example.com/v1/items/${i}`, headers: { 'content-type': 'application/json' } },
    session_id: `00000000-0000-4000-8000-${String(i % 1000).padStart(12, '0')}`,
    plugin_id: 'supervisor:claude',
    composite_score: deny ? 8.5 : 1.5,
    proxy_action: deny ? 'deny' : 'allow',
    filter_results: deny ? [{ filter_name: 'Network Egress', matched: true, score: 8.5, severity: 'error', message: 'unknown destination' }] : [],
    evaluation_time_ms: 0.35,
    source: 'supervisor',
    supervised: { tool: 'claude', pid: 4242, project_name: 'demo' },
  };
}

async function open(dir: string, maxJournalBytes?: number): Promise<{ storage: SqljsStorage; log: AuditLog }> {
  const storage = await openSqljsStorage({ directory: createNodeDirectory(dir), maxJournalBytes, idleCompactMs: 0 });
  const log = await createAuditLog({
    storage,
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    random: { bytes: (n) => crypto.getRandomValues(new Uint8Array(n)) },
    files: noFiles,
    redact: (text) => text,
    // What the Node host passes as `deps.hash`.
    hash: { sha256Hex: (data) => hash('sha256', data, 'hex') },
  });
  return { storage, log };
}

async function fill(log: AuditLog, count: number, from = 0): Promise<void> {
  for (let done = 0; done < count; ) {
    const n = Math.min(2000, count - done);
    await Promise.all(Array.from({ length: n }, (_, k) => log.append(input(from + done + k))));
    done += n;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function appendThroughput(dir: string): Promise<void> {
  const { storage, log } = await open(dir);
  const latencies: number[] = [];
  const until = performance.now() + 5000;
  await Promise.all(Array.from({ length: 64 }, async (_, worker) => {
    for (let i = worker; performance.now() < until; i += 64) {
      const started = performance.now();
      await log.append(input(i));
      latencies.push(performance.now() - started);
    }
  }));
  latencies.sort((a, b) => a - b);
  console.log(`append (durable, 64 in flight): ${Math.round(latencies.length / 5)}/s, p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms`);
  await storage.close();
}

function listLatency(log: AuditLog, reads = 300): { p50: number; p99: number; cpuMs: number } {
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    log.list({ limit: 20, offset: 0, include: 'full' });
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), cpuMs: (cpu.user + cpu.system) / 1000 / reads };
}

interface OpenFigures {
  p50: number;
  p99: number;
  cpuMs: number;
  startupMs: number;
  startupCpuMs: number;
  rssMb: number;
  baselineRssMb: number;
}

/** Child mode: open the store in a fresh process, time it, measure memory and list latency. */
async function measureOpen(dir: string): Promise<void> {
  const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { storage, log } = await open(dir);
  const startupMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  listLatency(log, 50);
  const latency = listLatency(log);
  const figures: OpenFigures = {
    ...latency, startupMs, startupCpuMs: (cpu.user + cpu.system) / 1000, rssMb: process.memoryUsage().rss / 1024 / 1024, baselineRssMb,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  await storage.close();
}

async function sized(dir: string, count: number): Promise<OpenFigures> {
  {
    const { storage, log } = await open(dir, 4 * 1024 * 1024 * 1024);
    const started = performance.now();
    await fill(log, count);
    await storage.compact();
    console.log(`  built ${count} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await storage.close();
  }
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--open', dir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`measuring ${dir} failed: ${child.stderr}`);
  return JSON.parse(line) as OpenFigures;
}

if (process.argv[2] === '--build') {
  const { storage, log } = await open(process.argv[3]!, 4 * 1024 * 1024 * 1024);
  await fill(log, Number(process.argv[4]));
  await storage.compact();
  await storage.close();
  process.exit(0);
}

interface HostFigures {
  healthMs: number;
  auditMs: number;
  rssMb: number;
  /** The host's CPU (user + system, every thread) when the audit answered: what contention cannot inflate. */
  cpuMs: number;
}

/** Spawns the Node host on `configDir` and times health and a verified audit read from spawn. */
async function measureHost(configDir: string): Promise<HostFigures> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const started = performance.now();
  const child = spawn(process.execPath, [...HOST_NODE_FLAGS, 'bin/svc-host.mjs', '--port', '0', '--host', '127.0.0.1', '--config-dir', configDir], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const baseUrl = await new Promise<string>((done, fail) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) done(match[1]!);
      });
      child.once('exit', (code) => fail(new Error(`host exited with ${code}`)));
    });
    let healthMs = NaN;
    for (;;) {
      const response = await fetch(`${baseUrl}/api/health`).catch(() => null);
      if (response?.status === 200) {
        healthMs = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const token = (await readFile(join(configDir, 'dashboard.token'), 'utf8')).trim();
    const audit = await fetch(`${baseUrl}/api/audit?limit=20`, { headers: { 'x-svc-csrf': token } });
    if (audit.status !== 200) throw new Error(`GET /api/audit answered ${audit.status}: ${await audit.text()}`);
    await audit.arrayBuffer();
    const auditMs = performance.now() - started;
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    const cpuMs = cpuMsOfStat(await readFile(`/proc/${child.pid}/stat`, 'utf8'));
    return { healthMs, auditMs, rssMb, cpuMs };
  } finally {
    child.kill('SIGKILL');
  }
}

async function hostFigures(base: string, count: number): Promise<void> {
  // One start on an empty store first: the host's bundle is built on the first start after a source change.
  await measureHost(join(base, `host-warm-${count}`));
  const dir = join(base, `host-${count}`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--build', join(dir, 'audit'), String(count)], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building ${count} records failed`);
  const figures = await measureHost(dir);
  console.log(`Node host on ${count} records: health after ${(figures.healthMs / 1000).toFixed(2)} s, verified GET /api/audit after ${(figures.auditMs / 1000).toFixed(2)} s (host CPU ${(figures.cpuMs / 1000).toFixed(2)} s), RSS ${Math.round(figures.rssMb)} MB, load average ${loadavg()[0]!.toFixed(1)}`);
}

if (process.argv[2] === '--host') {
  const figures = await measureHost(process.argv[3]!);
  console.log(JSON.stringify(figures));
  process.exit(0);
}

if (process.argv[2] === '--open') {
  await measureOpen(process.argv[3]!);
  process.exit(0);
}

const base = await mkdtemp(join(tmpdir(), 'svc-bench-audit-'));
try {
  await appendThroughput(join(base, 'throughput'));
  const small = await sized(join(base, 'small'), SMALL);
  console.log(`list @ ${SMALL}: p50 ${small.p50.toFixed(3)} ms, p99 ${small.p99.toFixed(3)} ms, mean CPU ${small.cpuMs.toFixed(3)} ms`);
  const large = await sized(join(base, 'large'), LARGE);
  console.log(`list @ ${LARGE}: p50 ${large.p50.toFixed(3)} ms, p99 ${large.p99.toFixed(3)} ms, mean CPU ${large.cpuMs.toFixed(3)} ms`);
  console.log(`list ratio ${LARGE}/${SMALL}: p50 ${(large.p50 / small.p50).toFixed(2)}, CPU ${(large.cpuMs / small.cpuMs).toFixed(2)} (aim < 2)`);
  console.log(`start-up with ${LARGE} records: ${(large.startupMs / 1000).toFixed(2)} s wall, ${(large.startupCpuMs / 1000).toFixed(2)} s CPU (snapshot load + journal replay + whole-chain verification)`);
  console.log(`memory with ${LARGE} records: ${Math.round(large.rssMb)} MB RSS after open (process baseline ${Math.round(large.baselineRssMb)} MB)`);
  console.log(`start-up with ${SMALL} records: ${(small.startupMs / 1000).toFixed(2)} s wall`);
  await hostFigures(base, 100_000);
  await hostFigures(base, LARGE);
} finally {
  await rm(base, { recursive: true, force: true });
}
