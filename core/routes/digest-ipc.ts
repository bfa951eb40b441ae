import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { DigestForensicsSchema, IdParams, NonceSchema, WaitQuery, WaitResultSchema } from '../schemas/digest.ts';
import type { DigestService } from '../digest/digest-service.ts';
import { intQuery, queryOf } from '../http/query.ts';
import { idOf } from './digest.ts';

/** Longest long-poll (ms); larger `timeout_ms` values are clamped to it. */
export const MAX_WAIT_MS = 60_000;
export const DEFAULT_WAIT_MS = 30_000;

/** The daemon's digest routes (bearer `daemon.token`): forensics, long-poll, review nonces. */
export function digestIpcRoutes({ digest }: { digest: DigestService }): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/ipc/digest/items/{id}',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Full forensics of one digest item',
      description: 'The item with audit_id, priority, source, supervised, self_resolution, reviewed_by, rule_pattern, expires_at and outcome (allow, deny, or null while open).',
      tags: ['digest', 'ipc'],
      params: IdParams,
      responses: { 200: { description: 'The item', schema: DigestForensicsSchema }, 404: errorDoc('NOT_FOUND') },
      async handler(request) {
        return json(await digest.forensics(idOf(request)));
      },
    },
    {
      method: 'GET',
      path: '/api/ipc/digest/items/{id}/wait',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Wait for the review of a queued call',
      description:
        'Long-poll: answers as soon as the item is resolved (approved, denied, or expired by clear-all or the review ' +
        'timeout), or with `resolved: false` and the current state once `timeout_ms` passes (default 30000, values above ' +
        '60000 clamped; non-integers 400 INVALID_QUERY). An item already resolved answers at once. `item.outcome` tells ' +
        'the caller to run (`allow`) or refuse (`deny`) the call. An unreviewed item is auto-denied (expired, ' +
        'review_action null) after proxy.review_timeout_seconds.',
      tags: ['digest', 'ipc'],
      params: IdParams,
      query: WaitQuery,
      responses: {
        200: { description: 'The item and whether it is resolved', schema: WaitResultSchema },
        400: errorDoc('INVALID_QUERY'),
        404: errorDoc('NOT_FOUND'),
      },
      async handler(request) {
        const timeout = Math.min(MAX_WAIT_MS, intQuery(queryOf(request)('timeout_ms'), 'timeout_ms', DEFAULT_WAIT_MS, 0));
        return json(await digest.wait(idOf(request), timeout));
      },
    },
    {
      method: 'POST',
      path: '/api/ipc/digest/{id}/review-nonce',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Mint a single-use webhook-review nonce for an item',
      description: 'A nonce of 64 hex characters bound to this item, stored only as its SHA-256; spent by its first use.',
      tags: ['digest', 'ipc'],
      params: IdParams,
      responses: { 200: { description: 'The nonce', schema: NonceSchema }, 404: errorDoc('NOT_FOUND') },
      async handler(request) {
        return json({ nonce: await digest.issueNonce(idOf(request)) });
      },
    },
  ];
}
