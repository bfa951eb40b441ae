/**
 * The Workers host: `npm run start:workers -- [--port N] [--host H] [--config-dir DIR]`.
 * A Node harness that runs dist/worker.js (scripts/build-worker.mjs) in
 * Miniflare on loopback. The daemon lives in one SQLite-backed Durable Object
 * persisted under `<config_dir>/workers-state/`; the harness seeds it with the
 * config dir (`SEED` binding) and serves it the `HARNESS` binding (token files,
 * real port, shutdown).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { Miniflare } from 'miniflare';
import { loadConfig } from '../../core/config/load-config.ts';
import { isLoopbackHostName } from '../../core/guards/is-loopback.ts';
import { createNodeFileStore } from '../node/node-file-store.ts';
import { configDirOf, parseHostArgs, readyLine } from '../shared/cli-args.ts';
import { clientUrl, publishDaemonInfo, withdrawDaemonInfo } from '../shared/daemon-info.ts';
import { refuseSecondDaemon } from '../shared/one-daemon.ts';
import { createJsonLogger } from '../shared/json-logger.ts';
import { createHarnessService } from './harness-service.ts';
import { startHttpFront, type HttpFront } from './http-front.ts';
import { readSeed } from './seed.ts';
import { checkDurableObjectStore } from './store-check.ts';

/** GET through the HTTP front, over the public socket as any client (its own certificate trusted). */
async function getThroughFront(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { request } = await import(url.startsWith('https:') ? 'node:https' : 'node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, rejectUnauthorized: false }, (res: import('node:http').IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

/**
 * The first request boots the Durable Object, which calls back into the
 * harness. On a busy machine Miniflare can lose that channel at start
 * ("Network connection lost", cloudflare/workers-sdk#14848) and the answer is
 * a 5xx; a failed boot is not kept (app-object.ts), so the health request,
 * which changes nothing, is sent again a few times before giving up.
 */
async function warmUpThroughFront(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const backoffMs = [250, 500, 1000, 2000, 4000];
  for (let attempt = 0; ; attempt++) {
    const answer = await getThroughFront(url, headers).catch((error: unknown) => ({ status: 0, body: JSON.stringify({ error: error instanceof Error ? error.message : String(error) }) }));
    if ((answer.status !== 0 && answer.status < 500) || attempt >= backoffMs.length) return answer;
    await new Promise((resolve) => setTimeout(resolve, backoffMs[attempt]));
  }
}

async function main(): Promise<void> {
  const options = parseHostArgs(process.argv.slice(2));
  // Miniflare's entry worker takes CF-Connecting-IP from the client when present; only a loopback bind makes the peer address trustworthy.
  if (!isLoopbackHostName(options.host)) throw new Error(`the Workers host serves loopback only (got --host ${options.host})`);
  const configDir = resolve(configDirOf(options, process.env.SVC_CONFIG_DIR, homedir()));
  await mkdir(join(configDir, 'workers-state'), { recursive: true, mode: 0o700 });
  const files = createNodeFileStore(configDir);
  await refuseSecondDaemon(files, configDir, process.pid);
  const config = await loadConfig(files);
  const { cert, key } = config.server.tls;
  const tls = cert && key ? { cert: await readFile(resolve(configDir, cert), 'utf8'), key: await readFile(resolve(configDir, key), 'utf8') } : undefined;
  const server = { host: options.host, port: options.port, tls: cert !== '' && key !== '' };
  // Before Miniflare opens the store: SQLite would drop damaged WAL frames without a word.
  const store = await checkDurableObjectStore(configDir, createJsonLogger());
  // Imported only now: a refused config fails fast, before the seconds Miniflare takes to load.
  const { Log, LogLevel, Miniflare } = await import('miniflare');
  /** Miniflare's own messages go to stderr: stdout carries only the ready line. */
  class StderrLog extends Log {
    protected override log(message: string): void {
      process.stderr.write(`${message}\n`);
    }
  }
  let mf: Miniflare | null = null;
  let front: HttpFront | null = null;
  let stopping = false;
  let instanceId = '';
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    // Requests in flight finish (two seconds at most) before the worker goes.
    void (front?.close(2000) ?? Promise.resolve())
      .then(() => mf?.dispose())
      .then(() => (instanceId ? withdrawDaemonInfo(files, instanceId) : undefined))
      .then(() => process.exit(0), () => process.exit(1));
  };
  // Miniflare listens on a private loopback port; the public one is the HTTP front's (http-front.ts).
  mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    log: new StderrLog(LogLevel.WARN),
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.pipe(process.stderr);
      stderr.pipe(process.stderr);
    },
    modules: true,
    scriptPath: fileURLToPath(new URL('../../dist/worker.js', import.meta.url)),
    compatibilityDate: '2025-09-01',
    cf: false, // no fetch of the real Request.cf from the network at start
    durableObjects: { APP: { className: 'SvcApp', useSQLite: true, unsafePreventEviction: true } },
    durableObjectsPersist: join(configDir, 'workers-state'),
    bindings: { SEED: { ...(await readSeed(configDir, process.env)), ...(store ? { store } : {}) } },
    serviceBindings: { HARNESS: createHarnessService({ configDir, server, onShutdown: shutdown }) as never },
  });
  const url = await mf.ready.catch(async (error: unknown) => {
    await mf?.dispose();
    throw error;
  });
  front = await startHttpFront({ host: options.host, port: options.port, tls, upstreamPort: Number(url.port) }).catch(async (error: unknown) => {
    await mf?.dispose();
    throw error;
  });
  server.port = (front.server.address() as import('node:net').AddressInfo).port;
  const publicHost = new URL(clientUrl(options.host, server.port, server.tls)).host;
  process.stderr.write(`${JSON.stringify({ level: 'info', at: new Date().toISOString(), message: 'workers http front', public: publicHost, upstream: url.host })}\n`);
  // Boot the Durable Object now, so the token files exist before the ready line.
  // With [server] require_api_key the harness is a client like any other: it sends the key.
  const apiKey: Record<string, string> = config.server.require_api_key ? { 'x-svc-api-key': config.server.api_key } : {};
  const warmUp = await warmUpThroughFront(`${clientUrl(options.host, server.port, server.tls)}/api/health`, apiKey);
  const answer = ((): { error?: string; instance_id?: unknown; version?: unknown } => {
    try {
      return JSON.parse(warmUp.body) as { error?: string };
    } catch {
      return {};
    }
  })();
  if (warmUp.status !== 200) {
    await mf.dispose();
    throw new Error(answer.error ?? `the worker answered ${warmUp.status} at start`);
  }
  const health = answer;
  instanceId = typeof health.instance_id === 'string' ? health.instance_id : '';
  // Miniflare's exit hook answers SIGTERM/SIGINT with exit 143/130; ours disposes and exits 0
  // (its 'exit' hook, which kills workerd as a last resort, stays).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
  if (instanceId) {
    const url = clientUrl(options.host, server.port, server.tls);
    await publishDaemonInfo(files, { url, pid: process.pid, instance_id: instanceId, version: String(health.version ?? '') });
  }
  process.stdout.write(`${readyLine(options.host, server.port, server.tls)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`svc: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
