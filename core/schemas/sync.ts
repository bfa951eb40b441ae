import { Type } from '@sinclair/typebox';

/** `GET /api/sync/status`: counts are files on disk under the config dir. */
export const SyncStatusSchema = Type.Object(
  {
    last_synced: Type.Union([Type.String(), Type.Null()], {
      description: 'RFC 3339 time `svc sync pull` last finished (from sync-state.json); null before the first pull',
    }),
    policies_count: Type.Integer({ description: 'policies/*.json' }),
    configs_count: Type.Integer({ description: 'sync/*.json' }),
    provider_keys_count: Type.Integer({ description: 'provider-keys/*.json (counted, never served or synced)' }),
    has_learned_rules: Type.Boolean({ description: 'Whether the digest has stored any learn / allow-always rule' }),
  },
  { $id: 'SyncStatus' },
);

/** `GET /api/sync/configs`. */
export const SyncConfigListSchema = Type.Object(
  {
    configs: Type.Array(Type.Object({ name: Type.String({ description: 'File name, e.g. `base.json`' }), size_bytes: Type.Integer() })),
    total: Type.Integer(),
  },
  { $id: 'SyncConfigList' },
);

/** `POST /api/sync/apply`. */
export const SyncApplyResultSchema = Type.Object(
  {
    status: Type.Literal('applied'),
    configs_applied: Type.Integer({ description: 'Files merged; skipped files are not counted' }),
    team_config_path: Type.Literal('team-config.toml', { description: 'Relative to the config dir' }),
    warnings: Type.Array(Type.String(), { description: 'One line per skipped file and why' }),
  },
  { $id: 'SyncApplyResult' },
);
