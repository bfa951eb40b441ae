/**
 * The four `/api/canaries` routes over the running engine's in-memory
 * registry (canaries added here are lost at stop; `[[canary.tokens]]` in
 * filters/canary.toml is the durable registration). A canary registered here
 * is detected by the next evaluation. Values never leave the registry: not
 * in a response, an error message or a log line (logs carry id and label).
 * Body rules and limits: core/schemas/canary.ts.
 */
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import type { RouteRequest, RouteSpec } from '../route-spec.ts';
import {
  CANARY_LIMITS, CanaryCreateBody, CanaryIdParams, CanaryListSchema, CanaryRemovedSchema, CanaryRotateBody,
  CanarySchema, parseLabel, parseValue,
} from '../schemas/canary.ts';
import { errorDoc } from '../schemas/common.ts';
import type { Logger } from '../deps.ts';
import type { ScoringEngine } from '../scoring/engine.ts';

const notFound = (id: string) => new HttpError(404, 'NOT_FOUND', `no canary ${id.slice(0, 80)}`);

/** The `{id}` path parameter, decoded (an undecodable one names no canary). */
function idOf(request: RouteRequest): string {
  const raw = String(request.params.id ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw notFound(raw);
  }
}

const INVALID_VALUE = errorDoc(
  `INVALID_VALUE: neither or both of value and generate: true, an empty value, or one over ${CANARY_LIMITS.valueMaxLength} characters`,
);

/** List, create, rotate and delete canaries. */
export function canaryRoutes({ engine, log }: { engine: Pick<ScoringEngine, 'canaries'>; log: Logger }): RouteSpec[] {
  const tags = ['canaries'];
  const labelOf = (id: string) => engine.canaries.list().find((c) => c.id === id)?.label;
  return [
    {
      method: 'GET',
      path: '/api/canaries',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Every registered canary (prefix only, never the value)',
      tags,
      responses: { 200: { description: 'Canaries', schema: CanaryListSchema } },
      handler() {
        const items = engine.canaries.list();
        return json({ items, total: items.length });
      },
    },
    {
      method: 'POST',
      path: '/api/canaries',
      auth: 'write',
      bucket: 'write',
      summary: 'Register a canary (in memory until the daemon stops)',
      description: `The label is checked first (INVALID_LABEL), then the value (INVALID_VALUE). A generated value is 48 hex characters from the secure random source and, like any value, is never returned. At most ${CANARY_LIMITS.maxCanaries} canaries.`,
      tags,
      body: CanaryCreateBody,
      responses: {
        201: { description: 'The canary', schema: CanarySchema },
        400: errorDoc(`INVALID_LABEL (missing, blank, over ${CANARY_LIMITS.labelMaxLength} characters) or INVALID_VALUE; INVALID_JSON for a malformed body`),
        409: errorDoc('CANARY_LIMIT_REACHED'),
      },
      async handler(request) {
        const raw = await readJson(request, { optional: true });
        const label = parseLabel(raw);
        const value = parseValue(raw);
        if (engine.canaries.size >= CANARY_LIMITS.maxCanaries) {
          throw new HttpError(409, 'CANARY_LIMIT_REACHED', `at most ${CANARY_LIMITS.maxCanaries} canaries can be registered`);
        }
        const canary = engine.canaries.add(label, value);
        log.info('canary registered', { id: canary.id, label: canary.label, generated: value === undefined });
        return json(canary, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/canaries/{id}/rotate',
      auth: 'write',
      bucket: 'write',
      summary: 'Replace a canary\'s value; id and label stay',
      description: 'An unknown id is 404 before the body is judged. The old value is no longer detected.',
      tags,
      params: CanaryIdParams,
      body: CanaryRotateBody,
      responses: {
        200: { description: 'The canary with its new prefix', schema: CanarySchema },
        400: INVALID_VALUE,
        404: errorDoc('NOT_FOUND: unknown canary'),
      },
      async handler(request) {
        const id = idOf(request);
        if (labelOf(id) === undefined) throw notFound(id);
        const value = parseValue(await readJson(request, { optional: true }));
        const canary = engine.canaries.rotate(id, value);
        if (!canary) throw notFound(id);
        log.info('canary rotated', { id, generated: value === undefined });
        return json(canary);
      },
    },
    {
      method: 'DELETE',
      path: '/api/canaries/{id}',
      auth: 'write',
      bucket: 'write',
      summary: 'Remove a canary',
      tags,
      params: CanaryIdParams,
      responses: {
        200: { description: 'Removed', schema: CanaryRemovedSchema },
        404: errorDoc('NOT_FOUND: unknown canary'),
      },
      handler(request) {
        const id = idOf(request);
        if (!engine.canaries.remove(id)) throw notFound(id);
        log.info('canary removed', { id });
        return json({ status: 'removed', id });
      },
    },
  ];
}
