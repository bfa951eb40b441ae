import { Type, type Static } from '@sinclair/typebox';

/** The two config scopes and the file each one writes. */
export const ConfigScopeSchema = Type.Union([Type.Literal('local'), Type.Literal('team')], {
  description: '`local` is config.toml, `team` is team-config.toml; local wins over team, team over defaults',
});
export type ConfigScope = Static<typeof ConfigScopeSchema>;

const PhaseSchema = Type.Union([Type.Literal('static'), Type.Literal('pattern'), Type.Literal('context')]);

/** `GET /api/config`: the effective values of the files as they stand now. */
export const ConfigResponseSchema = Type.Object({
  config_scope: Type.Array(ConfigScopeSchema, { description: 'The scope names a PUT may target: ["local", "team"]' }),
  proxy: Type.Object({
    auto_allow_threshold: Type.Number({ description: 'Effective value after layering the files' }),
    auto_deny_threshold: Type.Number({ description: 'Effective value after layering the files' }),
  }),
  filters: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The key used under [filters.<id>] and in PUT bodies' }),
      name: Type.String(),
      phase: PhaseSchema,
      enabled: Type.Boolean({ description: '`[filters.<id>] enabled` after layering; true when unset' }),
    }),
  ),
});

/** `PUT /api/config`: only these fields; anything else is 400 INVALID_CONFIG. */
export const ConfigUpdateBodySchema = Type.Object(
  {
    scope: Type.Optional(ConfigScopeSchema),
    filters: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Type.String({ minLength: 1 }), enabled: Type.Boolean() },
          { additionalProperties: false },
        ),
        { description: 'Filter ids must name filters of the running proxy (else 400 UNKNOWN_FILTERS); each id at most once' },
      ),
    ),
    proxy: Type.Optional(
      Type.Object(
        {
          auto_allow_threshold: Type.Optional(Type.Number({ description: '0.0-10.0' })),
          auto_deny_threshold: Type.Optional(Type.Number({ description: '0.0-10.0' })),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
    server: Type.Optional(
      Type.Object(
        { auto_open_dashboard: Type.Boolean() },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'At least one of filters, proxy, server. Thresholds are checked against the effective result after the change ' +
      '(both layers): each within 0.0-10.0 and allow strictly below deny, else 400 INVALID_PROXY_THRESHOLD.',
  },
);
export type ConfigUpdateBody = Static<typeof ConfigUpdateBodySchema>;

/** `PUT /api/config` success. */
export const ConfigUpdateResponseSchema = Type.Object({
  status: Type.Literal('updated'),
  scope: ConfigScopeSchema,
  filters_updated: Type.Integer({ description: 'Number of filter entries written' }),
  proxy_updated: Type.Boolean(),
  server_updated: Type.Boolean(),
  message: Type.String({ description: 'Says that the running proxy keeps its thresholds until the daemon restarts' }),
});
