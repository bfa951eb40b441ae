import process from 'node:process';

/**
 * Whether a process with this id exists: signal 0 probes without signalling
 * (EPERM: it exists, owned by someone else). Node and Deno (`node:process`).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
