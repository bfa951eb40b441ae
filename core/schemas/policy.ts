import { Type, type Static } from '@sinclair/typebox';

const Threshold = Type.Number({ minimum: 0, maximum: 10, description: '0.0-10.0' });
const List = Type.Array(Type.String({ maxLength: 4096 }), { maxItems: 1000 });

/** `rules` as stored: every part present. */
export const PolicyRulesSchema = Type.Object(
  {
    proxy: Type.Object(
      { auto_allow_threshold: Threshold, auto_deny_threshold: Threshold },
      { additionalProperties: false, description: 'auto_allow_threshold strictly below auto_deny_threshold' },
    ),
    filters: Type.Record(Type.String(), Type.Boolean(), {
      description: 'Filter id to enabled; every key must be a filter the running proxy registered',
    }),
    allowlists: Type.Object({ paths: List, commands: List, domains: List }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** A stored policy: `<config_dir>/policies/<name>.json`. */
export const PolicySchema = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }),
    description: Type.String(),
    version: Type.Integer({ minimum: 1, description: '1 on create, +1 on each update' }),
    created_at: Type.String({ description: 'RFC 3339' }),
    updated_at: Type.String({ description: 'RFC 3339' }),
    rules: PolicyRulesSchema,
  },
  { $id: 'Policy' },
);
export type Policy = Static<typeof PolicySchema>;

/**
 * The body of POST and PUT. Omitted parts default: description `""`, proxy
 * thresholds 3.0 and 8.0, filters `{}`, each allowlist `[]`. `name` is
 * required on create and ignored on update (the path names the policy);
 * `version`, `created_at` and `updated_at` are accepted (so a fetched policy
 * can be sent back) and ignored.
 */
export const PolicyBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String({ maxLength: 4096 })),
    version: Type.Optional(Type.Unknown()),
    created_at: Type.Optional(Type.Unknown()),
    updated_at: Type.Optional(Type.Unknown()),
    rules: Type.Optional(
      Type.Object(
        {
          proxy: Type.Optional(
            Type.Object(
              { auto_allow_threshold: Type.Optional(Type.Number()), auto_deny_threshold: Type.Optional(Type.Number()) },
              { additionalProperties: false },
            ),
          ),
          filters: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
          allowlists: Type.Optional(
            Type.Object(
              { paths: Type.Optional(List), commands: Type.Optional(List), domains: Type.Optional(List) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'PolicyBody', additionalProperties: false },
);
export type PolicyBody = Static<typeof PolicyBodySchema>;

/** `GET /api/policies`. */
export const PolicyListSchema = Type.Object({ policies: Type.Array(PolicySchema), total: Type.Integer() }, { $id: 'PolicyList' });
