import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Seed } from './workers-types.ts';

const TOP_FILES = ['config.toml', 'team-config.toml', 'license.json', 'dashboard.token', 'sync-state.json', 'audit.head', 'audit.key'];
const DIRS: Array<[string, string]> = [['filters', '.toml'], ['policies', '.json'], ['sync', '.json'], ['provider-keys', '.json']];

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * What the Worker sees of the config dir: the files core reads at start
 * (base64, by relative path) and the environment variables core reads.
 */
export async function readSeed(configDir: string, env: NodeJS.ProcessEnv): Promise<Seed> {
  const files: Record<string, string> = {};
  const paths = [...TOP_FILES];
  for (const [dir, ext] of DIRS) {
    const names = await readdir(join(configDir, dir)).catch(() => [] as string[]);
    paths.push(...names.filter((name) => name.endsWith(ext)).map((name) => `${dir}/${name}`));
  }
  for (const path of paths) {
    const bytes = await readIfPresent(join(configDir, path));
    if (bytes) files[path] = bytes.toString('base64');
  }
  const seededEnv: Record<string, string> = {};
  if (env.SVC_LICENSE_PUBLIC_KEY) seededEnv.SVC_LICENSE_PUBLIC_KEY = env.SVC_LICENSE_PUBLIC_KEY;
  return { files, env: seededEnv };
}
