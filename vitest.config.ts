import { defineConfig } from 'vitest/config';

/**
 * Projects (STYLE.md): `core` runs in-process against `app.fetch`;
 * `node`, `deno` and `workers` start each host on a free loopback port and
 * run the shared conformance suites over real sockets; `cli` runs the real
 * `svc` binary against a Node daemon.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts', 'test/storage/**/*.test.ts', 'test/boundary/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      { test: { name: 'node', include: ['test/hosts/node*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'deno', include: ['test/hosts/deno*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'cli', include: ['test/cli/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'workers', include: ['test/hosts/workers*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000 } },
    ],
  },
});
