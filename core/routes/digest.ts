import { DIGEST_ACTION_DOC, DIGEST_EVENTS_DOC, DIGEST_LIST_DOC, WEBHOOK_REVIEW_DOC } from '../digest/digest-docs.ts';
import { ROUTE_ACTIONS, type RouteAction } from '../digest/review-actions.ts';
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { queryOf, intQuery } from '../http/query.ts';
import { readJson } from '../http/read-body.ts';
import { validate } from '../http/validate.ts';
import type { RouteRequest, RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import {
  ClearAllResultSchema, DigestListQuery, DigestListSchema, IdParams, ReviewNotesBody, ReviewResultSchema,
  WEBHOOK_ACTIONS, WebhookReviewBody, WebhookReviewResultSchema, type WebhookAction,
} from '../schemas/digest.ts';
import type { DigestService } from '../digest/digest-service.ts';

/** The `{id}` path parameter, decoded (a malformed escape is an unknown id). */
export function idOf(request: RouteRequest): string {
  const raw = String(request.params.id);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(404, 'NOT_FOUND', `no digest item ${raw}`);
  }
}

function actionRoute(digest: DigestService, action: RouteAction): RouteSpec {
  const unlock = action === 'unlock-egress';
  return {
    method: 'POST',
    path: `/api/digest/{id}/${action}`,
    auth: 'write',
    bucket: 'write',
    summary: `Review action: ${action}`,
    description: `${DIGEST_ACTION_DOC}${unlock ? ' containment_released is true when the scoring engine ended the session\'s containment (a session it never saw has none), false when no engine is wired.' : ''}`,
    tags: ['digest'],
    params: IdParams,
    body: ReviewNotesBody,
    responses: {
      200: { description: 'The status naming the route', schema: ReviewResultSchema },
      400: errorDoc('INVALID_JSON or INVALID_REQUEST (notes not a string, or over 4096 characters)'),
      404: errorDoc('NOT_FOUND: unknown item'),
      409: errorDoc('ITEM_ALREADY_REVIEWED or ITEM_NOT_PENDING'),
    },
    async handler(request) {
      const body = validate(ReviewNotesBody, (await readJson(request, { optional: true })) ?? {});
      return json(await digest.review(idOf(request), action, { notes: body.notes, by: 'dashboard' }));
    },
  };
}

/** Checks the webhook body field by field, so each failure has its documented code. */
function webhookBody(raw: unknown) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new HttpError(400, 'INVALID_REQUEST', 'the body must be a JSON object {action, nonce, reviewer, notes}');
  }
  const body = raw as Record<string, unknown>;
  if (!WEBHOOK_ACTIONS.includes(body.action as WebhookAction)) {
    throw new HttpError(400, 'INVALID_ACTION', 'action must be approve, deny or escalate');
  }
  for (const field of ['reviewer', 'notes'] as const) {
    if (body[field] !== undefined && typeof body[field] !== 'string') {
      throw new HttpError(400, 'INVALID_REQUEST', `${field} must be a string`);
    }
  }
  if (typeof body.nonce !== 'string' || body.nonce === '') {
    throw new HttpError(403, 'NONCE_INVALID', 'a review nonce is required');
  }
  return validate(WebhookReviewBody, raw);
}

/** The dashboard's digest routes: list, the seven review actions, clear-all, webhook review. */
export function digestRoutes({ digest }: { digest: DigestService }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/digest',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Open digest items',
      description: `${DIGEST_LIST_DOC} ${DIGEST_EVENTS_DOC}`,
      tags: ['digest'],
      query: DigestListQuery,
      responses: {
        200: { description: 'A page of open items with counts', schema: DigestListSchema },
        400: errorDoc('INVALID_QUERY'),
      },
      async handler(request) {
        const query = queryOf(request);
        const limit = Math.min(100, intQuery(query('limit'), 'limit', 20, 1));
        const offset = intQuery(query('offset'), 'offset', 0, 0);
        return json(await digest.list(limit, offset));
      },
    },
    // Registered before the /api/digest/{id}/... routes on purpose.
    {
      method: 'POST',
      path: '/api/digest/clear-all',
      auth: 'write',
      bucket: 'write',
      summary: 'Expire every open item',
      description: 'Every pending or escalated item becomes expired with review_action `clear`; rows remain, nothing is approved or run. Waiting callers are answered (deny).',
      tags: ['digest'],
      responses: { 200: { description: 'How many items were cleared', schema: ClearAllResultSchema } },
      async handler() {
        return json({ status: 'cleared', cleared: await digest.clearAll() });
      },
    },
    ...ROUTE_ACTIONS.map((action) => actionRoute(digest, action)),
    {
      method: 'POST',
      path: '/api/digest/{id}/webhook-review',
      auth: 'self-proof',
      bucket: 'write',
      summary: 'Review an item with a single-use nonce',
      description: WEBHOOK_REVIEW_DOC,
      tags: ['digest'],
      params: IdParams,
      body: WebhookReviewBody,
      responses: {
        200: { description: '{status: reviewed, action} or {status: no_action}', schema: WebhookReviewResultSchema },
        400: errorDoc('INVALID_ACTION or INVALID_REQUEST'),
        403: errorDoc('NONCE_INVALID'),
        404: errorDoc('NOT_FOUND'),
        409: errorDoc('ITEM_ALREADY_REVIEWED or ITEM_NOT_PENDING'),
      },
      async handler(request) {
        const body = webhookBody(await readJson(request));
        return json(await digest.webhookReview(idOf(request), body));
      },
    },
  ];
}
