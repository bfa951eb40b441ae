/**
 * Audit conformance: POST /api/proxy/evaluate answers only once its record is
 * durable, the audit routes serve it, and a daemon killed with SIGKILL in the
 * middle of a burst of evaluations under the benchmark's load shape
 * (test/support/evaluate-load.ts) comes back with every acknowledged
 * `audit_id` and `digest_id` present and the chain intact.
 */
import { describe, expect, it } from 'vitest';
import { Pool, request } from 'undici';
import { LOAD_CONNECTIONS, loadShapeBodies, loadShapeCalls, openLiveClient } from '../support/evaluate-load.ts';
import { SHARED_CONFIG, type ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

type Json = Record<string, any>;

/** A client of the audit routes (dashboard token) and of evaluate (daemon bearer). */
export async function auditClient(baseUrl: string, configDir: string) {
  const dashboard = await readToken(configDir, 'dashboard.token');
  const daemon = await readToken(configDir, 'daemon.token');
  return {
    async get(path: string): Promise<{ status: number; body: Json }> {
      const res = await request(`${baseUrl}${path}`, { headers: { 'x-svc-csrf': dashboard } });
      return { status: res.statusCode, body: (await res.body.json()) as Json };
    },
    async evaluate(toolCall: object, extra: Json = {}): Promise<{ status: number; body: Json }> {
      const res = await request(`${baseUrl}/api/proxy/evaluate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_call: toolCall, ...extra }),
      });
      return { status: res.statusCode, body: (await res.body.json()) as Json };
    },
  };
}

export function auditSuite(ctx: ConformanceContext): void {
  describe('audit', () => {
    it('evaluate answers with audit_id, and the durable record is listed, fetched and exported', async () => {
      const c = await auditClient(ctx.baseUrl, ctx.configDir);
      const session = crypto.randomUUID();
      const res = await c.evaluate({ type: 'FileRead', path: '/tmp/audit-conformance.txt' }, { session_id: session });
      expect(res.status).toBe(200);
      expect(typeof res.body.audit_id).toBe('string');
      const listed = await c.get(`/api/audit?session_id=${session}`);
      expect(listed.body.total).toBe(1);
      expect(listed.body.records[0]).toMatchObject({ id: res.body.audit_id, session_id: session, tool_call_type: 'FileRead' });
      const one = await c.get(`/api/audit/${res.body.audit_id}`);
      expect(one.body).toMatchObject({ id: res.body.audit_id, sequence: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const summary = await c.get('/api/audit/summary?window=whatever');
      expect(summary.body).toMatchObject({ window: '7d', include: 'full' });
      expect(summary.body.total).toBeGreaterThanOrEqual(1);
    });

    it('SIGKILL in the middle of a burst under the benchmark load shape: every acknowledged audit_id and digest_id is there after a restart, chain intact', async () => {
      const files = { 'config.toml': SHARED_CONFIG };
      const bodies = loadShapeBodies(await loadShapeCalls());
      const first = await ctx.launch({ files });
      const acknowledged: string[] = [];
      const queued: string[] = [];
      const pool = new Pool(first.baseUrl, { connections: LOAD_CONNECTIONS, pipelining: 1 });
      try {
        const daemon = await readToken(first.configDir, 'daemon.token');
        const live = await openLiveClient(first.baseUrl, await readToken(first.configDir, 'dashboard.token'));
        let stop = false;
        const workers = bodies.map(async (mine) => {
          for (let i = 0; !stop; i++) {
            try {
              const res = await pool.request({
                path: '/api/proxy/evaluate', method: 'POST', body: mine[i % mine.length]!,
                headers: { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' },
              });
              const body = (await res.body.json()) as Json;
              if (res.statusCode !== 200) continue;
              acknowledged.push(body.audit_id as string);
              if (typeof body.digest_id === 'string') queued.push(body.digest_id);
            } catch {
              return; // the daemon is gone
            }
            if (acknowledged.length >= 600 && !stop) {
              stop = true;
              first.crash();
            }
          }
        });
        await Promise.all(workers);
        live.close();
      } finally {
        await pool.destroy();
        await first.stop('SIGKILL');
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(600);
      expect(queued.length).toBeGreaterThan(0);
      const second = await ctx.launch({ configDir: first.configDir });
      try {
        const c = await auditClient(second.baseUrl, second.configDir);
        const exported = await c.get('/api/audit/export?limit=100000');
        expect(exported.status).toBe(200);
        const ids = new Set((exported.body.records as Json[]).map((record) => record.id as string));
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
        const daemon = await readToken(second.configDir, 'daemon.token');
        const missing: string[] = [];
        for (const id of queued) {
          const res = await request(`${second.baseUrl}/api/ipc/digest/items/${id}`, { headers: { authorization: `Bearer ${daemon}` } });
          await res.body.dump();
          if (res.statusCode !== 200) missing.push(id);
        }
        expect(missing).toEqual([]);
        const health = await c.get('/api/health');
        expect(health.body.audit_quarantined).toBeUndefined();
        expect(health.body.subsystems.audit.status).toBe('ok');
      } finally {
        await second.stop();
      }
    }, HOST_STARTS_MS);
  });
}
