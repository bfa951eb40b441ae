import { json } from '../http/json.ts';
import { requireFeature } from '../licence/require-feature.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { SyncApplyResultSchema, SyncConfigListSchema, SyncStatusSchema } from '../schemas/sync.ts';
import type { FileStore, Logger } from '../deps.ts';
import type { LicenceService } from '../licence/licence-service.ts';
import { applySyncedConfigs } from '../sync/apply-sync.ts';
import { countSyncFiles, listSyncedConfigs } from '../sync/sync-files.ts';
import { readLastSynced } from '../sync/sync-state.ts';

const GATED = errorDoc('FEATURE_GATED: the licence lacks cloud_sync');

/** The three sync routes (Pro `cloud_sync`, checked before any file access). */
export function syncRoutes(parts: { files: FileStore; log: Logger; licence: LicenceService; hasLearnedRules: () => boolean }): RouteSpec[] {
  const { files, log } = parts;
  const gate = () => requireFeature(parts.licence, 'cloud_sync');
  const tags = ['sync'];
  let applying: Promise<unknown> = Promise.resolve();
  return [
    {
      method: 'GET',
      path: '/api/sync/status',
      auth: 'open',
      bucket: 'general',
      summary: 'What team sync has put on disk',
      description:
        'Open, but 403 FEATURE_GATED without a Pro licence. Counts are files on disk: `policies/*.json`, `sync/*.json`, ' +
        '`provider-keys/*.json`. The network fetch is the command `svc sync pull --from URL [--config-dir DIR]`, not this API: ' +
        'it GETs a bundle `{"configs": {"<name>": {...config tables...}}, "policies": {"<name>": {...policy body...}}}`, verifies every ' +
        'entry before writing, then writes `sync/<name>.json` (removing synced configs the bundle no longer lists), ' +
        '`policies/<name>.json` (version 1 or the local version + 1) and `sync-state.json` (`last_synced`).',
      tags,
      responses: { 200: { description: 'Sync status', schema: SyncStatusSchema }, 403: GATED },
      async handler() {
        gate();
        const counts = await countSyncFiles(files);
        return json({ last_synced: await readLastSynced(files), ...counts, has_learned_rules: parts.hasLearnedRules() });
      },
    },
    {
      method: 'GET',
      path: '/api/sync/configs',
      auth: 'read-token',
      bucket: 'general',
      summary: 'The synced team configs (sync/*.json), sorted by name',
      tags,
      responses: { 200: { description: 'Synced configs', schema: SyncConfigListSchema }, 403: GATED },
      async handler() {
        gate();
        const configs = await listSyncedConfigs(files);
        return json({ configs, total: configs.length });
      },
    },
    {
      method: 'POST',
      path: '/api/sync/apply',
      auth: 'write',
      bucket: 'write',
      summary: 'Merge the synced configs into team-config.toml (effective at the next start)',
      description:
        'No body. Deep-merges every `sync/*.json` in sorted filename order (a later file wins) over the current ' +
        '`team-config.toml`: tables merge key by key, scalars and arrays replace, keys no synced file names are kept. ' +
        'A file that cannot be read, is not a JSON object, holds null, or would leave a configuration the daemon refuses ' +
        'to start with is skipped and named in `warnings`. The file is rewritten atomically (comments are not kept); ' +
        'nothing is written when no file applies. 409 CONFIG_FILE_INVALID when the config files on disk do not validate.',
      tags,
      responses: { 200: { description: 'Applied', schema: SyncApplyResultSchema }, 403: GATED, 409: errorDoc('CONFIG_FILE_INVALID') },
      async handler() {
        gate();
        const run = applying.then(() => applySyncedConfigs(files, log));
        applying = run.catch(() => undefined);
        const result = await run;
        return json({
          status: 'applied',
          configs_applied: result.configsApplied,
          team_config_path: 'team-config.toml',
          warnings: result.warnings,
        });
      },
    },
  ];
}
