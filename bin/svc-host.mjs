#!/usr/bin/env node
/**
 * Starts the Node host (`npm start`, `svc daemon start`): adapters/node/main.ts
 * from its cached esbuild bundle (see bundle-cache.mjs), with the same
 * arguments (`[--port N] [--host H] [--config-dir DIR]`).
 */
import { runEntry } from './bundle-cache.mjs';

await runEntry('adapters/node/main.ts', 'svc-host');
