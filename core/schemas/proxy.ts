/**
 * TypeBox schemas of the proxy routes: the status resource, the test body
 * and the proxy test result (spec: "Proxy status", "Tool call", "Proxy test
 * result").
 */
import { Type, type Static } from '@sinclair/typebox';
import { SessionId } from './session-id.ts';
import { ToolCall } from './tool-call.ts';

const Phase = Type.Union([Type.Literal('static'), Type.Literal('pattern'), Type.Literal('context')]);
const Severity = Type.Union(['notice', 'warning', 'error', 'critical'].map((s) => Type.Literal(s)));
const Count = Type.Integer({ minimum: 0 });

/** One filter of the running proxy on the status resource. */
export const FilterStatusSchema = Type.Object(
  {
    name: Type.String(),
    phase: Phase,
    enabled: Type.Boolean({ description: 'Always equal to is_ready; false when the rules failed to load or config turned it off' }),
    is_ready: Type.Boolean(),
    evaluation_count: Count,
    avg_latency_ms: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** `GET /api/proxy/status`: the running thresholds (fixed until restart) and counters of recorded evaluations. */
export const ProxyStatusSchema = Type.Object(
  {
    auto_allow_threshold: Type.Number(),
    auto_deny_threshold: Type.Number(),
    total_evaluations: Count,
    allow_count: Count,
    queue_count: Count,
    deny_count: Count,
    filters: Type.Array(FilterStatusSchema),
  },
  { additionalProperties: false },
);

/** `POST /api/proxy/test` body. */
export const ProxyTestBodySchema = Type.Object(
  {
    tool_call: ToolCall,
    session_id: Type.Optional(Type.Union([SessionId, Type.Null()], {
      description: 'Scores against this session\'s history read-only (taint, containment, rates); the history is never changed',
    })),
  },
  { description: 'Other top-level fields are ignored' },
);

/** One entry of `filter_results`. */
export const FilterResultSchema = Type.Object(
  {
    filter_name: Type.String(),
    matched: Type.Boolean(),
    score: Type.Number(),
    severity: Severity,
    message: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * The decision of a proxy test or evaluation: `allow`, `queue(<priority>)` or
 * `deny(<reason>)`. Clients that act on a decision (the hook, the MCP proxy)
 * check an answer's action against this pattern and fail closed otherwise.
 */
export const DecisionAction = Type.String({
  pattern: '^(?:allow|queue\\((?:Low|Medium|High|Critical)\\)|deny\\([\\s\\S]*\\))$',
  description: '`allow`, `queue(<Low|Medium|High|Critical>)` or `deny(<reason>)`',
});

/** The spec's proxy test result. */
export const ProxyTestResultSchema = Type.Object(
  {
    composite_score: Type.Number({ minimum: 0, maximum: 10 }),
    action: DecisionAction,
    decision_reason: Type.String(),
    evaluation_time_ms: Type.Number({ minimum: 0 }),
    filters_evaluated: Count,
    filter_results: Type.Array(FilterResultSchema),
  },
  { additionalProperties: false },
);

export type ProxyStatusBody = Static<typeof ProxyStatusSchema>;
export type ProxyTestResultBody = Static<typeof ProxyTestResultSchema>;
