#!/usr/bin/env node
/**
 * The `svc` launcher (package.json `bin`). It runs cli/main.ts as plain
 * JavaScript: the first run bundles it with esbuild (a dependency; lazy
 * command modules become chunks) into node_modules/.cache/svc-cli/, and later
 * runs import that build while every source file it was built from is
 * unchanged (size and mtime, one stat each). Loading TypeScript through tsx
 * costs ~0.3 s of loader start-up per run; this keeps `svc --version` far
 * below that. Where the cache cannot be written it falls back to tsx, the
 * loader `npm start` uses.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'cli/main.ts';
const CACHE = join(ROOT, 'node_modules', '.cache', 'svc-cli');
const MANIFEST = join(CACHE, 'manifest.json');
const OLD_BUILD_MS = 3_600_000;

/** The cached build's entry file when every input is unchanged; null otherwise. */
function freshBuild() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return null;
  }
  if (!manifest || typeof manifest.build !== 'string' || typeof manifest.inputs !== 'object') return null;
  for (const [file, stamp] of Object.entries(manifest.inputs)) {
    try {
      const stat = statSync(join(ROOT, file));
      if (!Array.isArray(stamp) || stat.mtimeMs !== stamp[0] || stat.size !== stamp[1]) return null;
    } catch {
      return null;
    }
  }
  return join(CACHE, manifest.build, 'main.js');
}

/** Bundles cli/main.ts into a new build directory and points the manifest at it (atomically). */
async function build() {
  const esbuild = await import('esbuild');
  const id = `${Date.now().toString(36)}-${process.pid}`;
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: ENTRY },
    outdir: join(CACHE, id),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const stat = statSync(join(ROOT, file));
    inputs[file] = [stat.mtimeMs, stat.size];
  }
  const temp = `${MANIFEST}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ build: id, inputs }));
  renameSync(temp, MANIFEST);
  // Builds older than an hour are no longer in use by any running command.
  for (const name of readdirSync(CACHE)) {
    if (name === id || name === 'manifest.json') continue;
    try {
      if (Date.now() - statSync(join(CACHE, name)).mtimeMs > OLD_BUILD_MS) rmSync(join(CACHE, name), { recursive: true, force: true });
    } catch {
      // another svc removed it first
    }
  }
  return join(CACHE, id, 'main.js');
}

async function entry() {
  const cached = freshBuild();
  if (cached) return cached;
  try {
    mkdirSync(CACHE, { recursive: true });
    return await build();
  } catch {
    return null;
  }
}

if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
const compiled = await entry();
if (compiled) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, ENTRY)).href);
}
