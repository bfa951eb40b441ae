import { describe, expect, it } from 'vitest';
import { createLicenceMinter } from '../../conformance/pro-licence.ts';
import { FUZZ_CONFIG, fuzzEveryRoute, seedFuzzState, type FuzzOptions, type OpenApiDocument } from '../../support/openapi-fuzz.ts';
import { createTestApp } from '../../support/test-app.ts';

describe('the OpenAPI-driven fuzz, in-process (issue 16 point 5)', () => {
  it('every route of the served document, with generated bad input, with and without credentials: no 5xx, every 4xx {error, code}, then healthy with the chain intact', async () => {
    const minter = await createLicenceMinter();
    const t = await createTestApp({ files: { 'config.toml': FUZZ_CONFIG, 'license.json': await minter.mint() }, env: minter.env });
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
    const send: FuzzOptions['send'] = async (request) => {
      // A fetch Request cannot carry a GET body; the hosts' suites send those over sockets.
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as BodyInit | undefined);
      const response = await t.request(request.path, { method: request.method, headers: request.headers, body });
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
    };
    const tokens = { daemonToken: t.daemonToken, dashboardToken: t.dashboardToken! };
    const seeded = await seedFuzzState({ send, ...tokens });
    const report = await fuzzEveryRoute({
      doc,
      send,
      ...tokens,
      knownIds: () => seeded,
      numRuns: Number(process.env.FUZZ_RUNS ?? 40),
      seed: Number(process.env.FUZZ_SEED ?? 165),
      noAuthenticated: ['POST /api/server/shutdown'],
    });
    if (process.env.FUZZ_VERBOSE) for (const [r, tally] of Object.entries(report.byRoute)) console.log(r, JSON.stringify(tally));
    expect(report.failures).toEqual([]);
    expect(report.sent).toBeGreaterThan(2000);
    expect(t.shutdownRequested()).toBe(false);
    const health = (await (await t.request('/api/health')).json()) as Record<string, unknown>;
    expect(health.status).toBe('healthy');
    expect(health.audit_quarantined).toBeUndefined();
    const audit = await t.request('/api/audit?limit=1', { headers: { 'x-svc-csrf': t.dashboardToken! } });
    expect(audit.status).toBe(200);
  }, 120_000);
});
