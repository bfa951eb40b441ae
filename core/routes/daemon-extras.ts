/**
 * Routes the spec names only by path and tier, with shapes the project
 * designs (documented here and in the OpenAPI document):
 *
 * - `GET /api/proxy/status/full` (daemon bearer): the status resource plus
 *   each filter's id and load failure, and the proxy's degraded reason.
 * - `GET /api/inventory/{id}` and `GET /api/sessions/{id}/listener-rewrites`
 *   (dashboard token): this daemon keeps no tool inventory and rewrites no
 *   listeners, so both answer an empty list for any id.
 */
import { Type } from '@sinclair/typebox';
import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { ProxyStatusSchema } from '../schemas/proxy.ts';
import type { Services } from '../services.ts';
import { statusBody } from './proxy.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });

const FullFilterSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  is_ready: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the filter is not ready, or null' }),
});

const ProxyStatusFullSchema = Type.Object({
  status: ProxyStatusSchema,
  degraded_reason: Type.Union([Type.String(), Type.Null()]),
  filter_catalogue: Type.Array(FullFilterSchema),
});

const InventorySchema = Type.Object({ id: Type.String(), items: Type.Array(Type.Unknown(), { maxItems: 0 }) });
const RewritesSchema = Type.Object({ session_id: Type.String(), rewrites: Type.Array(Type.Unknown(), { maxItems: 0 }) });

export function daemonExtraRoutes(services: Services): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/proxy/status/full',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Proxy status with the filter catalogue and load failures (daemon only)',
      tags: ['proxy'],
      responses: { 200: { description: 'Full proxy status', schema: ProxyStatusFullSchema } },
      handler: () =>
        json({
          status: statusBody(services.engine.status()),
          degraded_reason: services.engine.degradedReason,
          filter_catalogue: services.engine.filters().map((f) => ({
            id: f.id, name: f.name, enabled: f.enabled, is_ready: f.is_ready, reason: f.reason,
          })),
        }),
    },
    {
      method: 'GET',
      path: '/api/inventory/{id}',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Tool inventory of a supervised session (always empty: this daemon keeps none)',
      tags: ['sessions'],
      params: IdParams,
      responses: { 200: { description: 'An empty inventory', schema: InventorySchema } },
      handler: (request) => json({ id: String(request.params.id), items: [] }),
    },
    {
      method: 'GET',
      path: '/api/sessions/{id}/listener-rewrites',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Listener rewrites of a session (always empty: this daemon rewrites none)',
      tags: ['sessions'],
      params: IdParams,
      responses: { 200: { description: 'An empty list', schema: RewritesSchema } },
      handler: (request) => json({ session_id: String(request.params.id), rewrites: [] }),
    },
  ];
}
