import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../core/audit/audit-log.ts';
import { createNodeDirectory } from '../../storage/sqljs/node-files.ts';
import { openSqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import { tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('crash recovery', () => {
  it('after SIGKILL in the middle of a burst every acknowledged record is present and the chain is intact', async () => {
    const dir = await tempDir();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/storage/fixtures/append-burst.ts', dir.path], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      const acked: string[] = [];
      let buffered = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await new Promise<void>((done, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) if (line.startsWith('ack ')) acked.push(line.slice(4));
          // Kill once compaction has certainly run at least once and writes are in flight.
          if (acked.length >= 3000 && child.exitCode === null) {
            child.kill('SIGKILL');
            done();
          }
        });
        child.once('exit', (code) => (code === null ? done() : fail(new Error(`child exited ${code}: ${stderr}`))));
      });
      await new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(null) : child.once('exit', done)));
      const storage = await openSqljsStorage({ directory: createNodeDirectory(dir.path) });
      const log = await createAuditLog({
        storage,
        clock: { now: () => Date.now(), monotonic: () => 0 },
        random: { bytes: (n) => crypto.getRandomValues(new Uint8Array(n)) },
        files: { read: async () => null, writeAtomic: async () => undefined, remove: async () => false, list: async () => [], stat: async () => null },
        redact: (text) => text,
      });
      expect(log.chainState().status).toBe('ok');
      const present = new Set(storage.all<{ id: string }>('SELECT id FROM audit_records').map((row) => row.id));
      const missing = acked.filter((id) => !present.has(id));
      expect(missing).toEqual([]);
      expect(present.size).toBeGreaterThanOrEqual(acked.length);
      await storage.close();
    } finally {
      await dir.cleanup();
    }
  }, 60_000);
});
