import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { hash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../core/audit/audit-log.ts';
import type { AuditLog } from '../../core/audit/audit-log.ts';
import { createNodeDirectory } from '../../storage/sqljs/node-files.ts';
import { openSqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import type { SqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import { createMemoryFileStore } from '../support/memory-file-store.ts';
import { decision, random, redact, testClock } from '../core/audit/helpers.ts';
import { tempDir } from './helpers.ts';
import { createChainVerifier } from '../../core/audit/chain-verifier.ts';
import type { ChainWorker } from '../../core/deps.ts';
import { createChainWorker } from '../../adapters/node/chain-worker.ts';
import { verifyWindow } from '../../core/audit/chain-window.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
/** Where audit.head lives (outside the store), fresh per test. */
let files: ReturnType<typeof createMemoryFileStore>['store'];
beforeEach(async () => {
  dir = await tempDir();
  files = createMemoryFileStore().store;
});
afterEach(async () => {
  await dir.cleanup();
});

const nodeHash = { sha256Hex: (data: string | Uint8Array) => hash('sha256', data, 'hex') };

async function open(): Promise<{ storage: SqljsStorage; log: AuditLog }> {
  const storage = await openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0 });
  const log = await createAuditLog({ storage, clock: testClock(), random, files, redact, hash: nodeHash });
  return { storage, log };
}

async function write(count: number, from = 0): Promise<void> {
  const { storage, log } = await open();
  for (let i = 0; i < count; i++) await log.append(decision({ tool_call: { type: 'FileRead', path: `/tmp/body-${from + i}` } }));
  await log.close();
  await storage.close();
}

describe('audit bodies in the body log', () => {
  it('bodies go to bodies.log in chain order, the snapshot holds only references, and a restart verifies the whole chain from the log', async () => {
    await write(30);
    const snapshot = await readFile(join(dir.path, 'snapshot.sqlite'));
    expect(snapshot.includes('/tmp/body-7')).toBe(false);
    const lines = (await readFile(join(dir.path, 'bodies.log'), 'utf8')).split('\n');
    expect(lines).toHaveLength(31);
    expect(JSON.parse(lines[6]!).sequence).toBe(7);
    const { storage, log } = await open();
    expect(log.chainState()).toEqual({ status: 'ok', verified_sequence: 30 });
    const page = log.list({ limit: 5, offset: 0, include: 'full' });
    expect(page.records.map((record) => record.sequence)).toEqual([30, 29, 28, 27, 26]);
    expect(page.total).toBe(30);
    await storage.close();
  });

  it('a byte flipped in a body on disk: the restarted log names the altered record', async () => {
    await write(12);
    const path = join(dir.path, 'bodies.log');
    const bytes = await readFile(path);
    const at = bytes.indexOf('/tmp/body-5');
    bytes[at + 3] = bytes[at + 3]! ^ 0x20;
    await writeFile(path, bytes);
    const { storage, log } = await open();
    expect(log.chainState().status).toBe('broken');
    expect(() => log.list({ limit: 5, offset: 0, include: 'full' })).toThrow('audit record 6 was altered');
    await storage.close();
  });

  it('the body log cut short: the restarted log names the first record whose body is gone', async () => {
    await write(12);
    const path = join(dir.path, 'bodies.log');
    const bytes = await readFile(path);
    const lines = bytes.toString('utf8').split('\n');
    await writeFile(path, bytes.subarray(0, lines.slice(0, 9).join('\n').length + 1));
    const { storage, log } = await open();
    expect(() => log.list({ limit: 5, offset: 0, include: 'full' })).toThrow('audit record 10 was altered');
    await storage.close();
  });

  it('bodies a crash left without a durable row are moved aside, and later records continue the chain', async () => {
    await write(5);
    const path = join(dir.path, 'bodies.log');
    const lines = (await readFile(path, 'utf8')).split('\n');
    await appendFile(path, `${lines[4]!.replace('"sequence":5', '"sequence":6')}\n`);
    await write(3, 5);
    expect((await readdir(dir.path)).filter((name) => name.startsWith('torn-bodies.log'))).toHaveLength(1);
    const { storage, log } = await open();
    expect(log.chainState()).toEqual({ status: 'ok', verified_sequence: 8 });
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(9);
    await storage.close();
  });

  describe('the start-up check in the background (the daemon answers health meanwhile)', () => {
    /** A worker whose split waits for `open()`: the check cannot end before. */
    function gatedWorker(): ChainWorker & { open(): void } {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return {
        open,
        split: async (from) => {
          await gate;
          return from;
        },
        verifyWindow: async (bytes, last) => verifyWindow(bytes, last, nodeHash.sha256Hex),
      };
    }
    async function openInBackground(worker: ChainWorker): Promise<{ storage: SqljsStorage; log: AuditLog }> {
      const storage = await openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0 });
      const log = await createAuditLog({ storage, clock: testClock(), random, files, redact, hash: nodeHash, chainWorker: worker, background: true });
      return { storage, log };
    }

    it('the log opens before the check ends: health says it is verifying, decisions are recorded, and ready settles with them verified', async () => {
      await write(40);
      const worker = gatedWorker();
      const { storage, log } = await openInBackground(worker);
      expect(log.chainState()).toEqual({ status: 'unverified', verified_sequence: 0 });
      expect(log.health()).toEqual({ status: 'degraded', message: expect.stringContaining('verifying the audit chain') });
      expect(log.healthFlags()).toEqual({});
      expect((await log.append(decision())).sequence).toBe(41);
      let settled = false;
      void log.ready.then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      worker.open();
      await log.ready;
      expect(log.chainState()).toEqual({ status: 'ok', verified_sequence: 41 });
      expect(log.health()).toEqual({ status: 'ok' });
      expect(log.list({ limit: 2, offset: 0, include: 'full' }).records.map((record) => record.sequence)).toEqual([41, 40]);
      await storage.close();
    });

    it('a byte flipped in a body: ready settles with the chain quarantined, naming the altered record', async () => {
      await write(12);
      const path = join(dir.path, 'bodies.log');
      const bytes = await readFile(path);
      const at = bytes.indexOf('/tmp/body-5') + 3;
      bytes[at] = bytes[at]! ^ 0x20;
      await writeFile(path, bytes);
      const worker = gatedWorker();
      const { storage, log } = await openInBackground(worker);
      expect(log.health().status).toBe('degraded');
      worker.open();
      await log.ready;
      expect(log.chainState().status).toBe('broken');
      expect(log.health()).toEqual({ status: 'error', message: 'audit record 6 was altered' });
      expect(log.healthFlags()).toEqual({ audit_quarantined: true });
      expect(() => log.list({ limit: 5, offset: 0, include: 'full' })).toThrow('audit record 6 was altered');
      await storage.close();
    });
  });

  describe('the start-up check in windows, every other one on the Node host\'s worker thread', () => {
    /** The Node worker, counting the windows it was given. */
    function countingWorker(inner: ChainWorker = createChainWorker()): ChainWorker & { windows: number } {
      const counted = { windows: 0, verifyWindow: (bytes: Uint8Array, last: number) => (counted.windows++, inner.verifyWindow(bytes, last)) };
      return counted;
    }
    async function verifyInWindows(worker: ChainWorker) {
      const storage = await openSqljsStorage({ directory: createNodeDirectory(dir.path), idleCompactMs: 0 });
      const hashBytes = (bytes: Uint8Array) => hash('sha256', bytes, 'hex');
      const verifier = createChainVerifier(storage, { hashHex: nodeHash.sha256Hex, hashBytes, worker, windowBytes: 2048 });
      await verifier.verifyAll();
      await storage.close();
      return verifier.state();
    }

    it('verifies the whole chain, the worker taking its share', async () => {
      await write(40);
      const worker = countingWorker();
      expect(await verifyInWindows(worker)).toEqual({ status: 'ok', verified_sequence: 40 });
      expect(worker.windows).toBeGreaterThan(3);
    });

    it('a byte flipped in a body in any window, the worker\'s, its look-ahead\'s or this thread\'s, names the altered record', async () => {
      await write(40);
      const path = join(dir.path, 'bodies.log');
      const clean = await readFile(path);
      for (const [target, worker] of [9, 20, 33].flatMap((n) => [[n, countingWorker], [n, lookingAhead]] as const).concat([[2, lookingAhead], [40, lookingAhead]])) {
        const bytes = Buffer.from(clean);
        bytes[bytes.indexOf(`/tmp/body-${target - 1}`) + 5] = 0x58;
        await writeFile(path, bytes);
        const state = await verifyInWindows(worker());
        expect(state.status).toBe('broken');
        expect(state.message).toBe(`audit record ${target} was altered`);
      }
    });

    /** The Node worker started on the body log before the store opens, counting the windows it checked ahead. */
    function lookingAhead(): ChainWorker & { aheadWindows: number } {
      const inner = createChainWorker({ bodyLog: join(dir.path, 'bodies.log'), windowBytes: 2048 });
      const counted = {
        aheadWindows: 0,
        verifyWindow: inner.verifyWindow,
        split: inner.split,
        release: inner.release,
        ahead: async (from: number) => {
          const window = await inner.ahead!(from);
          if (window) counted.aheadWindows++;
          return window;
        },
      };
      return counted;
    }

    it('the worker checks the log ahead from the start of the process: the whole chain verifies, the look-ahead and this thread each checking a share', async () => {
      await write(40);
      const worker = lookingAhead();
      expect(await verifyInWindows(worker)).toEqual({ status: 'ok', verified_sequence: 40 });
      expect(worker.aheadWindows).toBeGreaterThan(1);
    });

    it('bodies a crash left after the anchor are not vouched for by the look-ahead: the chain verifies to the anchor', async () => {
      await write(40);
      const path = join(dir.path, 'bodies.log');
      const lines = (await readFile(path, 'utf8')).split('\n');
      await appendFile(path, `${lines[39]!.replace('"sequence":40', '"sequence":41')}\n`);
      expect(await verifyInWindows(lookingAhead())).toEqual({ status: 'ok', verified_sequence: 40 });
    });

    it('a worker that fails leaves its windows to this thread: the chain still verifies', async () => {
      await write(40);
      const failing = countingWorker({ verifyWindow: () => Promise.reject(new Error('worker gone')) });
      expect(await verifyInWindows(failing)).toEqual({ status: 'ok', verified_sequence: 40 });
      expect(failing.windows).toBeGreaterThan(3);
    });
  });
});
