/**
 * `POST /api/proxy/evaluate` (daemon IPC, Ipc bucket; contracts.md): scores a
 * call like /api/proxy/test, chains its audit record (a short-circuit row
 * when a learned or allow-always rule decided it), runs the decision hooks
 * (the digest files queued calls in the same write), then answers only after
 * one durable flush covers all of it. A store that cannot record refuses
 * before scoring: 503 AUDIT_READ_ONLY, never an unrecorded allow.
 */
import type { AuditLog } from '../audit/audit-log.ts';
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { parseToolCall, type ToolCall } from '../schemas/tool-call.ts';
import type { Evaluation } from '../scoring/types.ts';
import type { DecisionEvent, Services } from '../services.ts';

/** The part of the scoring engine the route needs. */
export interface Evaluator {
  evaluate(call: ToolCall, options: { sessionId?: string; record: boolean }): Evaluation;
}

interface EvaluateBody {
  session_id: string | null;
  source: string;
  plugin_id: string | null;
  task_context: unknown;
  supervised: { tool: string; pid: number; project_name: string } | null;
  self_resolved: 'allowed' | 'denied' | null;
}

const optionalString = (body: Record<string, unknown>, name: string): string | null => {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > 256) throw new HttpError(400, 'INVALID_REQUEST', `${name} must be a string of at most 256 characters`);
  return value;
};

function parseBody(raw: unknown): { call: ToolCall; body: EvaluateBody } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new HttpError(400, 'INVALID_TOOL_CALL', 'body must be a JSON object {tool_call, ...}');
  const body = raw as Record<string, unknown>;
  const parsed = parseToolCall(body.tool_call);
  if (!parsed.ok) throw new HttpError(400, 'INVALID_TOOL_CALL', parsed.reason);
  let supervised: EvaluateBody['supervised'] = null;
  if (body.supervised !== undefined && body.supervised !== null) {
    const s = body.supervised as Record<string, unknown>;
    if (typeof s !== 'object' || typeof s.tool !== 'string' || !Number.isInteger(s.pid)) {
      throw new HttpError(400, 'INVALID_REQUEST', 'supervised must be {tool: string, pid: integer, project_name?: string}');
    }
    supervised = { tool: s.tool.slice(0, 128), pid: s.pid as number, project_name: typeof s.project_name === 'string' ? s.project_name.slice(0, 256) : '' };
  }
  const selfResolved = body.self_resolved;
  if (selfResolved !== undefined && selfResolved !== null && selfResolved !== 'allowed' && selfResolved !== 'denied') {
    throw new HttpError(400, 'INVALID_REQUEST', 'self_resolved must be allowed or denied');
  }
  return {
    call: parsed.call,
    body: {
      session_id: optionalString(body, 'session_id'),
      source: optionalString(body, 'source') ?? 'ipc',
      plugin_id: optionalString(body, 'plugin_id'),
      task_context: body.task_context ?? null,
      supervised,
      self_resolved: (selfResolved as EvaluateBody['self_resolved']) ?? null,
    },
  };
}

/** The evaluate route over a scoring engine and the audit log. */
export function evaluateRoutes(services: Services, audit: AuditLog, engine: Evaluator = services.engine): RouteSpec[] {
  const { storage } = services.deps;
  return [
    {
      method: 'POST',
      path: '/api/proxy/evaluate',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Scores a call, records it durably, files it when queued',
      description: 'Body {tool_call, session_id?, source?, plugin_id?, task_context?, supervised?: {tool, pid, project_name}, self_resolved?: allowed|denied}. Answers the proxy test result plus audit_id (and digest_id when queued) only once the audit record is durable.',
      tags: ['proxy'],
      responses: {
        200: { description: 'The proxy test result plus audit_id and, when queued, digest_id' },
        400: errorDoc('INVALID_TOOL_CALL or INVALID_REQUEST'),
        503: errorDoc('AUDIT_READ_ONLY: the daemon cannot durably record decisions'),
      },
      async handler(request) {
        const { call, body } = parseBody(await readJson(request));
        if (storage.readOnly) throw new HttpError(503, 'AUDIT_READ_ONLY', 'the daemon cannot durably record decisions');
        const evaluation = engine.evaluate(call, { sessionId: body.session_id ?? undefined, record: true });
        const { result } = evaluation;
        const pluginId = body.supervised ? `supervisor:${body.supervised.tool}` : body.plugin_id;
        const common = { tool_call: call, session_id: body.session_id, plugin_id: pluginId, composite_score: result.composite_score, proxy_action: evaluation.decision, source: body.source };
        const staged = evaluation.learned
          ? audit.stageShortCircuit({ ...common, reason: 'learned_rule' })
          : audit.stage({ ...common, filter_results: result.filter_results, evaluation_time_ms: result.evaluation_time_ms, supervised: body.supervised });
        const record = staged.record;
        const event: DecisionEvent = {
          toolCall: call as DecisionEvent['toolCall'],
          decision: evaluation.decision,
          priority: evaluation.priority,
          severity: evaluation.severity,
          compositeScore: result.composite_score,
          decisionReason: result.decision_reason,
          filterResults: result.filter_results,
          auditId: record.id,
          sessionId: body.session_id ?? '',
          pluginId: pluginId ?? '',
          source: body.source,
          taskContext: body.task_context,
          argumentsSummary: 'arguments_summary' in record ? record.arguments_summary : '',
          supervised: body.supervised,
          selfResolved: body.self_resolved,
        };
        const extra: Record<string, unknown> = {};
        for (const hook of services.decisionHooks) Object.assign(extra, hook(event));
        try {
          await staged.committed;
          await storage.flush();
        } catch (error) {
          services.deps.log.error('audit record not durable', { error: error instanceof Error ? error.message : String(error) });
          throw new HttpError(503, 'AUDIT_READ_ONLY', 'the daemon cannot durably record decisions');
        }
        return json({ ...result, ...extra, audit_id: record.id });
      },
    },
  ];
}
