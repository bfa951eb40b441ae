import { stringify } from 'smol-toml';
import { readScopeDocs, withConfigFiles } from '../config/config-files.ts';
import { DEFAULT_CONFIG, TEAM_CONFIG_FILE } from '../config/config-types.ts';
import { deepMerge, isPlainObject } from '../config/deep-merge.ts';
import { toConfig } from '../config/load-config.ts';
import type { FileStore, Logger } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { SYNC_DIR, jsonFiles } from './sync-files.ts';
import { tomlProblem } from './toml-value.ts';

/** What `POST /api/sync/apply` did. */
export interface SyncApplyResult {
  configsApplied: number;
  /** One line per skipped file: which and why. */
  warnings: string[];
}

/** `team-config.toml` may hold `[server] api_key`, like every config file: owner-only. */
const TEAM_CONFIG_MODE = 0o600;

/**
 * Deep-merges every `sync/*.json` in sorted filename order (a later file
 * wins) over the current `team-config.toml` and writes the result atomically.
 * Tables merge key by key; scalars and arrays replace; keys no synced file
 * names are kept. A file is skipped with a warning when it cannot be read,
 * is not UTF-8 JSON, is not an object, holds values TOML cannot (null), or
 * would leave a configuration the daemon refuses to start with (checked
 * against defaults, team and the local `config.toml`). Nothing is written
 * when no file applies. The running daemon reads the result at its next start.
 */
export async function applySyncedConfigs(files: FileStore, log: Logger): Promise<SyncApplyResult> {
  const docs = await readScopeDocs(files);
  let team = docs.team;
  const warnings: string[] = [];
  let applied = 0;
  for (const name of await jsonFiles(files, SYNC_DIR)) {
    const path = `${SYNC_DIR}/${name}`;
    const problem = await mergeOne(files, path, team, docs.local);
    if (typeof problem === 'string') {
      warnings.push(`${path} skipped: ${problem}`);
      log.warn('sync apply skipped a file', { path, reason: problem });
      continue;
    }
    team = problem.team;
    applied++;
  }
  if (applied > 0) {
    try {
      await files.writeAtomic(TEAM_CONFIG_FILE, `${stringify(team)}\n`, { mode: TEAM_CONFIG_MODE });
    } catch (error) {
      log.error('sync apply could not write the team config', { error: String(error) });
      throw new HttpError(500, 'CONFIG_WRITE_FAILED', `could not write ${TEAM_CONFIG_FILE}; the previous file is unchanged`);
    }
  }
  return { configsApplied: applied, warnings };
}

async function mergeOne(
  files: FileStore,
  path: string,
  team: Record<string, unknown>,
  local: Record<string, unknown>,
): Promise<{ team: Record<string, unknown> } | string> {
  let value: unknown;
  try {
    const bytes = await files.read(path);
    if (bytes === null) return 'the file disappeared';
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return `unreadable or not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!isPlainObject(value)) return 'not a JSON object';
  const problem = tomlProblem(value);
  if (problem) return problem;
  const next = deepMerge(team, value);
  try {
    const defaults = structuredClone(DEFAULT_CONFIG) as Record<string, unknown>;
    await withConfigFiles(() => toConfig(deepMerge(deepMerge(defaults, next), local)));
  } catch (error) {
    return `the merged configuration would not start (${error instanceof Error ? error.message : String(error)})`;
  }
  return { team: next };
}
