import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The config dir every host and the CLI agree on: `--config-dir`, else
 * `$SVC_CONFIG_DIR`, else `~/.config/svc` (contracts.md, "Starting a host").
 */
export function resolveConfigDir(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const dir = given ?? (env.SVC_CONFIG_DIR || undefined) ?? join(homedir(), '.config', 'svc');
  return resolve(dir);
}
