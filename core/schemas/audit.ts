/**
 * TypeBox schemas of the audit routes (spec: Audit record, Audit summary,
 * Exfiltration stats, Audit). Records carry the spec's fields plus their
 * chain fields `sequence`, `prev_hash` and `hash` (SHA-256 hex over the
 * record's canonical JSON without `hash`: keys sorted at every level,
 * compact). Short-circuit rows (only with `include=all`) carry
 * `short_circuit` instead of the summary and filter results.
 */
import { Type } from '@sinclair/typebox';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const AuditRecordSchema = Type.Object(
  {
    id: Type.String({ description: 'UUID' }),
    timestamp: Type.String({ description: 'RFC 3339, UTC' }),
    session_id: NullableString,
    plugin_id: NullableString,
    tool_call_type: Type.String(),
    arguments_summary: Type.Optional(Type.String({ description: 'Canonical JSON of the arguments, secrets and canaries masked, cut to 512 characters' })),
    arguments_hash: Type.String({ description: 'SHA-256 hex of the full call as canonical JSON' }),
    composite_score: Type.Number(),
    proxy_action: Type.Union([Type.Literal('allow'), Type.Literal('queue'), Type.Literal('deny')]),
    filter_results: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    evaluation_time_ms: Type.Optional(Type.Number()),
    source: NullableString,
    supervised_tool: Type.Optional(Type.String()),
    supervised_pid: Type.Optional(Type.Integer()),
    project_name: Type.Optional(Type.String()),
    short_circuit: Type.Optional(Type.String({ description: 'Short-circuit rows only: what resolved the call (learned_rule, ...)' })),
    sequence: Type.Integer({ minimum: 1 }),
    prev_hash: Type.String(),
    hash: Type.String(),
  },
  { $id: 'AuditRecord', additionalProperties: false },
);

export const AuditListSchema = Type.Object({
  records: Type.Array(AuditRecordSchema),
  total: Type.Integer({ description: 'Records in the hot log (of the included kinds); archived records are not counted' }),
  limit: Type.Optional(Type.Integer()),
  offset: Type.Optional(Type.Integer()),
  include: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('all')])),
});

export const AuditSummarySchema = Type.Object({
  window: Type.Union([Type.Literal('today'), Type.Literal('7d'), Type.Literal('30d'), Type.Literal('all')]),
  since: NullableString,
  total: Type.Integer(),
  allow: Type.Integer(),
  queue: Type.Integer(),
  deny: Type.Integer(),
  include: Type.Union([Type.Literal('full'), Type.Literal('all')]),
});

export const ExfilStatsSchema = Type.Object({
  total_blocked: Type.Integer(),
  total_queued: Type.Integer(),
  total_redacted: Type.Integer(),
  by_protocol: Type.Record(Type.String(), Type.Integer()),
  top_blocked_destinations: Type.Array(Type.Object({ domain: Type.String(), count: Type.Integer() })),
});

export const AuditExportSchema = Type.Object({ records: Type.Array(AuditRecordSchema), count: Type.Integer() });

export const AuditListQuery = Type.Object({
  limit: Type.Optional(Type.String({ description: 'default 20, at most 100 (larger values are cut to 100)' })),
  offset: Type.Optional(Type.String({ description: 'default 0' })),
  session_id: Type.Optional(Type.String({ format: 'uuid', description: 'every hot record of the session, unpaged' })),
  include: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('all')])),
});

export const AuditSummaryQuery = Type.Object({
  window: Type.Optional(Type.String({ description: 'today, 7d, 30d or all; anything else is 7d' })),
  include: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('all')])),
});

export const AuditExportQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
  limit: Type.Optional(Type.String({ description: 'default 1000, at most 100000' })),
  include_cold: Type.Optional(Type.String({ description: 'true/false (default false)' })),
  from_date: Type.Optional(Type.String({ description: 'YYYY-MM-DD: archives of that day and later (does not filter hot records)' })),
});

export const AuditIdParams = Type.Object({ id: Type.String() });

export const AuditCheckpointSchema = Type.Object({
  sequence: Type.Integer({ minimum: 0, description: 'The verified head; 0 for an empty log' }),
  hash: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'The head record\'s hash; 64 zeros (the genesis prev hash) for an empty log' }),
  at: Type.String({ format: 'date-time', description: 'When it was signed (RFC 3339, UTC)' }),
  public_key: Type.String({ description: 'base64 of the raw 32-byte Ed25519 public key in {config_dir}/audit.key' }),
  signature: Type.String({ description: 'base64 Ed25519 signature over the UTF-8 of svc-audit-checkpoint:v1:<sequence>:<hash>:<at>' }),
});

export const AuditConsistencyQuery = Type.Object({
  from: Type.String({ description: 'A checkpoint\'s sequence (integer >= 0)' }),
  from_hash: Type.String({ description: 'That checkpoint\'s hash (64 hex digits, either case)' }),
});

export const AuditConsistencySchema = Type.Object({
  consistent: Type.Literal(true),
  from: Type.Integer({ minimum: 0 }),
  to: Type.Integer({ minimum: 0, description: 'The verified head now' }),
  to_hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
