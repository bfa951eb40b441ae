import { stringify } from 'smol-toml';
import type { FileStore, Logger } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { ConfigScope } from '../schemas/config.ts';
import { applyConfigPatch, type ConfigPatch } from './config-patch.ts';
import { readScopeDocs, scopeFile, withConfigFiles } from './config-files.ts';
import { DEFAULT_CONFIG } from './config-types.ts';
import { deepMerge, isPlainObject } from './deep-merge.ts';
import { toConfig } from './load-config.ts';
import { checkProxyThresholds } from './proxy-thresholds.ts';

/** What one update changed. */
export interface ConfigWriteResult {
  scope: ConfigScope;
  filtersUpdated: number;
  proxyUpdated: boolean;
  serverUpdated: boolean;
}

/** The config-file writer behind `PUT /api/config`. */
export interface ConfigWriter {
  /**
   * Applies `patch` to the scope's file and writes it atomically. Rules, in
   * order: nothing to change or a repeated filter id → 400 INVALID_CONFIG;
   * an id not in `knownFilterIds` → 400 UNKNOWN_FILTERS (`unknown` lists
   * them); thresholds of the effective result (defaults, team, local, with the
   * change) outside 0-10 or allow ≥ deny → 400 INVALID_PROXY_THRESHOLD; files
   * that do not validate → 409 CONFIG_FILE_INVALID; a failed write → 500
   * CONFIG_WRITE_FAILED with the previous file intact. Updates run one at a
   * time so two concurrent writes cannot lose each other's keys.
   */
  update(scope: ConfigScope, patch: ConfigPatch, knownFilterIds: ReadonlySet<string>): Promise<ConfigWriteResult>;
}

/** Config files may hold `[server] api_key`, so they are written owner-only. */
const CONFIG_FILE_MODE = 0o600;

function checkPatchShape(patch: ConfigPatch, known: ReadonlySet<string>): void {
  const filters = patch.filters ?? [];
  if (filters.length === 0 && patch.proxy === undefined && patch.server === undefined) {
    throw new HttpError(400, 'INVALID_CONFIG', 'nothing to update: give at least one of filters, proxy, server');
  }
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { id } of filters) (seen.has(id) ? repeated : seen).add(id);
  if (repeated.size > 0) {
    throw new HttpError(400, 'INVALID_CONFIG', `filter ids given more than once: ${[...repeated].join(', ')}`);
  }
  const unknown = [...seen].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new HttpError(400, 'UNKNOWN_FILTERS', `unknown filter ids: ${unknown.join(', ')}`, { unknown });
  }
}

async function updateOnce(
  files: FileStore,
  log: Logger,
  scope: ConfigScope,
  patch: ConfigPatch,
  known: ReadonlySet<string>,
): Promise<ConfigWriteResult> {
  checkPatchShape(patch, known);
  const docs = await readScopeDocs(files);
  const next = { ...docs, [scope]: applyConfigPatch(docs[scope], patch) };
  const defaults = structuredClone(DEFAULT_CONFIG) as Record<string, unknown>;
  const effective = deepMerge(deepMerge(defaults, next.team), next.local);
  if (patch.proxy) {
    const proxy = isPlainObject(effective.proxy) ? effective.proxy : {};
    checkProxyThresholds(proxy.auto_allow_threshold, proxy.auto_deny_threshold);
  }
  // Anything else that would stop the next start is refused before writing.
  await withConfigFiles(() => toConfig(effective));
  const path = scopeFile(scope);
  try {
    await files.writeAtomic(path, `${stringify(next[scope])}\n`, { mode: CONFIG_FILE_MODE });
  } catch (error) {
    log.error('config write failed', { path, error: error instanceof Error ? error.message : String(error) });
    throw new HttpError(500, 'CONFIG_WRITE_FAILED', `could not write ${path}; the previous file is unchanged`);
  }
  return {
    scope,
    filtersUpdated: patch.filters?.length ?? 0,
    proxyUpdated: patch.proxy !== undefined,
    serverUpdated: patch.server !== undefined,
  };
}

/** Creates the writer over the config dir. */
export function createConfigWriter(files: FileStore, log: Logger): ConfigWriter {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    update(scope, patch, knownFilterIds) {
      const run = tail.then(() => updateOnce(files, log, scope, patch, knownFilterIds));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
