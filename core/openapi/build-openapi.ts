import type { TSchema } from '@sinclair/typebox';
import type { RouteSpec } from '../route-spec.ts';

const AUTH_NOTES: Record<RouteSpec['auth'], string> = {
  open: 'Open: no credentials.',
  'read-token': 'Read-token: header x-svc-csrf with the dashboard token (401 DASHBOARD_AUTH_REQUIRED).',
  write: 'Write: header x-svc-csrf with the dashboard token (403 CSRF_REQUIRED).',
  'read-token+write':
    'Read-token and Write: header x-svc-csrf with the dashboard token. The token guard runs first: a missing or wrong ' +
    'header is 401 DASHBOARD_AUTH_REQUIRED; with no dashboard token configured (guard inert) it is 403 CSRF_REQUIRED.',
  ipc: 'Daemon IPC: Authorization: Bearer <daemon.token> (401 IPC_AUTH_REQUIRED).',
  'self-proof': 'The request carries its own proof (nonce or pairing code); no CSRF layer.',
};

const SECURITY: Record<RouteSpec['auth'], Array<Record<string, string[]>>> = {
  open: [],
  'read-token': [{ dashboardToken: [] }],
  write: [{ dashboardToken: [] }],
  'read-token+write': [{ dashboardToken: [] }],
  ipc: [{ daemonBearer: [] }],
  'self-proof': [],
};

/** Strips TypeBox's symbol keys and `$id`s by a JSON round trip. */
function plain(schema: TSchema): unknown {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === '$id' ? undefined : value)));
}

function queryParameters(schema: TSchema | undefined, where: 'query' | 'path') {
  const properties = (schema?.properties ?? {}) as Record<string, TSchema>;
  const required = new Set<string>((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    description: property.description,
    schema: plain(property),
  }));
}

/** The OpenAPI 3.1 document generated from the route table's TypeBox schemas. */
export function buildOpenApi(routes: RouteSpec[], info: { version: string; description: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, doc] of Object.entries(route.responses)) {
      responses[status] = doc.schema
        ? { description: doc.description, content: { [doc.contentType ?? 'application/json']: { schema: plain(doc.schema) } } }
        : { description: doc.description };
    }
    const operation: Record<string, unknown> = {
      summary: route.summary,
      description: [route.description, AUTH_NOTES[route.auth], route.bucket ? `Rate bucket: ${route.bucket}.` : '']
        .filter(Boolean)
        .join('\n\n'),
      tags: route.tags,
      security: SECURITY[route.auth],
      parameters: [...queryParameters(route.params, 'path'), ...queryParameters(route.query, 'query')],
      responses,
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: plain(route.body) } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'svc daemon API', version: info.version, description: info.description },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        dashboardToken: { type: 'apiKey', in: 'header', name: 'x-svc-csrf' },
        daemonBearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-svc-api-key' },
      },
    },
    paths,
  };
}
