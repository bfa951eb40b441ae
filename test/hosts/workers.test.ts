import { beforeAll, describe } from 'vitest';
import { allSuites, hostContext } from '../conformance/index.ts';
// @ts-expect-error plain ESM script without types
import { buildWorker } from '../../scripts/build-worker.mjs';

describe('Workers host (Miniflare)', () => {
  beforeAll(async () => {
    await (buildWorker as () => Promise<string>)();
  });
  const ctx = hostContext('workers', { tls: true, fileMirror: true, parserErrors: true });
  for (const suite of allSuites) suite(ctx);
});
