import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/test-app.ts';
import { createLicenceMinter } from '../../conformance/pro-licence.ts';

const minter = await createLicenceMinter();
const FILTERS = [
  { id: 'dlp', name: 'DLP', phase: 'pattern' as const },
  { id: 'egress-policy', name: 'Egress', phase: 'context' as const },
];

async function proApp(options: { licence?: boolean; files?: Record<string, string> } = {}) {
  const files = { ...(options.files ?? {}) };
  if (options.licence !== false) files['license.json'] = await minter.mint();
  const t = await createTestApp({ files, env: minter.env });
  t.app.services.filterCatalog = () => FILTERS;
  const token = t.dashboardToken!;
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { 'x-svc-csrf': token, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await t.request(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }
  return { ...t, call };
}

const policy = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `policy ${name}`,
  rules: {
    proxy: { auto_allow_threshold: 2, auto_deny_threshold: 7 },
    filters: { dlp: false },
    allowlists: { paths: ['/tmp/**'], commands: ['ls'], domains: ['example.com'] },
  },
  ...extra,
});

describe('policy store routes', () => {
  it('every policy route answers 403 FEATURE_GATED policy_editor on Community, before touching files', async () => {
    const t = await proApp({ licence: false, files: { 'policies/a.json': 'garbage' } });
    const reads: string[] = [];
    const original = t.deps.files.read;
    t.deps.files.read = async (path) => {
      reads.push(path);
      return original(path);
    };
    for (const [method, path, body] of [
      ['GET', '/api/policies'],
      ['GET', '/api/policies/a'],
      ['POST', '/api/policies', policy('b')],
      ['PUT', '/api/policies/a', policy('a')],
      ['DELETE', '/api/policies/a'],
    ] as const) {
      const { status, body: answer } = await t.call(method, path, body);
      expect(status, `${method} ${path}`).toBe(403);
      expect(answer).toMatchObject({ code: 'FEATURE_GATED', feature: 'policy_editor', current_tier: 'community', required_tier: 'pro' });
      expect(answer!.upgrade_url).toEqual(expect.any(String));
    }
    expect(reads.filter((p) => p.startsWith('policies/'))).toEqual([]);
    expect(t.files.text('policies/b.json')).toBeNull();
  });

  it('reads need the dashboard token (401) and writes the CSRF header (403)', async () => {
    const t = await proApp();
    expect((await t.request('/api/policies')).status).toBe(401);
    const post = await t.request('/api/policies', { method: 'POST', body: JSON.stringify(policy('x')), headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { code: string }).code).toBe('CSRF_REQUIRED');
  });

  it('create answers 201 with version 1 and both timestamps, stored under policies/<name>.json', async () => {
    const t = await proApp();
    const { status, body } = await t.call('POST', '/api/policies', policy('team-default'));
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'team-default', version: 1, description: 'policy team-default' });
    expect(body!.created_at).toBe(body!.updated_at);
    expect(body!.rules).toEqual(policy('x').rules);
    expect(JSON.parse(t.files.text('policies/team-default.json')!)).toEqual(body);
    expect((await t.call('GET', '/api/policies/team-default')).body).toEqual(body);
  });

  it('omitted parts take their defaults', async () => {
    const t = await proApp();
    const { body } = await t.call('POST', '/api/policies', { name: 'bare' });
    expect(body).toMatchObject({
      description: '',
      rules: { proxy: { auto_allow_threshold: 3, auto_deny_threshold: 8 }, filters: {}, allowlists: { paths: [], commands: [], domains: [] } },
    });
  });

  it('update increments version, keeps created_at and moves updated_at', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const files = { 'license.json': await minter.mint() };
    const t = await createTestApp({ files, env: minter.env, now: () => now });
    t.app.services.filterCatalog = () => FILTERS;
    const headers = { 'x-svc-csrf': t.dashboardToken!, 'content-type': 'application/json' };
    const created = (await (await t.request('/api/policies', { method: 'POST', headers, body: JSON.stringify(policy('p')) })).json()) as Record<string, any>;
    now += 60_000;
    const response = await t.request('/api/policies/p', { method: 'PUT', headers, body: JSON.stringify({ ...created, description: 'changed', name: 'ignored' }) });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as Record<string, any>;
    expect(updated).toMatchObject({ name: 'p', version: 2, description: 'changed', created_at: created.created_at, updated_at: '2026-01-01T00:01:00.000Z' });
    now += 1;
    const again = (await (await t.request('/api/policies/p', { method: 'PUT', headers, body: JSON.stringify(policy('p')) })).json()) as Record<string, any>;
    expect(again.version).toBe(3);
    expect(t.files.text('policies/ignored.json')).toBeNull();
  });

  it('a duplicate name on create answers 409 ALREADY_EXISTS and leaves the first one', async () => {
    const t = await proApp();
    await t.call('POST', '/api/policies', policy('dup'));
    const { status, body } = await t.call('POST', '/api/policies', policy('dup', { description: 'second' }));
    expect(status).toBe(409);
    expect(body!.code).toBe('ALREADY_EXISTS');
    expect((await t.call('GET', '/api/policies/dup')).body!.description).toBe('policy dup');
  });

  it('two concurrent creates of one name: exactly one wins', async () => {
    const t = await proApp();
    const results = await Promise.all([t.call('POST', '/api/policies', policy('race')), t.call('POST', '/api/policies', policy('race'))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('unknown names answer 404 NOT_FOUND on read, update and delete', async () => {
    const t = await proApp();
    for (const [method, body] of [['GET'], ['PUT', policy('nope')], ['DELETE']] as const) {
      const { status, body: answer } = await t.call(method, '/api/policies/nope', body);
      expect(status, method).toBe(404);
      expect(answer!.code).toBe('NOT_FOUND');
    }
  });

  it('delete answers 204 and removes the file', async () => {
    const t = await proApp();
    await t.call('POST', '/api/policies', policy('gone'));
    const response = await t.request('/api/policies/gone', { method: 'DELETE', headers: { 'x-svc-csrf': t.dashboardToken! } });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(t.files.text('policies/gone.json')).toBeNull();
    expect((await t.call('GET', '/api/policies/gone')).status).toBe(404);
  });

  it('the list is sorted by name with a total, skipping unreadable and foreign files', async () => {
    const t = await proApp({ files: { 'policies/zz-broken.json': '{nope', 'policies/readme.txt': 'hi', 'policies/.tmp-x': '' } });
    for (const name of ['charlie', 'Alpha', 'bravo', 'alpha-2']) await t.call('POST', '/api/policies', policy(name));
    const { body } = await t.call('GET', '/api/policies');
    expect(body!.total).toBe(4);
    expect(body!.policies.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'alpha-2', 'bravo', 'charlie']);
  });

  it('an empty store lists {policies: [], total: 0}', async () => {
    const t = await proApp();
    expect((await t.call('GET', '/api/policies')).body).toEqual({ policies: [], total: 0 });
  });
});

describe('policy validation answers 400 VALIDATION_ERROR', () => {
  const cases: Array<[string, unknown]> = [
    ['a missing name on create', { description: 'x' }],
    ['an empty name', policy('')],
    ['a name of 65 characters', policy('a'.repeat(65))],
    ['a name with an underscore', policy('a_b')],
    ['a name with a dot', policy('a.json')],
    ['a name with ..', policy('..')],
    ['a name with a slash', policy('a/b')],
    ['a name with a backslash', policy('a\\b')],
    ['a non-ASCII name', policy('café')],
    ['a Windows device name CON', policy('CON')],
    ['a Windows device name nul (any case)', policy('nul')],
    ['a Windows device name com1', policy('com1')],
    ['a Windows device name LPT9', policy('LPT9')],
    ['allow threshold below 0', policy('t', { rules: { proxy: { auto_allow_threshold: -0.1, auto_deny_threshold: 5 } } })],
    ['deny threshold above 10', policy('t', { rules: { proxy: { auto_allow_threshold: 1, auto_deny_threshold: 10.5 } } })],
    ['allow equal to deny', policy('t', { rules: { proxy: { auto_allow_threshold: 5, auto_deny_threshold: 5 } } })],
    ['allow above deny', policy('t', { rules: { proxy: { auto_allow_threshold: 6, auto_deny_threshold: 5 } } })],
    ['allow above the default deny when deny is omitted', policy('t', { rules: { proxy: { auto_allow_threshold: 9 } } })],
    ['a threshold that is not a number', policy('t', { rules: { proxy: { auto_allow_threshold: '1' } } })],
    ['an unknown filter id', policy('t', { rules: { filters: { dlp: true, 'no-such-filter': false } } })],
    ['a filter value that is not a boolean', policy('t', { rules: { filters: { dlp: 'yes' } } })],
    ['an allowlist that is not an array of strings', policy('t', { rules: { allowlists: { paths: [1] } } })],
    ['an unknown rules key', policy('t', { rules: { bogus: {} } })],
    ['a body that is not an object', [1, 2]],
  ];
  for (const [rule, body] of cases) {
    it(`on create: ${rule}`, async () => {
      const t = await proApp();
      const { status, body: answer } = await t.call('POST', '/api/policies', body);
      expect(status).toBe(400);
      expect(answer!.code).toBe('VALIDATION_ERROR');
      expect(answer!.error).toEqual(expect.any(String));
    });
  }

  it('on update: the rules are checked, the name in the body is not', async () => {
    const t = await proApp();
    await t.call('POST', '/api/policies', policy('u'));
    expect((await t.call('PUT', '/api/policies/u', policy('not a valid name!'))).status).toBe(200);
    const bad = await t.call('PUT', '/api/policies/u', policy('u', { rules: { proxy: { auto_allow_threshold: 8, auto_deny_threshold: 2 } } }));
    expect(bad.status).toBe(400);
    expect(bad.body!.code).toBe('VALIDATION_ERROR');
    const unknown = await t.call('PUT', '/api/policies/u', policy('u', { rules: { filters: { ghost: true } } }));
    expect(unknown.body!.code).toBe('VALIDATION_ERROR');
    expect((await t.call('GET', '/api/policies/u')).body!.version).toBe(2);
  });

  it('boundary thresholds 0 and 10 are accepted', async () => {
    const t = await proApp();
    const { status } = await t.call('POST', '/api/policies', policy('edges', { rules: { proxy: { auto_allow_threshold: 0, auto_deny_threshold: 10 } } }));
    expect(status).toBe(201);
  });

  it('a 64-character name is accepted', async () => {
    const t = await proApp();
    expect((await t.call('POST', '/api/policies', policy('a'.repeat(64)))).status).toBe(201);
  });
});

describe('policy names cannot escape policies/', () => {
  const hostile = ['..', '..%2F..%2Flicense', '%2e%2e%2flicense', 'a%2Fb', '..%5Cconfig', 'x%00', 'CON', 'nul', '%2E%2E', 'a.b', '...', 'team%2Fdefault'];
  for (const raw of hostile) {
    it(`path name ${raw} answers 404 or 400 and touches no file outside policies/`, async () => {
      const t = await proApp({ files: { 'config.toml': '' } });
      const touched: string[] = [];
      for (const key of ['read', 'writeAtomic', 'remove', 'stat'] as const) {
        const original = t.deps.files[key] as (path: string, ...rest: unknown[]) => Promise<unknown>;
        (t.deps.files as unknown as Record<string, unknown>)[key] = (path: string, ...rest: unknown[]) => {
          touched.push(path);
          return original(path, ...rest);
        };
      }
      for (const [method, body] of [['GET'], ['PUT', policy('x')], ['DELETE']] as const) {
        const { status } = await t.call(method, `/api/policies/${raw}`, body);
        expect([400, 404], `${method} ${raw}`).toContain(status);
      }
      expect(touched.filter((p) => !/^policies\/[A-Za-z0-9-]{1,64}\.json$/.test(p))).toEqual([]);
      expect(t.files.text('config.toml')).toBe('');
    });
  }
});

describe('policy files on disk', () => {
  it('a file holding another name (a case-insensitive disk opening foo.json for FOO) is not that policy: 404', async () => {
    const stored = { name: 'foo', description: '', version: 1, created_at: 'x', updated_at: 'x', rules: { proxy: { auto_allow_threshold: 1, auto_deny_threshold: 2 }, filters: {}, allowlists: { paths: [], commands: [], domains: [] } } };
    const t = await proApp({ files: { 'policies/FOO.json': JSON.stringify(stored) } });
    expect((await t.call('GET', '/api/policies/FOO')).status).toBe(404);
  });

  it('a corrupt policy file answers 500 POLICY_UNREADABLE on read and is left out of the list', async () => {
    const t = await proApp({ files: { 'policies/broken.json': '{"name": "broken"' } });
    const { status, body } = await t.call('GET', '/api/policies/broken');
    expect(status).toBe(500);
    expect(body!.code).toBe('POLICY_UNREADABLE');
    expect((await t.call('GET', '/api/policies')).body!.total).toBe(0);
  });
});
