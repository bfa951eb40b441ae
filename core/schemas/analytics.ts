/**
 * Schemas of the analytics payloads (spec: "Analytics free payload",
 * "Analytics Pro payload", "Freshness block"). They document every row shape
 * in the OpenAPI document and pin the payloads in tests.
 */
import { Type, type TSchema } from '@sinclair/typebox';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'UTC day, YYYY-MM-DD' });
const Micros = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$',
  description: 'UTC timestamp with exactly six fractional digits',
});
const Count = Type.Integer({ minimum: 0 });
const Ppm = Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Parts per million (not a percentage)' });
const Literals = <T extends string>(...values: T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const strict = <T extends Record<string, TSchema>>(properties: T, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });

const counts = { total: Count, allow: Count, queue: Count, deny: Count };
const rates = { allow_rate_ppm: Ppm, queue_rate_ppm: Ppm, deny_rate_ppm: Ppm };

export const FreshnessSchema = strict({
  materialized_through_at: Type.Union([Micros, Type.Null()], { description: 'Timestamp of the last projected audit record' }),
  materialized_through_sequence: Type.Integer({ minimum: 0, description: 'Audit sequence the rollups include (the watermark)' }),
  dirty_day_count: Type.Integer({ minimum: 0, description: 'UTC days with audit records not yet projected (or still to rebuild)' }),
  rebuilding: Type.Boolean({ description: 'True while a rebuild of the rollups is in flight' }),
  gap_count: Type.Integer({ minimum: 0, description: 'Sequence jumps met while projecting: records that left the hot log before they were projected' }),
}, 'What the projection has not finished');

export const DecisionTotalsSchema = strict({ ...counts, ...rates },
  'Decisions by action; rates are integer parts per million of `total` (0 when total is 0) and sum to 1,000,000');

export const SecurityEventSchema = strict({
  audit_id: Type.String(),
  at: Micros,
  session_id: Type.Union([Type.String(), Type.Null()]),
  tool_call_type: Type.String(),
  action: Literals('queue', 'deny'),
  composite_score: Type.Number(),
  reason: Type.String({ description: 'The strongest matched filter (`name: message`), else what short-circuited the call, else the score' }),
}, 'A queue or deny decision');

export const ChainHealthSchema = Literals('healthy', 'gap', 'broken', 'quarantined', 'unknown');

export const AnalyticsFreeSchema = strict({
  protocol_version: Type.Literal(2),
  schema_version: Type.Literal(1),
  access: Type.Literal('free'),
  window: strict({ start_day: Day, end_day: Day, current_day_partial: Type.Boolean() }, 'The 7 UTC days ending today'),
  decisions: DecisionTotalsSchema,
  chain_health: ChainHealthSchema,
  latest_audit_record_at: Type.Union([Micros, Type.Null()], { description: 'Newest audit record; null when there is none' }),
  recent_queue_and_deny: Type.Array(SecurityEventSchema, { maxItems: 20, description: 'Newest first, within the window' }),
  freshness: FreshnessSchema,
  pro_available: Type.Boolean({ description: 'Whether the licence would allow GET /api/analytics/v2/pro' }),
}, 'Analytics free payload');

export const UsageRowSchema = strict({
  day: Day, ...counts, ...rates,
  short_circuit: Type.Integer({ minimum: 0, description: 'Decisions resolved without full scoring' }),
  mean_composite_score: Type.Number(),
}, 'Decisions of one UTC day');

export const FilterRowSchema = strict({
  day: Day,
  filter: Type.String({ description: 'filter_name as the audit record reports it' }),
  evaluated: Count,
  matched: Count,
  match_rate_ppm: Ppm,
  score_sum: Type.Number({ description: 'Sum of the filter\'s scores over every evaluation' }),
  matched_score_sum: Type.Number({ description: 'Sum of the filter\'s scores where it matched' }),
}, 'One filter on one UTC day');

export const SessionRowSchema = strict({
  day: Day, session_id: Type.String(), ...counts,
  max_composite_score: Type.Number(), first_at: Micros, last_at: Micros,
}, 'One agent session on one UTC day (records without a session_id are not counted)');

export const LlmRowSchema = strict({
  day: Day,
  llm: Type.String({ description: 'The agent front-end that issued the calls' }),
  via: Literals('supervised_tool', 'plugin_id', 'source', 'none'),
  ...counts,
}, 'One LLM on one UTC day. The LLM is the supervised_tool of a supervised call, else the plugin_id that submitted it, else the record\'s source, else `unknown`; `via` names the field');

export const DestinationRowSchema = strict({
  day: Day,
  host: Type.String({ description: 'Lower-case host from the call\'s URL (HttpRequest), host (NetConnect) or name (DnsQuery)' }),
  ...counts,
}, 'One egress destination on one UTC day; calls whose summary yields no host are not counted');

export const AnalyticsWindowSchema = strict({
  days: Type.Union([Type.Literal(30), Type.Literal(90)]),
  start_day: Day, end_day: Day, current_day_partial: Type.Boolean(),
  ...counts, ...rates,
  sessions: Type.Integer({ minimum: 0, description: 'Distinct session ids' }),
  destinations: Type.Integer({ minimum: 0, description: 'Distinct egress hosts' }),
  filter_matches: Type.Integer({ minimum: 0, description: 'Filter matches summed over filters' }),
}, 'Totals over the last N UTC days ending today');

export const AnalyticsProSchema = strict({
  protocol_version: Type.Literal(2),
  schema_version: Type.Literal(1),
  access: Type.Literal('pro'),
  usage_rows: Type.Array(UsageRowSchema, { description: 'Oldest day first; at most 90' }),
  filter_rows: Type.Array(FilterRowSchema, { description: 'Oldest day first; capped at 5000' }),
  session_rows: Type.Array(SessionRowSchema, { description: 'Oldest day first; capped at 5000' }),
  llm_rows: Type.Array(LlmRowSchema, { description: 'Oldest day first; capped at 2000' }),
  destination_rows: Type.Array(DestinationRowSchema, { description: 'Oldest day first; capped at 5000' }),
  security_events: Type.Array(SecurityEventSchema, { description: 'Newest first over 90 days; capped at 500' }),
  windows: Type.Array(AnalyticsWindowSchema, { description: '30- and 90-day windows' }),
  generated_at: Micros,
  freshness: FreshnessSchema,
  export_formats: Type.Array(Literals('json', 'csv')),
  export_max_days: Type.Literal(90),
  truncated: Type.Boolean({ description: 'True when a row family was clipped to its cap; the dropped rows are from the oldest days' }),
}, 'Analytics Pro payload (90 UTC days ending today)');
