import type { FileStore } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { ConfigScope } from '../schemas/config.ts';
import { LOCAL_CONFIG_FILE, TEAM_CONFIG_FILE, type Config } from './config-types.ts';
import { ConfigError, loadConfig, readTomlFile } from './load-config.ts';

/** The file a scope reads and writes: `local` → config.toml, `team` → team-config.toml. */
export function scopeFile(scope: ConfigScope): string {
  return scope === 'team' ? TEAM_CONFIG_FILE : LOCAL_CONFIG_FILE;
}

function fileInvalid(error: ConfigError): HttpError {
  return new HttpError(
    409,
    'CONFIG_FILE_INVALID',
    `the config files on disk do not validate (${error.message}); fix or remove the file first`,
  );
}

/** Runs `body`, turning a ConfigError about the files on disk into 409 CONFIG_FILE_INVALID. */
export async function withConfigFiles<T>(body: () => Promise<T> | T): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ConfigError) throw fileInvalid(error);
    throw error;
  }
}

/** The effective configuration of the files as they stand now (not the running one). */
export function loadEffectiveConfig(files: FileStore): Promise<Config> {
  return withConfigFiles(() => loadConfig(files));
}

/** Both scope documents as parsed now; an absent file is an empty table. */
export function readScopeDocs(files: FileStore): Promise<Record<ConfigScope, Record<string, unknown>>> {
  return withConfigFiles(async () => ({
    team: (await readTomlFile(files, TEAM_CONFIG_FILE)) ?? {},
    local: (await readTomlFile(files, LOCAL_CONFIG_FILE)) ?? {},
  }));
}
