import { hash, randomBytes } from 'node:crypto';
import type { ChainWorker, Deps, Logger, ServerAddress } from '../../core/deps.ts';
import type { Storage } from '../../storage/types.ts';
import { createNodeFileStore } from './node-file-store.ts';
import { createChainWorker } from './chain-worker.ts';
import { processAlive } from '../shared/process-alive.ts';

/** Structured logs on stderr, one JSON object a line (stdout carries only the ready line). */
export function createStderrLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) =>
    process.stderr.write(`${JSON.stringify({ level, at: new Date().toISOString(), message, ...fields })}\n`);
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/**
 * Cryptographically secure bytes, drawn from a pool refilled 4 KiB at a time:
 * one `randomBytes` call per request (an audit id is 16 bytes) costs a few
 * microseconds of binding overhead, a pooled slice almost nothing. Node's
 * own `randomUUID` caches the same way.
 */
function createRandomPool(): Deps['random'] {
  let pool = randomBytes(4096);
  let at = 0;
  return {
    bytes(length) {
      if (length > 256) return new Uint8Array(randomBytes(length));
      if (at + length > pool.length) {
        pool = randomBytes(4096);
        at = 0;
      }
      // A copy: callers own what they get, and no byte is handed out twice.
      const out = new Uint8Array(pool.subarray(at, at + length));
      at += length;
      return out;
    },
  };
}

/**
 * undici's fetch, loaded on the first outbound request (a notification, a
 * bundle pull): the package is ~0.2 s of module loading that start-up does
 * not need.
 */
const undiciFetch = (async (input, init) => {
  const { fetch } = await import('undici');
  return (fetch as unknown as typeof globalThis.fetch)(input, init);
}) as typeof globalThis.fetch;

/** What the Node host provides to core. */
export function createNodeDeps(options: {
  configDir: string;
  storage: Storage;
  server: ServerAddress;
  requestShutdown: () => void;
  log?: Logger;
  /** The chain worker, when started earlier (main.ts starts it first, to check the body log ahead). */
  chainWorker?: ChainWorker;
}): Deps {
  return {
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    random: createRandomPool(),
    // One-shot crypto.hash (no Hash object per call): two hashes per audit record.
    hash: { sha256Hex: (data) => hash('sha256', data, 'hex') },
    chainWorker: options.chainWorker ?? createChainWorker(),
    files: createNodeFileStore(options.configDir),
    storage: options.storage,
    timers: {
      setTimeout: (callback, ms) => {
        const handle = setTimeout(callback, ms);
        handle.unref();
        return handle;
      },
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      afterIo: (callback) => void setImmediate(callback),
    },
    log: options.log ?? createStderrLogger(),
    fetch: undiciFetch,
    env: process.env,
    server: options.server,
    processes: { alive: processAlive },
    requestShutdown: options.requestShutdown,
  };
}
