import { createApp, type App } from '../../core/app.ts';
import type { Deps } from '../../core/deps.ts';
import { createMemoryStorage, type MemoryStorage } from '../../storage/memory.ts';
import { createMemoryFileStore, type MemoryFileStore } from './memory-file-store.ts';
import { randomBytes } from 'node:crypto';

export const TEST_SERVER = { host: '127.0.0.1', port: 3141, tls: false };
export const BASE = `http://${TEST_SERVER.host}:${TEST_SERVER.port}`;
export const LOOPBACK = { remoteAddress: '127.0.0.1' };

export interface TestAppOptions {
  /** Initial config-dir files, e.g. `{'config.toml': '[server]\n...'}`. */
  files?: Record<string, string>;
  env?: Record<string, string>;
  /** A fixed clock (epoch ms) the test can move. */
  now?: () => number;
  /** A monotonic clock (ms) the test can move; rate buckets read it. */
  monotonic?: () => number;
  /** An existing config dir (to start a second daemon on the same files). */
  fileStore?: MemoryFileStore;
  deps?: Partial<Deps>;
}

/** The apps created and not yet closed by closeTestApps. */
const open = new Set<App>();

/**
 * Closes every app createTestApp made (their timers, sessions and stores),
 * idempotent with a test's own `app.close()`. The core project's setup file
 * calls it after each test file, so a worker that runs several files
 * (isolate: false) keeps nothing of one file's apps alive into the next.
 */
export async function closeTestApps(): Promise<void> {
  const apps = [...open];
  open.clear();
  for (const app of apps) await app.close();
}

/** A core app in-process with an in-memory config dir and store. */
export async function createTestApp(options: TestAppOptions = {}) {
  const files = options.fileStore ?? createMemoryFileStore(options.files);
  if (options.fileStore) for (const [path, text] of Object.entries(options.files ?? {})) files.set(path, text);
  const storage: MemoryStorage = await createMemoryStorage();
  let shutdownRequested = false;
  const now = options.now ?? (() => Date.now());
  const deps: Deps = {
    clock: { now, monotonic: options.monotonic ?? (() => performance.now()) },
    random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
    files: files.store,
    storage,
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    log: { info() {}, warn() {}, error() {} },
    fetch: globalThis.fetch,
    env: options.env ?? {},
    server: { ...TEST_SERVER },
    requestShutdown: () => {
      shutdownRequested = true;
    },
    ...options.deps,
  };
  const app: App = await createApp(deps);
  open.add(app);
  const dashboardToken = files.text('dashboard.token')?.trim() ?? null;
  const daemonToken = files.text('daemon.token')!.trim();
  /** Sends a request as a loopback client with a correct Host header. */
  async function request(path: string, init: RequestInit & { conn?: { remoteAddress: string } } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('host')) headers.set('host', `${TEST_SERVER.host}:${TEST_SERVER.port}`);
    return app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), init.conn ?? LOOPBACK);
  }
  return {
    app,
    deps,
    files,
    storage,
    dashboardToken,
    daemonToken,
    request,
    shutdownRequested: () => shutdownRequested,
  };
}
