import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The trimmed contents of a token file in a config dir. */
export async function readToken(configDir: string, name: 'daemon.token' | 'dashboard.token'): Promise<string> {
  return (await readFile(join(configDir, name), 'utf8')).trim();
}

/** The permission bits of a file. */
export async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}
