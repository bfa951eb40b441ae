import { dashboardSuite } from './dashboard-suite.ts';
import { proSuite } from './pro-suite.ts';

// dist/worker.js is built once per run by test/support/build-worker-once.ts (vitest globalSetup).
dashboardSuite('workers');
proSuite('workers');
