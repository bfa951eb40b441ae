/**
 * Supervised sessions (contracts.md, "Supervised sessions"): the session
 * resource, the registration body, the inventory and listener-rewrite lists.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SessionId } from './session-id.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const SessionStateSchema = Type.Union(
  [Type.Literal('active'), Type.Literal('contained'), Type.Literal('terminating'), Type.Literal('ended')],
  { description: '`contained` after a sensitive read until unlock-egress or the window ends; `terminating` after kill or deny-terminate' },
);
export type SessionState = Static<typeof SessionStateSchema>;

/** One supervised agent run. */
export const SessionSchema = Type.Object({
  id: Type.String(),
  tool_name: Type.String(),
  root_pid: Type.Integer(),
  command: Nullable(Type.String()),
  project_name: Nullable(Type.String()),
  cwd: Nullable(Type.String()),
  state: SessionStateSchema,
  started_at: Type.String(),
  ended_at: Nullable(Type.String()),
  ended_reason: Nullable(Type.String({ description: '`ended` (DELETE), `exited` (the client reported the exit), `killed` (kill route), `terminated` (deny-terminate)' })),
  decisions: Type.Object({ allow: Type.Integer(), queue: Type.Integer(), deny: Type.Integer() }),
  open_reviews: Type.Integer({ description: 'Pending and escalated digest items of the session' }),
  containment: Type.Object({
    active: Type.Boolean(),
    since: Nullable(Type.String()),
    reason: Nullable(Type.String()),
  }),
});
export type Session = Static<typeof SessionSchema>;

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });

/** `POST /api/supervisor/sessions` and `POST /api/ipc/sessions`. */
export const SessionRegisterBody = Type.Object(
  {
    tool_name: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' }),
    root_pid: Type.Integer({ minimum: 1, maximum: 4_194_304 }),
    command: Type.Optional(Text(4096)),
    project_name: Type.Optional(Text(256)),
    cwd: Type.Optional(Text(4096)),
  },
  { additionalProperties: false },
);
export type SessionRegister = Static<typeof SessionRegisterBody>;

/**
 * `POST /api/ipc/sessions`: the public body plus an optional `session_id`, the
 * id the session is registered under (an agent hook registers the agent's own
 * session id, so every record of its calls carries that id).
 */
export const IpcSessionRegisterBody = Type.Object(
  {
    ...SessionRegisterBody.properties,
    session_id: Type.Optional(SessionId),
  },
  { additionalProperties: false },
);
export type IpcSessionRegister = Static<typeof IpcSessionRegisterBody>;

export const SessionListQuery = Type.Object({
  state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('all')], { description: '`active` (default): every session not ended' })),
});

export const SessionListSchema = Type.Object({
  sessions: Type.Array(SessionSchema, { description: 'Newest first; at most 1000' }),
  total: Type.Integer({ description: 'Every session the query selects' }),
});

export const SessionIdParams = Type.Object({ id: Type.String() });

export const SessionStatusSchema = Type.Object({
  status: Type.Union([Type.Literal('ended'), Type.Literal('terminating')]),
  id: Type.String(),
});

export const SessionKillBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 512 })) },
  { additionalProperties: false },
);

/** `POST /api/ipc/sessions/{id}/end`: the client's report that the command exited. */
export const SessionEndBody = Type.Object(
  {
    exit_code: Type.Optional(Type.Integer({ minimum: -1, maximum: 255 })),
    signal: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);

export const BinarySchema = Type.Object({
  path: Type.String(),
  sha256: Type.String({ description: 'The hash pinned at first use' }),
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
  count: Type.Integer(),
  changed: Type.Boolean({ description: 'A later call ran this path with another hash' }),
});

export const InventorySchema = Type.Object({
  session_id: Type.String(),
  binaries: Type.Array(BinarySchema),
  total: Type.Integer(),
});

export const ListenerRewriteSchema = Type.Object({
  original_addr: Type.String(),
  rewritten_addr: Type.String(),
  port: Type.Integer(),
  at: Type.String(),
  audit_id: Type.String(),
});

export const ListenerRewritesSchema = Type.Object({
  session_id: Type.String(),
  rewrites: Type.Array(ListenerRewriteSchema),
  total: Type.Integer(),
});

/** `binaries` on `POST /api/proxy/evaluate`: the executables a call runs, as the client resolved them. */
export const EvaluateBinaries = Type.Array(
  Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 256 }),
      path: Type.String({ minLength: 1, maxLength: 4096 }),
      sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
    },
    { additionalProperties: false },
  ),
  { maxItems: 32 },
);
export type EvaluateBinary = Static<typeof EvaluateBinaries>[number];
