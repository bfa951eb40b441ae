/**
 * `npx tsx bench/host-start.ts [node|deno|workers ...]`: how long a host
 * takes from spawn to its first `GET /api/health` 200, in wall time and in
 * CPU time (every process of the host's process group: a launcher and the
 * runtime it starts, read from /proc, so Linux only), median of N starts
 * each, in a fresh config dir. A bare `node -e 0` started and timed the
 * same way is the baseline of the same run. The rule engine's construction
 * (every shipped pattern compiled and analysed) is the bulk of a start.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { launchHost, type HostKind } from '../test/support/host-process.ts';
import { cpuMsOfStat, statFields } from './_proc-stat.ts';
import { median } from './_request-rate.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const kinds = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['node']) as HostKind[];

/** CPU seconds (user + system) used so far by the live processes of process group `group`. */
function groupCpuSeconds(group: number): number {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (Number(statFields(stat)[2]) !== group) continue;
    ms += cpuMsOfStat(stat);
  }
  return ms / 1000;
}

/** One start of `kind`: wall ms to the first health 200, CPU seconds of its processes by then. */
async function startOnce(kind: HostKind): Promise<{ wallMs: number; cpuS: number }> {
  const started = performance.now();
  const host = await launchHost(kind, { timeoutMs: 120_000 });
  try {
    for (;;) {
      const response = await fetch(`${host.baseUrl}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    }
    const wallMs = performance.now() - started;
    return { wallMs, cpuS: groupCpuSeconds(host.child.pid!) };
  } finally {
    await host.stop();
  }
}

/** A bare `node -e 0` in its own process group, timed to its exit (CPU from the kernel's accounting of it). */
async function bareNodeOnce(): Promise<{ wallMs: number; cpuS: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.cpuUsage()))'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((done) => child.once('exit', done));
  const usage = JSON.parse(out) as { user: number; system: number };
  return { wallMs: performance.now() - started, cpuS: (usage.user + usage.system) / 1e6 };
}

async function measure(run: () => Promise<{ wallMs: number; cpuS: number }>): Promise<{ wallMs: number; cpuS: number }> {
  await run(); // warm the bundle cache and the OS file cache
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(await run());
  return { wallMs: median(samples.map((s) => s.wallMs)), cpuS: median(samples.map((s) => s.cpuS)) };
}

const bare = await measure(bareNodeOnce);
console.log(`start to first GET /api/health 200, median of ${RUNS} starts each`);
const row = (name: string, m: { wallMs: number; cpuS: number }) =>
  console.log(`${name.padEnd(22)} wall ${m.wallMs.toFixed(0).padStart(6)} ms (${(m.wallMs / bare.wallMs).toFixed(1)}x node -e 0)   CPU ${m.cpuS.toFixed(2).padStart(5)} s`);
row('node -e 0 (baseline)', bare);
for (const kind of kinds) row(`${kind} host`, await measure(() => startOnce(kind)));
