import { loadEffectiveConfig } from '../config/config-files.ts';
import type { ConfigWriter } from '../config/write-config.ts';
import type { FileStore } from '../deps.ts';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import { validate } from '../http/validate.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { ConfigResponseSchema, ConfigUpdateBodySchema, ConfigUpdateResponseSchema } from '../schemas/config.ts';
import type { FilterCatalogEntry } from '../services.ts';

const GET_DESCRIPTION = [
  'Effective values of the config files as they stand now: defaults, then team-config.toml, then config.toml.',
  'After a PUT this shows the new file values at once; the running proxy keeps the thresholds it started with',
  'until the daemon restarts, and GET /api/proxy/status shows those running values.',
  'Config files that no longer validate give 409 CONFIG_FILE_INVALID.',
].join(' ');

const PUT_DESCRIPTION = [
  'Writes the given settings to config.toml (scope `local`, the default) or team-config.toml (scope `team`).',
  'Every other key of that file is kept (comments are not: the file is re-serialised); the write is atomic',
  '(temporary file and rename), so a failed write leaves the previous file intact (500 CONFIG_WRITE_FAILED).',
  'Fields outside scope, filters[{id, enabled}], proxy.auto_allow_threshold, proxy.auto_deny_threshold and',
  'server.auto_open_dashboard, a body that changes nothing, or a repeated filter id: 400 INVALID_CONFIG.',
  'A filter id the running proxy does not register: 400 UNKNOWN_FILTERS with `unknown` listing them.',
  'Thresholds are checked on the effective result after the change: outside 0.0-10.0, or allow not strictly below',
  'deny, is 400 INVALID_PROXY_THRESHOLD. The running proxy keeps its thresholds until the daemon restarts.',
].join(' ');

const RESTART_MESSAGE =
  'configuration written; the running proxy keeps its current thresholds and filters until the daemon restarts';

/** `GET` and `PUT /api/config`. */
export function configRoutes(parts: { files: FileStore; configWriter: ConfigWriter; filterCatalog: () => FilterCatalogEntry[] }): RouteSpec[] {
  const { files, configWriter: writer } = parts;
  return [
    {
      method: 'GET',
      path: '/api/config',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Effective configuration (scopes, thresholds, filters)',
      description: GET_DESCRIPTION,
      tags: ['config'],
      responses: {
        200: { description: 'Effective configuration', schema: ConfigResponseSchema },
        409: errorDoc('CONFIG_FILE_INVALID: a config file on disk does not validate'),
      },
      async handler() {
        const config = await loadEffectiveConfig(files);
        return json({
          config_scope: ['local', 'team'],
          proxy: {
            auto_allow_threshold: config.proxy.auto_allow_threshold,
            auto_deny_threshold: config.proxy.auto_deny_threshold,
          },
          filters: parts.filterCatalog().map(({ id, name, phase }) => ({
            id,
            name,
            phase,
            enabled: config.filters[id]?.enabled ?? true,
          })),
        });
      },
    },
    {
      method: 'PUT',
      path: '/api/config',
      auth: 'read-token+write',
      bucket: 'write',
      summary: 'Change filters, thresholds or auto_open_dashboard in one scope file',
      description: PUT_DESCRIPTION,
      tags: ['config'],
      body: ConfigUpdateBodySchema,
      responses: {
        200: { description: 'Written', schema: ConfigUpdateResponseSchema },
        400: errorDoc('INVALID_JSON, INVALID_CONFIG, UNKNOWN_FILTERS or INVALID_PROXY_THRESHOLD'),
        409: errorDoc('CONFIG_FILE_INVALID: a config file on disk does not validate; nothing was written'),
        500: errorDoc('CONFIG_WRITE_FAILED: the write failed; the previous file is intact'),
      },
      async handler(request) {
        const body = validate(ConfigUpdateBodySchema, await readJson(request), 'INVALID_CONFIG');
        const scope = body.scope ?? 'local';
        const known = new Set(parts.filterCatalog().map((filter) => filter.id));
        const result = await writer.update(scope, body, known);
        return json({
          status: 'updated',
          scope: result.scope,
          filters_updated: result.filtersUpdated,
          proxy_updated: result.proxyUpdated,
          server_updated: result.serverUpdated,
          message: RESTART_MESSAGE,
        });
      },
    },
  ];
}
