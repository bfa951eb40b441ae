import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../core/app.ts';
import { configDirOf, parseHostArgs, readyLine } from '../shared/cli-args.ts';
import { clientUrl, publishDaemonInfo, withdrawDaemonInfo } from '../shared/daemon-info.ts';
import { refuseSecondDaemon } from '../shared/one-daemon.ts';
import { createNodeDeps, createStderrLogger } from './node-deps.ts';
import { openNodeStorage } from './node-storage.ts';
import { serveNode } from './serve.ts';
import { announceDashboard } from './open-dashboard.ts';
import { loadConfig } from '../../core/config/load-config.ts';
import { createNodeFileStore } from './node-file-store.ts';
import { mkdir } from 'node:fs/promises';
import { createChainWorker } from './chain-worker.ts';
import { BODY_LOG_FILE } from '../../storage/sqljs/body-log.ts';

/** The Node daemon: `npm start -- [--port N] [--host H] [--config-dir DIR]`. */
async function main(): Promise<void> {
  const log = createStderrLogger();
  const options = parseHostArgs(process.argv.slice(2));
  const configDir = resolve(configDirOf(options, process.env.SVC_CONFIG_DIR, homedir()));
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  const files = createNodeFileStore(configDir);
  await refuseSecondDaemon(files, configDir, process.pid);
  // Started first: it checks the audit body log ahead while the rest loads and the store opens.
  const chainWorker = createChainWorker({ bodyLog: join(configDir, 'audit', BODY_LOG_FILE) });
  const config = await loadConfig(files);
  const tls = config.server.tls.cert && config.server.tls.key
    ? { cert: await readFile(resolve(configDir, config.server.tls.cert)), key: await readFile(resolve(configDir, config.server.tls.key)) }
    : undefined;
  const storage = await openNodeStorage(configDir, log);
  let shuttingDown = false;
  let stop: () => Promise<void> = async () => undefined;
  const shutdown = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    void stop().then(
      () => process.exit(0),
      (error) => {
        log.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  // The real port is known only after listen; core reads it through this object.
  const server = { host: options.host, port: options.port, tls: tls !== undefined };
  const deps = createNodeDeps({ configDir, storage, server, requestShutdown: shutdown, log, chainWorker });
  const app = await createApp(deps);
  const listener = await serveNode(app, { host: options.host, port: options.port, tls });
  server.port = (listener.address() as AddressInfo).port;
  stop = async () => {
    // An open WebSocket keeps its connection, and so the listener's close, alive: they end first.
    app.services.hub.closeAll();
    await new Promise<void>((done) => {
      listener.close(() => done());
      listener.closeIdleConnections();
      setTimeout(() => listener.closeAllConnections(), 2000).unref();
    });
    await app.close();
    await withdrawDaemonInfo(files, app.instanceId);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  const url = clientUrl(options.host, server.port, tls !== undefined);
  await publishDaemonInfo(files, { url, pid: process.pid, instance_id: app.instanceId, version: app.services.version });
  process.stdout.write(`${readyLine(options.host, server.port, tls !== undefined)}\n`);
  await announceDashboard(app, url, { host: options.host, port: server.port }, config.server.auto_open_dashboard, log);
}

main().catch((error: unknown) => {
  process.stderr.write(`svc: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
