import { createApp, type App } from '../../core/app.ts';
import { discardBody } from '../../core/http/read-body.ts';
import type { Deps, ServerAddress } from '../../core/deps.ts';
import { createDurableObjectStorage } from '../../storage/durable-object.ts';
import { createJsonLogger } from '../shared/json-logger.ts';
import { createDoFileStore } from './do-file-store.ts';
import { acceptWorkersWebSocket } from './websocket.ts';
import type { DurableObjectState, Env } from './workers-types.ts';

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** An unexpected body read up to this size before answering; past it the connection may close. */
const DRAINED_BODY_BYTES = 8 * 1024 * 1024;

/**
 * The one Durable Object that holds the daemon: every request reaches it, so
 * state has a single writer. It boots on its first request: seeds its file
 * table from `env.SEED`, asks the harness for the address it serves, and
 * writes the token files through the harness (the Worker has no disk).
 */
export class SvcApp {
  #booting: Promise<App> | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  async fetch(request: Request): Promise<Response> {
    let app: App;
    try {
      app = await (this.#booting ??= this.ctx.blockConcurrencyWhile(() => this.#boot()));
    } catch (error) {
      this.#booting = null;
      const message = error instanceof Error ? error.message : String(error);
      return Response.json({ error: `cannot start: ${message}`, code: 'BOOT_FAILED' }, { status: 503 });
    }
    // The harness binds Miniflare to loopback only, so the entry worker's CF-Connecting-IP is the socket peer.
    const conn = { remoteAddress: request.headers.get('cf-connecting-ip') ?? '' };
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      const response = await app.fetch(request, conn);
      // Core never reads a GET/HEAD body; left unread, workerd resets the connection under the answer.
      if ((request.method === 'GET' || request.method === 'HEAD') && request.body !== null && !request.bodyUsed) await discardBody(request.body, DRAINED_BODY_BYTES);
      return response;
    }
    const result = await app.upgrade(request, conn);
    return result.accepted ? acceptWorkersWebSocket(result.hooks) : result.response;
  }

  async #boot(): Promise<App> {
    const harness = this.env.HARNESS;
    const server = (await (await harness.fetch('http://harness/server')).json()) as ServerAddress;
    const mirror = {
      async write(path: string, data: Uint8Array, mode: number) {
        const response = await harness.fetch(`http://harness/file/${encodeURIComponent(path)}`, {
          method: 'PUT',
          headers: { 'x-mode': mode.toString(8) },
          body: data.slice().buffer as ArrayBuffer,
        });
        if (!response.ok) throw new Error(`the harness could not write ${path}: ${await response.text()}`);
      },
      async remove(path: string) {
        const response = await harness.fetch(`http://harness/file/${encodeURIComponent(path)}`, { method: 'DELETE' });
        if (!response.ok) throw new Error(`the harness could not remove ${path}: ${await response.text()}`);
      },
    };
    const files = createDoFileStore(this.ctx.storage.sql, () => Date.now(), mirror);
    files.seed(Object.fromEntries(Object.entries(this.env.SEED.files).map(([path, data]) => [path, fromBase64(data)])));
    const deps: Deps = {
      clock: { now: () => Date.now(), monotonic: () => performance.now() },
      random: { bytes: (length) => crypto.getRandomValues(new Uint8Array(length)) },
      files,
      storage: createDurableObjectStorage(this.ctx.storage, this.env.SEED.store),
      timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as number) },
      log: createJsonLogger(),
      fetch: (input, init) => fetch(input, init),
      env: this.env.SEED.env,
      server,
      requestShutdown: () => void harness.fetch('http://harness/shutdown', { method: 'POST' }),
    };
    return createApp(deps);
  }
}
