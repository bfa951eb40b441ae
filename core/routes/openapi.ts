import { Type } from '@sinclair/typebox';
import { buildOpenApi } from '../openapi/build-openapi.ts';
import type { RouteSpec } from '../route-spec.ts';

const DESCRIPTION = [
  'The HTTP API of the svc supervision daemon, generated from the TypeBox schemas the daemon validates with.',
  'Errors are `{error, code}`; tier refusals add `feature`, `current_tier`, `required_tier`, `upgrade_url`.',
  'Global guards, in order: non-loopback peers get 403 LOCALHOST_ONLY; a Host header that does not name the daemon',
  'gets 403 HOST_NOT_ALLOWED (DNS-rebinding defence); CORS preflights are answered for the one allowed origin;',
  'with `[server] require_api_key = true` every request needs `x-svc-api-key` (401 API_KEY_REQUIRED).',
  'Bodies over 1 MiB get 413 PAYLOAD_TOO_LARGE, malformed JSON 400 INVALID_JSON, unknown routes 404 NOT_FOUND,',
  'a wrong method 405 METHOD_NOT_ALLOWED with an Allow header. Rate buckets answer 429 RATE_LIMITED with Retry-After.',
  'WebSockets: /ws/live and /ws/supervisor/{id} need ?token=<dashboard token> and an Origin equal to http://<Host>;',
  'the first message is `{type: "hello", instance_id, data, at}`; events are `{type, data, at}`. A plain HTTP request',
  'to either path gets 426 UPGRADE_REQUIRED with `Upgrade: websocket`.',
].join(' ');

/** `GET /api/openapi.json`: the document for every route in the table. */
export function openApiRoutes({ version }: { version: string }, routes: () => RouteSpec[]): RouteSpec[] {
  let cached: string | null = null;
  return [
    {
      method: 'GET',
      path: '/api/openapi.json',
      auth: 'open',
      bucket: 'general',
      summary: 'This OpenAPI 3.1 document',
      tags: ['meta'],
      responses: { 200: { description: 'OpenAPI document', schema: Type.Object({}, { additionalProperties: true }) } },
      handler() {
        cached ??= JSON.stringify(buildOpenApi(routes(), { version, description: DESCRIPTION }));
        return new Response(cached, { headers: { 'content-type': 'application/json' } });
      },
    },
  ];
}
