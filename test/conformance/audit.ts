/**
 * Audit conformance: POST /api/proxy/evaluate answers only once its record is
 * durable, the audit routes serve it, and a daemon killed with SIGKILL in the
 * middle of a burst of evaluations comes back with every acknowledged
 * `audit_id` present and the chain intact.
 */
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { SHARED_CONFIG, type ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';

type Json = Record<string, any>;

async function client(baseUrl: string, configDir: string) {
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
      const c = await client(ctx.baseUrl, ctx.configDir);
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

    it('SIGKILL in the middle of a burst: every acknowledged audit_id is there after a restart, chain intact', async () => {
      const files = { 'config.toml': SHARED_CONFIG };
      const first = await ctx.launch({ files });
      const acknowledged: string[] = [];
      try {
        const c = await client(first.baseUrl, first.configDir);
        let stop = false;
        const workers = Array.from({ length: 16 }, async (_, w) => {
          for (let i = 0; !stop; i++) {
            try {
              const res = await c.evaluate({ type: 'FileRead', path: `/tmp/burst/${w}/${i}` });
              if (res.status === 200) acknowledged.push(res.body.audit_id as string);
            } catch {
              return; // the daemon is gone
            }
            if (acknowledged.length >= 400 && !stop) {
              stop = true;
              first.child.kill('SIGKILL');
            }
          }
        });
        await Promise.all(workers);
      } finally {
        await first.stop('SIGKILL');
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(400);
      const second = await ctx.launch({ configDir: first.configDir });
      try {
        const c = await client(second.baseUrl, second.configDir);
        const exported = await c.get('/api/audit/export?limit=100000');
        expect(exported.status).toBe(200);
        const ids = new Set((exported.body.records as Json[]).map((record) => record.id as string));
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
        const health = await c.get('/api/health');
        expect(health.body.audit_quarantined).toBeUndefined();
        expect(health.body.subsystems.audit.status).toBe('ok');
      } finally {
        await second.stop();
      }
    }, 120_000);
  });
}
