/**
 * Audit storage figures (sql.js store, journal + group commit, on a temp dir):
 * 1. append throughput with a durable flush per acknowledgement (64 appenders);
 * 2. `list` latency (what GET /api/audit does: verify what is new, page, re-hash)
 *    at 10,000 and at 1,000,000 records, and their ratio (aim: under 2);
 * 3. start-up time (snapshot load + journal replay + whole-chain verification)
 *    and memory with 1,000,000 records.
 * `BENCH_AUDIT_RECORDS` overrides the large size.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
    hash: { sha256Hex: (data) => createHash('sha256').update(data).digest('hex') },
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
} finally {
  await rm(base, { recursive: true, force: true });
}
