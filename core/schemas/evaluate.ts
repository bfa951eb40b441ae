/**
 * TypeBox schemas of `POST /api/proxy/evaluate` (contracts.md, Daemon IPC):
 * the body and the answer. Unknown top-level fields are ignored.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ProxyTestResultSchema } from './proxy.ts';
import { EvaluateBinaries } from './session.ts';
import { SessionId } from './session-id.ts';
import { ToolCall } from './tool-call.ts';

const Text = (description: string) => Type.String({ maxLength: 256, description });

/** The supervised process a call came from (`svc exec`). */
export const SupervisedSchema = Type.Object({
  tool: Type.String({ maxLength: 128, description: 'The supervised tool, e.g. `claude`; the plugin id becomes `supervisor:<tool>`' }),
  pid: Type.Integer({ description: 'The process that made the call' }),
  project_name: Type.Optional(Text('The project the session works in')),
});

/** `self_resolved`: the session already resolved this queue decision itself. */
export const SelfResolvedSchema = Type.Union([Type.Literal('allowed'), Type.Literal('denied')], {
  description: '`allowed`: logged and allowed by the session; `denied`: auto-denied for lack of a terminal. A queue decision is then filed informational_only',
});

/** The evaluate body. */
export const EvaluateBodySchema = Type.Object(
  {
    tool_call: ToolCall,
    session_id: Type.Optional(Type.Union([SessionId, Type.Null()])),
    source: Type.Optional(Type.Union([Text('Who sent the call (default `ipc`)'), Type.Null()])),
    plugin_id: Type.Optional(Type.Union([Text('The integration that sent the call'), Type.Null()])),
    task_context: Type.Optional(Type.Unknown({ description: 'Any JSON the agent gives about its task; shown to reviewers' })),
    supervised: Type.Optional(Type.Union([SupervisedSchema, Type.Null()])),
    self_resolved: Type.Optional(Type.Union([SelfResolvedSchema, Type.Null()])),
    binaries: Type.Optional(EvaluateBinaries),
  },
  { description: 'Other top-level fields are ignored' },
);

/** The evaluate answer: the proxy test result plus the audit id and, when queued, the digest id. */
export const EvaluateResultSchema = Type.Object(
  {
    ...ProxyTestResultSchema.properties,
    audit_id: Type.String({ description: 'The durable audit record of this decision' }),
    digest_id: Type.Optional(Type.String({ minLength: 1, description: 'The digest item, when the call was queued' })),
    rewrite: Type.Optional(
      Type.Object(
        { from: Type.String(), to: Type.String() },
        { description: 'A supervised wildcard listener clamped to loopback (supervisor.clamp_wildcard_listeners): bind `to`, not `from`' },
      ),
    ),
  },
  { additionalProperties: false },
);

export type EvaluateBody = Static<typeof EvaluateBodySchema>;
export type Supervised = Static<typeof SupervisedSchema>;
export type SelfResolved = Static<typeof SelfResolvedSchema>;
export type EvaluateResult = Static<typeof EvaluateResultSchema>;
