import { beforeAll } from 'vitest';
import { dashboardSuite } from './dashboard-suite.ts';
import { proSuite } from './pro-suite.ts';
// @ts-expect-error plain ESM script without types
import { buildWorker } from '../../scripts/build-worker.mjs';

beforeAll(async () => {
  await (buildWorker as () => Promise<string>)();
}, 120_000);
dashboardSuite('workers');
proSuite('workers');
