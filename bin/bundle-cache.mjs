/**
 * Runs a TypeScript entry as plain JavaScript: the first run bundles it with
 * esbuild (a dependency; dynamic imports become chunks) into
 * node_modules/.cache/<name>/, and later runs import that build while every
 * source file it was built from is unchanged (size and mtime, one stat each).
 * Loading TypeScript through tsx costs ~0.3 s of loader start-up per run and,
 * for the daemon's ~240 modules, ~1.5 s of CPU; this keeps both away. Where
 * the cache cannot be written it falls back to tsx, the loader the tests use.
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OLD_BUILD_MS = 3_600_000;
/** Manifests of another format (builds whose inputs did not list their recipe) are rebuilt. */
const FORMAT = 2;

/** The cached build's entry file when every input is unchanged; null otherwise. */
function freshBuild(cache) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(cache, 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  if (!manifest || manifest.format !== FORMAT || typeof manifest.build !== 'string' || typeof manifest.inputs !== 'object') return null;
  for (const [file, stamp] of Object.entries(manifest.inputs)) {
    try {
      const stat = statSync(join(ROOT, file));
      if (!Array.isArray(stamp) || stat.mtimeMs !== stamp[0] || stat.size !== stamp[1]) return null;
    } catch {
      return null;
    }
  }
  return join(cache, manifest.build, 'main.js');
}

/** Bundles `entry` into a new build directory and points the manifest at it (atomically). */
async function build(entry, cache) {
  // The esbuild tsx itself transforms with, so the build runs the code the tests ran under tsx
  // (esbuild 0.25 and 0.28 differ, e.g. on parameter properties with define semantics).
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx'));
  const esbuild = await import(pathToFileURL(fromTsx.resolve('esbuild')).href);
  const id = `${Date.now().toString(36)}-${process.pid}`;
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: entry },
    outdir: join(cache, id),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages are bundled too (the ESM loader resolves, reads and links each of
    // typebox's ~270 files one by one otherwise); CommonJS ones get a real `require`.
    external: ['undici', 'sql.js', 'bufferutil', 'utf-8-validate'],
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
    // No keepNames: its `__name` calls ran for every closure made per request
    // (~5% of a health request's CPU). Nothing may rely on a function or class
    // name: bundling can rename one (the CLI knows commander's errors by code).
    keepNames: false,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = {};
  // The recipe counts as input too: this file and the esbuild that ran it.
  const recipe = [relative(ROOT, fileURLToPath(import.meta.url)), relative(ROOT, fromTsx.resolve('esbuild/package.json'))];
  for (const file of [...recipe, ...Object.keys(result.metafile.inputs)]) {
    const stat = statSync(join(ROOT, file));
    inputs[file] = [stat.mtimeMs, stat.size];
  }
  const manifest = join(cache, 'manifest.json');
  const temp = `${manifest}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ format: FORMAT, build: id, inputs }));
  renameSync(temp, manifest);
  // Builds older than an hour are no longer in use by any running process.
  for (const name of readdirSync(cache)) {
    if (name === id || name === 'manifest.json') continue;
    try {
      if (Date.now() - statSync(join(cache, name)).mtimeMs > OLD_BUILD_MS) rmSync(join(cache, name), { recursive: true, force: true });
    } catch {
      // another process removed it first
    }
  }
  return join(cache, id, 'main.js');
}

/** The built entry (building it when a source changed), or null when it cannot be built. */
export async function bundledEntry(entry, name) {
  const cache = join(ROOT, 'node_modules', '.cache', name);
  const cached = freshBuild(cache);
  if (cached) return cached;
  try {
    mkdirSync(cache, { recursive: true });
    return await build(entry, cache);
  } catch {
    return null;
  }
}

/** Imports `entry`: its cached build, or the source through tsx. */
export async function runEntry(entry, name) {
  const compiled = await bundledEntry(entry, name);
  if (compiled) {
    await import(pathToFileURL(compiled).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, entry)).href);
}
