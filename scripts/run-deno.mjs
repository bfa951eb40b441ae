#!/usr/bin/env node
/**
 * `npm run start:deno -- [flags]`: runs adapters/deno/main.ts with the Deno
 * binary from the `deno` npm package. The binary is resolved directly (the
 * package's bin shim uses spawnSync and would not forward signals, and npm 11
 * skips the install script that links it), then SIGTERM/SIGINT are forwarded
 * and Deno's exit code is ours.
 *
 * Permissions: network (to listen), read (config dir, sources, sql.js's
 * WASM), write (config dir), env (SVC_CONFIG_DIR, HOME, SVC_LICENSE_PUBLIC_KEY
 * are read; core gets the environment as `deps.env`). No run, ffi or sys.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const denoPath = require('deno/install_api.cjs').runInstall();

const child = spawn(
  denoPath,
  ['run', '--quiet', '--no-prompt', `--config=${join(root, 'deno.json')}`, '--allow-net', '--allow-read', '--allow-write', '--allow-env', join(root, 'adapters/deno/main.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: process.cwd(), env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
