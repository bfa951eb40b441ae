import { defineConfig } from 'vitest/config';

/**
 * Projects (STYLE.md): `scoring` and `core` run in-process (the engine alone,
 * or the app against `app.fetch`); `node`, `deno` and `workers` start each
 * host on a free loopback port and run the shared conformance suites over
 * real sockets; `cli` runs the real `svc` binary against a Node daemon.
 *
 * Three groups, one after the other (sequence.groupOrder):
 * - `scoring` (test/core/scoring: rule, family and corpus tests), two files at
 *   a time in two long-lived workers (isolate: false): these files only build
 *   engines and score calls, so a worker imports the scoring code once and
 *   builds the repository's default engine once (sharedEngine() in
 *   test/core/scoring/helpers.ts, pure scoring only) for every file it runs;
 * - the other in-process `core` files two at a time in two long-lived workers
 *   (isolate: false; vitest's default here is one at a time on a 2-core
 *   machine): a worker imports the app's code once, and an engine built again
 *   reads only rule patterns it has not read before
 *   (core/scoring/pattern-analysis.ts). These files share no state through
 *   globals (no fake timers, stubbed globals or environment writes), and the
 *   setup file closes every app a file created after it ends
 *   (test/support/close-test-apps.ts);
 * - the files that start hosts, daemons, the `svc` binary or a browser one at
 *   a time, so their start-up, restart, shutdown and SIGKILL checks never
 *   share the CPU with another test file of ours. dist/worker.js, which the
 *   Workers host runs, is built once before them (test/support/build-worker-once.ts),
 *   and their waits are named once (test/support/host-timeouts.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'scoring',
          include: ['test/core/scoring/**/*.test.ts'],
          testTimeout: 30_000,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts', 'test/storage/**/*.test.ts', 'test/boundary/**/*.test.ts'],
          exclude: ['test/core/scoring/**'],
          testTimeout: 30_000,
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['test/support/close-test-apps.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      { test: { name: 'node', include: ['test/hosts/node*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 1, sequence: { groupOrder: 2 } } },
      { test: { name: 'deno', include: ['test/hosts/deno*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 1, sequence: { groupOrder: 2 } } },
      { test: { name: 'cli', include: ['test/cli/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 1, sequence: { groupOrder: 2 } } },
      {
        test: {
          name: 'workers',
          include: ['test/hosts/workers*.test.ts'],
          globalSetup: ['test/support/build-worker-once.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/support/build-worker-once.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
