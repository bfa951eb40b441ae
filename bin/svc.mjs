#!/usr/bin/env node
/**
 * The `svc` launcher (package.json `bin`). It runs cli/main.ts from its
 * cached esbuild bundle (bundle-cache.mjs; lazy command modules become
 * chunks), which keeps `svc --version` far below tsx's ~0.3 s of loader
 * start-up.
 */
import { runEntry } from './bundle-cache.mjs';

if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
await runEntry('cli/main.ts', 'svc-cli');
