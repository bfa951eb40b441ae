import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_NODE_FLAGS } from '../../adapters/node/host-node-flags.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('every way of starting the Node daemon gives it the same Node flags', () => {
  it('npm start passes each of HOST_NODE_FLAGS before the host script', () => {
    const start: string = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts.start;
    expect(start).toBe(`exec node ${HOST_NODE_FLAGS.join(' ')} bin/svc-host.mjs`);
  });

  it('svc daemon start, the test hosts and the storage benchmark spawn with HOST_NODE_FLAGS', () => {
    for (const file of ['cli/daemon/launch.ts', 'test/support/host-process.ts', 'bench/audit-storage.ts']) {
      expect(readFileSync(resolve(ROOT, file), 'utf8'), file).toMatch(/\[(?:process\.execPath, )?\.\.\.HOST_NODE_FLAGS, 'bin\/svc-host\.mjs'/);
    }
  });
});
