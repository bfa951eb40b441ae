/**
 * `GET /api/inventory/{id}` and `GET /api/sessions/{id}/listener-rewrites`
 * (dashboard token, General bucket): what a supervised session ran and which
 * of its listeners were clamped to loopback. 404 NOT_FOUND for an unknown session.
 */
import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { InventorySchema, ListenerRewritesSchema, SessionIdParams } from '../schemas/session.ts';
import type { Supervisor } from '../sessions/create-supervisor.ts';
import { sessionIdOf } from './supervisor.ts';

export function sessionRecordRoutes(supervisor: Supervisor): RouteSpec[] {
  const { registry } = supervisor;
  return [
    {
      method: 'GET',
      path: '/api/inventory/{id}',
      auth: 'read-token',
      bucket: 'general',
      summary: "A session's binary inventory: each executable path with the hash pinned at first use",
      description: '`changed` is true once a call ran the path with another hash (scored by the binary-drift filter).',
      tags: ['supervisor'],
      params: SessionIdParams,
      responses: { 200: { description: 'Inventory', schema: InventorySchema }, 404: errorDoc('NOT_FOUND: no session of that id') },
      handler(request) {
        const id = sessionIdOf(request);
        registry.assertExists(id);
        return json(supervisor.inventory.list(id));
      },
    },
    {
      method: 'GET',
      path: '/api/sessions/{id}/listener-rewrites',
      auth: 'read-token',
      bucket: 'general',
      summary: "A session's wildcard listeners clamped to loopback, oldest first",
      description: 'At most the 1000 newest; total counts them all.',
      tags: ['supervisor'],
      params: SessionIdParams,
      responses: { 200: { description: 'Rewrites', schema: ListenerRewritesSchema }, 404: errorDoc('NOT_FOUND: no session of that id') },
      handler(request) {
        const id = sessionIdOf(request);
        registry.assertExists(id);
        return json(supervisor.rewrites.list(id));
      },
    },
  ];
}
