/** The Deno daemon: `npm run start:deno -- [--port N] [--host H] [--config-dir DIR]`. */
import { createApp } from '../../core/app.ts';
import type { Deps } from '../../core/deps.ts';
import { loadConfig } from '../../core/config/load-config.ts';
import { createDenoDirectory, readSqlJsWasmDeno } from '../../storage/sqljs/deno-files.ts';
import { openSqljsStorage } from '../../storage/sqljs/sqljs-storage.ts';
import { configDirOf, parseHostArgs, readyLine, type HostOptions } from '../shared/cli-args.ts';
import { clientUrl, publishDaemonInfo, withdrawDaemonInfo } from '../shared/daemon-info.ts';
import { refuseSecondDaemon } from '../shared/one-daemon.ts';
import { createJsonLogger } from '../shared/json-logger.ts';
import { denoHash, denoProcesses } from './deno-deps.ts';
import { createDenoFileStore } from './deno-file-store.ts';
import { serveDeno } from './serve.ts';

function resolveConfigDir(options: HostOptions): string {
  const dir = configDirOf(options, Deno.env.get('SVC_CONFIG_DIR'), Deno.env.get('HOME') ?? '.');
  return dir.startsWith('/') ? dir : `${Deno.cwd()}/${dir}`;
}

async function main(): Promise<void> {
  const log = createJsonLogger();
  const options = parseHostArgs(Deno.args);
  const configDir = resolveConfigDir(options);
  await Deno.mkdir(configDir, { recursive: true, mode: 0o700 });
  const files = createDenoFileStore(configDir);
  // Deno runs without the permission to signal a process: the address alone tells whether it still runs.
  await refuseSecondDaemon(files, configDir, Deno.pid, () => null);
  const config = await loadConfig(files);
  const { cert, key } = config.server.tls;
  const tls = cert && key ? { cert: await Deno.readTextFile(`${configDir}/${cert}`), key: await Deno.readTextFile(`${configDir}/${key}`) } : undefined;
  const storage = await openSqljsStorage({
    directory: createDenoDirectory(`${configDir}/audit`),
    wasmBinary: await readSqlJsWasmDeno(),
    onWarning: (message, fields) => log.warn(message, fields),
  });
  let stop = async () => {};
  let stopping: Promise<void> | null = null;
  const shutdown = () => {
    stopping ??= stop().then(
      () => Deno.exit(0),
      (error) => {
        log.error('shutdown failed', { error: String(error) });
        Deno.exit(1);
      },
    );
  };
  // The real port is known only after listening; core reads it through this object.
  const server = { host: options.host, port: options.port, tls: tls !== undefined };
  const deps: Deps = {
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    random: { bytes: (length) => crypto.getRandomValues(new Uint8Array(length)) },
    hash: denoHash,
    files,
    storage,
    timers: {
      setTimeout: (callback, ms) => {
        const handle = setTimeout(callback, ms);
        Deno.unrefTimer(handle);
        return handle;
      },
      clearTimeout: (handle) => clearTimeout(handle as number),
      // Deno 2 has Node's setImmediate: audit appends of one turn share one batch.
      afterIo: (callback) => void setImmediate(callback),
    },
    log,
    fetch: globalThis.fetch,
    env: Deno.env.toObject(),
    server,
    processes: denoProcesses,
    requestShutdown: shutdown,
  };
  const app = await createApp(deps);
  const listening = await serveDeno(app, { host: options.host, port: options.port, tls });
  server.port = listening.port;
  stop = async () => {
    app.services.hub.closeAll();
    // Requests in a handler finish first (their bodies are still readable), two seconds at most.
    const deadline = new Promise((done) => setTimeout(done, 2000));
    await Promise.race([listening.idle(), deadline]);
    await Promise.race([listening.server.shutdown(), deadline]);
    await app.close();
    await withdrawDaemonInfo(files, app.instanceId);
  };
  Deno.addSignalListener('SIGTERM', shutdown);
  Deno.addSignalListener('SIGINT', shutdown);
  const url = clientUrl(options.host, server.port, tls !== undefined);
  await publishDaemonInfo(files, { url, pid: Deno.pid, instance_id: app.instanceId, version: app.services.version });
  console.log(readyLine(options.host, server.port, tls !== undefined));
}

main().catch((error: unknown) => {
  console.error(`svc: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  Deno.exit(1);
});
