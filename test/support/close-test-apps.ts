/**
 * Setup file of the in-process `core` project (vitest.config.ts): after each
 * test file, the apps it created are closed, so in a worker that runs several
 * files one after another their timers (audit rotation, analytics, review
 * timeouts) and engines do not outlive the file.
 */
import { afterAll } from 'vitest';
import { closeTestApps } from './test-app.ts';

afterAll(async () => {
  await closeTestApps();
});
