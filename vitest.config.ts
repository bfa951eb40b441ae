import { defineConfig } from 'vitest/config';

/**
 * Projects (STYLE.md): `core` runs in-process against `app.fetch`;
 * `node`, `deno` and `workers` start each host on a free loopback port and
 * run the shared conformance suites over real sockets; `cli` runs the real
 * `svc` binary against a Node daemon.
 *
 * Two groups, one after the other (sequence.groupOrder): the in-process
 * `core` files two at a time (vitest's default here is one at a time on a
 * 2-core machine), then the files that start hosts, daemons, the `svc`
 * binary or a browser one at a time, so their start-up, restart, shutdown and
 * SIGKILL checks never share the CPU with another test file of ours.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts', 'test/storage/**/*.test.ts', 'test/boundary/**/*.test.ts'],
          testTimeout: 30_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { test: { name: 'node', include: ['test/hosts/node*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { test: { name: 'deno', include: ['test/hosts/deno*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { test: { name: 'cli', include: ['test/cli/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { test: { name: 'workers', include: ['test/hosts/workers*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
