/**
 * `GET /api/proxy/status` and `POST /api/proxy/test`.
 *
 * The test route scores with `record: false`: nothing is executed, audited or
 * filed in the digest, no counter or per-filter statistic moves and no
 * session history changes. An optional `session_id` scores against that
 * session's existing history (taint, containment, rates) read-only; a session
 * the proxy never saw scores as a call without history.
 */
import { Value } from '@sinclair/typebox/value';
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { describeFirstError } from '../http/validate.ts';
import {
  ProxyStatusSchema, ProxyTestBodySchema, ProxyTestResultSchema, type ProxyStatusBody, type ProxyTestResultBody,
} from '../schemas/proxy.ts';
import { parseToolCall, type ToolCall } from '../schemas/tool-call.ts';
import type { ProxyStatus } from '../scoring/engine.ts';
import type { ProxyTestResult } from '../scoring/types.ts';
import type { ScoringEngine } from '../scoring/engine.ts';

const INVALID = 'INVALID_TOOL_CALL';

/** The test body, or 400 INVALID_TOOL_CALL naming what is wrong. Unknown top-level fields are ignored. */
export function parseProxyTestBody(raw: unknown): { call: ToolCall; sessionId: string | undefined } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new HttpError(400, INVALID, 'body must be a JSON object {tool_call, session_id?}');
  }
  if (!('tool_call' in raw)) throw new HttpError(400, INVALID, 'tool_call is required');
  const parsed = parseToolCall(raw.tool_call);
  if (!parsed.ok) throw new HttpError(400, INVALID, parsed.reason);
  if (!Value.Check(ProxyTestBodySchema, raw)) throw new HttpError(400, INVALID, describeFirstError(ProxyTestBodySchema, raw));
  return { call: parsed.call, sessionId: raw.session_id ?? undefined };
}

/** Reads the body; every 400 (empty, malformed JSON, bad UTF-8) becomes INVALID_TOOL_CALL, a 413 stays (the proxy test and evaluate routes). */
export async function readToolCallBody(request: Request): Promise<unknown> {
  try {
    return await readJson(request, { code: INVALID });
  } catch (error) {
    if (error instanceof HttpError && error.status === 400 && error.code !== INVALID) {
      throw new HttpError(400, INVALID, error.message);
    }
    throw error;
  }
}

/** Exactly the spec's status fields, whatever else the engine may carry. */
export function statusBody(status: ProxyStatus): ProxyStatusBody {
  return {
    auto_allow_threshold: status.auto_allow_threshold,
    auto_deny_threshold: status.auto_deny_threshold,
    total_evaluations: status.total_evaluations,
    allow_count: status.allow_count,
    queue_count: status.queue_count,
    deny_count: status.deny_count,
    filters: status.filters.map((f) => ({
      name: f.name, phase: f.phase, enabled: f.enabled, is_ready: f.is_ready,
      evaluation_count: f.evaluation_count, avg_latency_ms: f.avg_latency_ms,
    })),
  };
}

/** Exactly the spec's result fields. */
export function resultBody(result: ProxyTestResult): ProxyTestResultBody {
  return {
    ...resultFields(result),
    filter_results: result.filter_results.map((r) => ({
      filter_name: r.filter_name, matched: r.matched, score: r.score, severity: r.severity, message: r.message,
    })),
  };
}

/** The spec's result fields but `filter_results` (for an answer that has them serialised already). */
export function resultFields(result: ProxyTestResult): Omit<ProxyTestResultBody, 'filter_results'> {
  return {
    composite_score: result.composite_score,
    action: result.action,
    decision_reason: result.decision_reason,
    evaluation_time_ms: result.evaluation_time_ms,
    filters_evaluated: result.filters_evaluated,
  };
}

/** The dashboard's proxy routes. */
export function proxyRoutes({ engine }: { engine: Pick<ScoringEngine, 'status' | 'evaluate'> }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/proxy/status',
      auth: 'open',
      bucket: 'general',
      summary: 'Running thresholds, decision counters and per-filter statistics',
      description: 'Thresholds are the running ones (a config write takes effect at the next start). Counters cover recorded evaluations (POST /api/proxy/evaluate) since start; /api/proxy/test never counts.',
      tags: ['proxy'],
      responses: { 200: { description: 'Proxy status', schema: ProxyStatusSchema } },
      handler: () => json(statusBody(engine.status())),
    },
    {
      method: 'POST',
      path: '/api/proxy/test',
      auth: 'write',
      bucket: 'proxy-test',
      summary: 'Score a tool call without any side effect',
      description: 'Nothing is executed, audited or queued; no counter, statistic or session history changes. With `session_id`, the call is scored against that session\'s history read-only.',
      tags: ['proxy'],
      body: ProxyTestBodySchema,
      responses: {
        200: { description: 'The proxy test result', schema: ProxyTestResultSchema },
        400: errorDoc('INVALID_TOOL_CALL: empty or malformed body, missing or invalid tool_call, bad session_id; the reason is in `error`'),
        413: errorDoc('PAYLOAD_TOO_LARGE: body over 1 MiB'),
      },
      async handler(request) {
        const { call, sessionId } = parseProxyTestBody(await readToolCallBody(request));
        const evaluation = engine.evaluate(call, { sessionId, record: false });
        return json(resultBody(evaluation.result));
      },
    },
  ];
}
