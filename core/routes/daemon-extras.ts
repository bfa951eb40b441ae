/**
 * `GET /api/proxy/status/full` (daemon bearer), a route the spec names only
 * by path and tier: the status resource plus each filter's id and load
 * failure, and the proxy's degraded reason. (`/api/inventory/{id}` and
 * `/api/sessions/{id}/listener-rewrites` belong to a session supervisor this
 * daemon does not have yet, so they do not exist rather than answer made-up data.)
 */
import { Type } from '@sinclair/typebox';
import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { ProxyStatusSchema } from '../schemas/proxy.ts';
import type { ScoringEngine } from '../scoring/engine.ts';
import { statusBody } from './proxy.ts';


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


export function daemonExtraRoutes({ engine }: { engine: Pick<ScoringEngine, 'status' | 'degradedReason' | 'filters'> }): RouteSpec[] {
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
          status: statusBody(engine.status()),
          degraded_reason: engine.degradedReason,
          filter_catalogue: engine.filters().map((f) => ({
            id: f.id, name: f.name, enabled: f.enabled, is_ready: f.is_ready, reason: f.reason,
          })),
        }),
    },
  ];
}
