import { describe } from 'vitest';
import { allSuites, hostContext } from '../conformance/index.ts';

// dist/worker.js is built once per run by test/support/build-worker-once.ts (vitest globalSetup).
describe('Workers host (Miniflare)', () => {
  const ctx = hostContext('workers', { tls: true, fileMirror: true, parserErrors: true });
  for (const suite of allSuites) suite(ctx);
});
