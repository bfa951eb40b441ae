/**
 * The process tree under a pid, and stopping it: SIGTERM to every process,
 * then SIGKILL to whatever is left after a grace period. The tree is read
 * with `ps -A -o pid= -o ppid=` (Linux and macOS), again before the SIGKILL,
 * so children spawned during the grace period are caught too.
 */
import { execFile } from 'node:child_process';
import { processAlive } from '../../adapters/shared/process-alive.ts';

/** Every descendant of `root` (not `root` itself), parents before children. */
export async function descendants(root: number): Promise<number[]> {
  const table = await new Promise<string>((done) => {
    execFile('ps', ['-A', '-o', 'pid=', '-o', 'ppid='], { maxBuffer: 8 * 1024 * 1024 }, (error, stdout) => done(error ? '' : stdout));
  });
  const children = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (!Number.isInteger(pid) || !Number.isInteger(ppid)) continue;
    let list = children.get(ppid!);
    if (!list) children.set(ppid!, (list = []));
    list.push(pid!);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (out.includes(child)) continue;
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Stops `child` and everything under it: SIGTERM now, SIGKILL after
 * `graceMs` to any of them (or any new descendant) still alive. Resolves
 * once the SIGKILL round is done (or at once when all exited earlier).
 */
export async function stopTree(child: number, graceMs: number, exited: Promise<unknown>): Promise<void> {
  const seen = new Set([child, ...(await descendants(child))]);
  for (const pid of seen) signal(pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace'>((done) => (timer = setTimeout(() => done('grace'), graceMs)));
  const first = await Promise.race([graceOver, exited.then(() => 'exited' as const)]);
  // The direct child may exit at once while its own children linger: wait out the grace for them.
  if (first === 'exited') await Promise.race([graceOver, waitGone([...seen].filter((pid) => pid !== child), graceMs)]);
  clearTimeout(timer);
  for (const pid of await descendants(child)) seen.add(pid);
  for (const pid of seen) if (processAlive(pid)) signal(pid, 'SIGKILL');
}

async function waitGone(pids: number[], maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until && pids.some(processAlive)) await new Promise((r) => setTimeout(r, 50));
}
