import { Type } from '@sinclair/typebox';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import { requireFeature } from '../licence/require-feature.ts';
import type { LicenceService } from '../licence/licence-service.ts';
import type { PolicyStore } from '../policies/policy-store.ts';
import { parsePolicyBody } from '../policies/policy-validation.ts';
import type { RouteRequest, RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { PolicyBodySchema, PolicyListSchema, PolicySchema } from '../schemas/policy.ts';
import type { FilterCatalogEntry } from '../services.ts';

const NameParam = Type.Object({
  name: Type.String({ description: '1-64 ASCII letters, digits or hyphens; anything else is 404' }),
});

const GATED = errorDoc('FEATURE_GATED: the licence lacks policy_editor');
const INVALID = errorDoc('VALIDATION_ERROR: a body that is not a JSON object, name (create only), thresholds 0.0-10.0, allow strictly below deny, unknown filter ids');

/** The path parameter, percent-decoded; an undecodable one cannot name a policy. */
function nameOf(request: RouteRequest): string {
  const raw = String(request.params.name ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The five policy routes (Pro `policy_editor`, checked before any file access). */
export function policyRoutes(parts: { policies: PolicyStore; licence: LicenceService; filterCatalog: () => FilterCatalogEntry[] }): RouteSpec[] {
  const store = parts.policies;
  const knownFilters = () => new Set(parts.filterCatalog().map((filter) => filter.id));
  const gate = () => requireFeature(parts.licence, 'policy_editor');
  const tags = ['policies'];
  return [
    {
      method: 'GET',
      path: '/api/policies',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Every local policy, sorted by name',
      tags,
      responses: { 200: { description: 'Policies', schema: PolicyListSchema }, 403: GATED },
      async handler() {
        gate();
        const policies = await store.list();
        return json({ policies, total: policies.length });
      },
    },
    {
      method: 'GET',
      path: '/api/policies/{name}',
      auth: 'read-token',
      bucket: 'general',
      summary: 'One policy',
      tags,
      params: NameParam,
      responses: { 200: { description: 'Policy', schema: PolicySchema }, 403: GATED, 404: errorDoc('NOT_FOUND') },
      async handler(request) {
        gate();
        return json(await store.get(nameOf(request)));
      },
    },
    {
      method: 'POST',
      path: '/api/policies',
      auth: 'write',
      bucket: 'write',
      summary: 'Create a policy (version 1)',
      description: 'Stored as `<config_dir>/policies/<name>.json`, written atomically. Windows device names (CON, NUL, COM1...) are refused.',
      tags,
      body: PolicyBodySchema,
      responses: {
        201: { description: 'The stored policy', schema: PolicySchema },
        400: INVALID,
        403: GATED,
        409: errorDoc('ALREADY_EXISTS'),
      },
      async handler(request) {
        gate();
        const content = parsePolicyBody(await readJson(request, { code: 'VALIDATION_ERROR' }), knownFilters());
        return json(await store.create(content.name ?? '', content), 201);
      },
    },
    {
      method: 'PUT',
      path: '/api/policies/{name}',
      auth: 'write',
      bucket: 'write',
      summary: 'Replace a policy (version +1)',
      description: 'The path names the policy; a `name` in the body is ignored. Description and rules are replaced; omitted parts take their defaults.',
      tags,
      params: NameParam,
      body: PolicyBodySchema,
      responses: { 200: { description: 'The stored policy', schema: PolicySchema }, 400: INVALID, 403: GATED, 404: errorDoc('NOT_FOUND') },
      async handler(request) {
        gate();
        const content = parsePolicyBody(await readJson(request, { code: 'VALIDATION_ERROR' }), knownFilters());
        return json(await store.update(nameOf(request), content));
      },
    },
    {
      method: 'DELETE',
      path: '/api/policies/{name}',
      auth: 'write',
      bucket: 'write',
      summary: 'Delete a policy',
      tags,
      params: NameParam,
      responses: { 204: { description: 'Deleted' }, 403: GATED, 404: errorDoc('NOT_FOUND') },
      async handler(request) {
        gate();
        await store.remove(nameOf(request));
        return new Response(null, { status: 204 });
      },
    },
  ];
}
