/**
 * `npm run bench`: runs every benchmark script in this folder, one process
 * each (so one figure's memory and JIT state do not skew the next), and
 * prints their output in order. Each script prints its own ratios against a
 * baseline measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && name !== 'run-all.ts' && !name.startsWith('_'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

let failed = 0;
for (const script of scripts) {
  process.stdout.write(`\n=== ${script} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, script)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    process.stdout.write(`(${script} exited with ${result.status})\n`);
  }
}
process.exit(failed === 0 ? 0 : 1);
