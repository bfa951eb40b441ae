/**
 * `POST /api/proxy/evaluate` (daemon IPC, Ipc bucket; contracts.md): parses
 * the body by its schema, hands the call to the decision path
 * (core/decisions) and shapes its durable decision as the proxy test result
 * plus `audit_id` (and `digest_id` when queued).
 */
import type { Decisions } from '../decisions/decide.ts';
import type { DecisionInput } from '../decisions/decision-types.ts';
import { HttpError } from '../http-error.ts';
import { json, jsonText, withMember } from '../http/json.ts';
import { describeFirstError } from '../http/validate.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { EvaluateBodySchema, EvaluateResultSchema, type EvaluateResult } from '../schemas/evaluate.ts';
import { parseToolCall } from '../schemas/tool-call.ts';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { readToolCallBody, resultBody, resultFields } from './proxy.ts';

/**
 * `EvaluateBodySchema` with `tool_call` left to `parseToolCall`, which has
 * checked it against its own variant already (the schema's union would try
 * the variants once more).
 */
const EvaluateBodyFields = Type.Object({ ...EvaluateBodySchema.properties, tool_call: Type.Unknown() });

/**
 * The decision input of an evaluate body: 400 INVALID_TOOL_CALL for a body
 * that is not an object or a bad `tool_call` (naming the field; the body
 * read maps an empty or malformed body to it too, as the proxy test), 400
 * INVALID_REQUEST naming any other bad field.
 */
export function parseEvaluateBody(raw: unknown): DecisionInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new HttpError(400, 'INVALID_TOOL_CALL', 'body must be a JSON object {tool_call, ...}');
  }
  const call = parseToolCall('tool_call' in raw ? raw.tool_call : undefined);
  if (!call.ok) throw new HttpError(400, 'INVALID_TOOL_CALL', call.reason);
  if (!Value.Check(EvaluateBodyFields, raw)) throw new HttpError(400, 'INVALID_REQUEST', describeFirstError(EvaluateBodyFields, raw));
  const { supervised } = raw;
  return {
    call: call.call,
    sessionId: raw.session_id ?? null,
    source: raw.source ?? 'ipc',
    pluginId: raw.plugin_id ?? null,
    taskContext: raw.task_context ?? null,
    supervised: supervised ? { tool: supervised.tool, pid: supervised.pid, project_name: supervised.project_name ?? '' } : null,
    selfResolved: raw.self_resolved ?? null,
    binaries: raw.binaries ?? [],
  };
}

/** The evaluate route over the decision path. */
export function evaluateRoutes({ decisions }: { decisions: Pick<Decisions, 'decide'> }): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/api/proxy/evaluate',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Scores a call, records it durably, files it when queued',
      description: 'Answers the proxy test result plus audit_id (and digest_id when queued) only once the audit record (and the digest item) is durable. A store that cannot record refuses before scoring.',
      tags: ['proxy'],
      body: EvaluateBodySchema,
      responses: {
        200: { description: 'The proxy test result plus audit_id and, when queued, digest_id', schema: EvaluateResultSchema },
        400: errorDoc('INVALID_TOOL_CALL (an empty, malformed or non-object body, or a bad tool_call; as the proxy test) or INVALID_REQUEST (another field)'),
        413: errorDoc('PAYLOAD_TOO_LARGE: body over 1 MiB'),
        503: errorDoc('AUDIT_READ_ONLY: the daemon cannot durably record decisions'),
      },
      async handler(request) {
        const decision = await decisions.decide(parseEvaluateBody(await readToolCallBody(request)));
        const { result } = decision.evaluation;
        const body: Omit<EvaluateResult, 'filter_results'> = { ...resultFields(result), audit_id: decision.auditId };
        if (decision.digestId !== null) body.digest_id = decision.digestId;
        if (decision.rewrite !== null) body.rewrite = decision.rewrite;
        // The filter results as the audit record serialised them (the same values), not serialised again.
        if (decision.filterResultsJson !== null) return jsonText(withMember(body, 'filter_results', decision.filterResultsJson));
        return json({ ...body, filter_results: resultBody(result).filter_results } satisfies EvaluateResult);
      },
    },
  ];
}
