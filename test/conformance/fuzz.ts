/**
 * The OpenAPI-driven fuzz on every host (issue 16 point 5): a daemon of this
 * host (its own instance: the fuzz may write config, canaries and policies)
 * gets every route of the document it serves, driven with generated bad input
 * over real sockets (GET requests may carry a body here), without, with wrong
 * and with right credentials. No answer is a 5xx, every 4xx is `{error,
 * code}`, and afterwards the daemon is healthy and its audit chain verifies.
 */
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { FUZZ_CONFIG, fuzzEveryRoute, seedFuzzState, type FuzzOptions, type OpenApiDocument } from '../support/openapi-fuzz.ts';
import type { RunningHost } from '../support/host-process.ts';
import type { ConformanceContext } from './context.ts';
import { createLicenceMinter } from './pro-licence.ts';
import { readToken } from './tokens.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

/** Runs per route: ~62 routes × 12 requests stay well under a minute on a loaded machine, on every host. */
const RUNS_PER_ROUTE = 12;

export function fuzzSuite(ctx: ConformanceContext): void {
  describe('the OpenAPI-driven fuzz', () => {
    it('every route, generated bad input, with and without credentials: no 5xx, every 4xx {error, code}; then healthy, chain intact', async () => {
      const minter = await createLicenceMinter();
      let host: RunningHost | null = null;
      try {
        host = await ctx.launch({ files: { 'config.toml': FUZZ_CONFIG, 'license.json': await minter.mint() }, env: minter.env });
        const base = host.baseUrl;
        const send: FuzzOptions['send'] = async (sent) => {
          const res = await request(`${base}${sent.path}`, {
            method: sent.method as 'GET',
            headers: sent.headers,
            ...(sent.body === undefined ? {} : { body: sent.body }),
          });
          const text = await res.body.text();
          return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text };
        };
        const tokens = { daemonToken: await readToken(host.configDir, 'daemon.token'), dashboardToken: await readToken(host.configDir, 'dashboard.token') };
        const doc = (await (await request(`${base}/api/openapi.json`)).body.json()) as OpenApiDocument;
        const seeded = await seedFuzzState({ send, ...tokens });
        const report = await fuzzEveryRoute({
          doc, send, ...tokens,
          knownIds: () => seeded,
          numRuns: RUNS_PER_ROUTE,
          seed: 165,
          noAuthenticated: ['POST /api/server/shutdown'],
        });
        expect(report.failures).toEqual([]);
        expect(report.sent).toBe(Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0) * RUNS_PER_ROUTE);
        const health = (await (await request(`${base}/api/health`)).body.json()) as Record<string, unknown>;
        expect(health.status).toBe('healthy');
        expect(health.audit_quarantined).toBeUndefined();
        const audit = await request(`${base}/api/audit?limit=1`, { headers: { 'x-svc-csrf': tokens.dashboardToken } });
        expect(audit.statusCode).toBe(200);
        expect(((await audit.body.json()) as { total: number }).total).toBeGreaterThan(4);
      } finally {
        await host?.stop();
      }
    }, HOST_STARTS_MS);
  });
}
