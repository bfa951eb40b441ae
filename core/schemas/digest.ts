/**
 * TypeBox schemas of the quarantine digest: the item, the list, the review
 * action bodies and answers, the webhook review and the daemon IPC routes.
 */
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const DIGEST_STATUSES = ['pending', 'escalated', 'approved', 'denied', 'expired'] as const;
export const REVIEW_ACTIONS = ['approve', 'deny', 'learn', 'unlock_egress', 'deny_and_terminate', 'allow_always', 'clear'] as const;

export const DigestStatus = Type.Union(DIGEST_STATUSES.map((s) => Type.Literal(s)));
export const ReviewAction = Type.Union(REVIEW_ACTIONS.map((s) => Type.Literal(s)));

/** One entry of `filter_breakdown` (the filter results of the decision). */
export const FilterBreakdownEntry = Type.Object(
  {
    filter_name: Type.String(),
    matched: Type.Boolean(),
    score: Type.Number(),
    severity: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: true },
);

/** The spec's digest item. */
export const DigestItemSchema = Type.Object(
  {
    id: Type.String(),
    created_at: Type.String({ description: 'RFC 3339' }),
    session_id: Type.String(),
    tool_call_type: Type.String(),
    arguments_summary: Type.String({ description: 'Redacted, truncated arguments (as in the audit record)' }),
    decision_reason: Type.String(),
    composite_score: Type.Number(),
    severity: Type.String({ description: 'notice, warning, error or critical' }),
    filter_breakdown: Type.Array(FilterBreakdownEntry),
    task_context: Type.Unknown({ description: 'As sent to /api/proxy/evaluate; null when absent' }),
    plugin_id: Type.String({ description: '`supervisor:<tool_name>` for supervised calls' }),
    status: DigestStatus,
    reviewed_at: Type.Union([Type.String(), Type.Null()]),
    review_action: Type.Union([ReviewAction, Type.Null()], {
      description: 'null while open, and on an item expired by the review timeout',
    }),
    reviewer_notes: Nullable(Type.String()),
    informational_only: Type.Boolean(),
    escalated_at: Nullable(Type.String()),
    escalated_by: Nullable(Type.String()),
  },
  { $id: 'DigestItem' },
);
export type DigestItem = Static<typeof DigestItemSchema>;

/** The daemon-only forensics view: the item plus what filed and resolved it. */
export const DigestForensicsSchema = Type.Intersect(
  [
    DigestItemSchema,
    Type.Object({
      audit_id: Type.String(),
      priority: Type.Union([Type.String(), Type.Null()]),
      source: Type.String(),
      supervised: Type.Union([
        Type.Object({ tool: Type.String(), pid: Type.Number(), project_name: Type.String() }),
        Type.Null(),
      ]),
      self_resolution: Type.Union([Type.Literal('allowed'), Type.Literal('denied'), Type.Null()]),
      reviewed_by: Nullable(Type.String()),
      rule_pattern: Type.String({ description: 'What allow-always would allow from then on' }),
      expires_at: Type.Union([Type.String(), Type.Null()], {
        description: 'When an open item is auto-denied (null for informational items)',
      }),
      outcome: Type.Union([Type.Literal('allow'), Type.Literal('deny'), Type.Null()], {
        description: 'What the waiting caller should do: allow (approved), deny (denied or expired), null (still open)',
      }),
    }),
  ],
  { $id: 'DigestForensics' },
);
export type DigestForensics = Static<typeof DigestForensicsSchema>;

export const DigestListQuery = Type.Object({
  limit: Type.Optional(Type.String({ description: 'Integer 1-100, default 20; larger values are clamped to 100' })),
  offset: Type.Optional(Type.String({ description: 'Integer >= 0, default 0' })),
});

export const DigestListSchema = Type.Object(
  {
    items: Type.Array(DigestItemSchema),
    total: Type.Integer({ description: 'pending_count + escalated_count' }),
    pending_count: Type.Integer(),
    escalated_count: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  },
  { $id: 'DigestList' },
);

export const IdParams = Type.Object({ id: Type.String() });

/** Optional body of every dashboard review action. */
export const ReviewNotesBody = Type.Object(
  { notes: Type.Optional(Type.String({ maxLength: 4096 })) },
  { additionalProperties: false },
);

export const ReviewResultSchema = Type.Object(
  {
    status: Type.String({
      description:
        'Names the route: approved, denied, learned, escalated, egress_unlocked, terminated, allowed_always',
    }),
    id: Type.String(),
    containment_released: Type.Optional(Type.Boolean()),
  },
  { $id: 'ReviewResult' },
);

export const ClearAllResultSchema = Type.Object({ status: Type.Literal('cleared'), cleared: Type.Integer() });

export const WEBHOOK_ACTIONS = ['approve', 'deny', 'escalate'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

export const WebhookReviewBody = Type.Object({
  action: Type.Union(WEBHOOK_ACTIONS.map((a) => Type.Literal(a))),
  nonce: Type.String({ maxLength: 256 }),
  reviewer: Type.Optional(Type.String({ maxLength: 256 })),
  notes: Type.Optional(Type.String({ maxLength: 4096 })),
});

export const WebhookReviewResultSchema = Type.Union([
  Type.Object({ status: Type.Literal('reviewed'), action: Type.String() }),
  Type.Object({ status: Type.Literal('no_action') }),
]);

export const NonceSchema = Type.Object({ nonce: Type.String({ description: '64 hex characters, single use' }) });

export const WaitQuery = Type.Object({
  timeout_ms: Type.Optional(Type.String({ description: 'Integer 0-60000, default 30000; larger values are clamped' })),
});

export const WaitResultSchema = Type.Object({
  resolved: Type.Boolean({ description: 'false when the wait timed out with the item still open' }),
  item: DigestForensicsSchema,
});
