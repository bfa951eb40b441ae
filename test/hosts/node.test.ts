import { describe } from 'vitest';
import { allSuites, hostContext } from '../conformance/index.ts';

describe('Node host', () => {
  const ctx = hostContext('node', { tls: true, fileMirror: true, parserErrors: true });
  for (const suite of allSuites) suite(ctx);
});
