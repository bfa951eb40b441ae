/**
 * vitest globalSetup of the projects that start the Workers host (`workers`,
 * `browser`): builds dist/worker.js once per run, before any of their files,
 * instead of in the beforeAll of each file that starts it. Both projects list
 * this file; the build is shared through the vitest process, so it runs once
 * however many projects ask.
 */
// @ts-expect-error plain ESM script without types
import { buildWorker } from '../../scripts/build-worker.mjs';

const BUILT = Symbol.for('svc.test.dist-worker-built');
const shared = globalThis as typeof globalThis & { [BUILT]?: Promise<string> };

export default async function setup(): Promise<void> {
  await (shared[BUILT] ??= (buildWorker as () => Promise<string>)());
}
