#!/usr/bin/env node
/**
 * `npm run build:worker`: bundles adapters/workers/worker.ts (core plus the
 * Workers adapter) into one ESM file, dist/worker.js, for Miniflare. Fails if
 * anything host-specific (sql.js, node:*, ws, undici) ends up in the bundle.
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds dist/worker.js; resolves with its path. */
export async function buildWorker() {
  const outfile = join(root, 'dist/worker.js');
  const result = await build({
    entryPoints: [join(root, 'adapters/workers/worker.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser', 'import'],
    mainFields: ['module', 'main'],
    metafile: true,
    logLevel: 'warning',
  });
  const forbidden = Object.keys(result.metafile.inputs).filter((input) => /node_modules\/(sql\.js|ws|undici)\/|^node:/.test(input));
  if (forbidden.length > 0) throw new Error(`the worker bundle must not include: ${forbidden.join(', ')}`);
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWorker();
}
