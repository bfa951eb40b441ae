/**
 * The Node host's `ChainWorker`: a worker thread that runs core's
 * `verifyWindow` (its source text, which is self-contained) with one-shot
 * `crypto.hash`, so the start-up chain check hashes on both cores. Windows
 * are transferred, not copied. The thread starts on the first window and
 * ends when the check releases it, or once idle for a second.
 */
import { Worker } from 'node:worker_threads';
import type { ChainWorker } from '../../core/deps.ts';
import type { WindowResult } from '../../core/audit/chain-window.ts';
import { verifyWindow } from '../../core/audit/chain-window.ts';

const IDLE_MS = 1000;
const UNPOOLED = 64 * 1024;

/** The worker's program: core's function, fed by messages. `__name` is what keepNames transforms may call. */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { hash } = require('node:crypto');
const __name = (target) => target;
const verifyWindow = (${verifyWindow.toString()});
const hashHex = (bytes) => hash('sha256', bytes, 'hex');
parentPort.on('message', ({ id, bytes, lastSequence }) => {
  // As a Buffer again (no copy): Buffer's indexOf finds a byte ~3x faster than Uint8Array's.
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  parentPort.postMessage({ id, result: verifyWindow(window, lastSequence, hashHex) });
});
`;

export function createChainWorker(): ChainWorker {
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: NodeJS.Timeout | null = null;
  const waiting = new Map<number, { resolve(result: WindowResult): void; reject(error: Error): void }>();

  const stop = (): void => {
    const ending = worker;
    worker = null;
    void ending?.terminate();
  };
  const failAll = (error: Error): void => {
    stop();
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(SOURCE, { eval: true });
    started.unref();
    started.on('message', ({ id, result }: { id: number; result: WindowResult }) => {
      waiting.get(id)?.resolve(result);
      waiting.delete(id);
      if (waiting.size === 0) {
        idle = setTimeout(stop, IDLE_MS);
        idle.unref();
      }
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (waiting.size > 0) failAll(new Error(`chain worker exited with ${code}`));
    });
    return started;
  };

  return {
    release() {
      if (waiting.size > 0) return;
      if (idle !== null) clearTimeout(idle);
      idle = null;
      stop();
    },
    verifyWindow(bytes, lastSequence) {
      if (idle !== null) clearTimeout(idle);
      idle = null;
      worker ??= start();
      const id = nextId++;
      // A large buffer is the window's own (Node pools only buffers under 4 KiB): it moves, the rest is copied.
      const sent = bytes.buffer instanceof ArrayBuffer && bytes.buffer.byteLength >= UNPOOLED ? bytes : bytes.slice();
      return new Promise<WindowResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker!.postMessage({ id, bytes: sent, lastSequence }, [sent.buffer as ArrayBuffer]);
      });
    },
  };
}
