import type { FileStore } from '../deps.ts';
import { POLICIES_DIR } from '../policies/policy-name.ts';

/** Synced team configs: `<config_dir>/sync/*.json`. */
export const SYNC_DIR = 'sync';

/** Provider key files: `<config_dir>/provider-keys/*.json` (counted only; never synced or served). */
export const PROVIDER_KEYS_DIR = 'provider-keys';

/** JSON files of a directory (hidden and temporary files excluded), sorted by name. */
export async function jsonFiles(files: FileStore, dir: string): Promise<string[]> {
  const entries = await files.list(dir);
  return entries.filter((name) => name.endsWith('.json') && !name.startsWith('.') && !name.includes('/')).sort(byName);
}

/** Code-unit order, the same on every host and locale. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `{name, size_bytes}` of every synced config, sorted by name. */
export async function listSyncedConfigs(files: FileStore): Promise<Array<{ name: string; size_bytes: number }>> {
  const out: Array<{ name: string; size_bytes: number }> = [];
  for (const name of await jsonFiles(files, SYNC_DIR)) {
    const info = await files.stat(`${SYNC_DIR}/${name}`);
    if (info) out.push({ name, size_bytes: info.size });
  }
  return out;
}

/** The file counts of the sync status resource. */
export async function countSyncFiles(files: FileStore) {
  const [policies, configs, providerKeys] = await Promise.all([
    jsonFiles(files, POLICIES_DIR),
    jsonFiles(files, SYNC_DIR),
    jsonFiles(files, PROVIDER_KEYS_DIR),
  ]);
  return { policies_count: policies.length, configs_count: configs.length, provider_keys_count: providerKeys.length };
}
