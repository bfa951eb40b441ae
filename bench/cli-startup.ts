/**
 * How fast `svc` starts: wall time of `svc --version` (the launcher finding
 * its cached build and loading no command), of `svc proxy test` scoring in
 * process (one command module plus the engine), and, as baselines measured
 * in the same run, a bare `node -e 0` and cli/main.ts loaded through tsx
 * (what the launcher would cost without its build cache). Median of N runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './_request-rate.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const configDir = mkdtempSync(join(tmpdir(), 'svc-bench-cli-'));

function time(args: string[]): number {
  const samples: number[] = [];
  spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' }); // warm the build cache and the OS file cache
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore', env: { ...process.env, SVC_CONFIG_DIR: configDir } });
    if (result.status !== 0 && !(args.includes('test') && result.status === 2)) throw new Error(`${args.join(' ')} exited ${result.status}`);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const node = time(['-e', '0']);
const version = time(['bin/svc.mjs', '--version']);
const tsx = time(['--import', 'tsx', 'cli/main.ts', '--version']);
const proxy = time(['bin/svc.mjs', 'proxy', 'test', '--offline', '{"type":"ShellExec","command":"rm","args":["-rf","/"]}']);
const row = (name: string, ms: number) => console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(5)} ms  (${(ms / node).toFixed(2)}x node -e 0)`);
console.log(`median of ${RUNS} runs each`);
row('node -e 0 (baseline)', node);
row('svc --version', version);
row('cli/main.ts --version through tsx (no cache)', tsx);
row('svc proxy test (in-process engine, no daemon)', proxy);
console.log(`svc --version under 300 ms: ${version < 300 ? 'yes' : 'NO'}`);
