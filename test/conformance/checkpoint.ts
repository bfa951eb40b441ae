/**
 * Signed audit checkpoints on every host: the checkpoint verifies with
 * node:crypto (README "Verifying a checkpoint"), consistency holds for a
 * saved checkpoint (its hash in either case) and 409s CHECKPOINT_MISMATCH for
 * any other from_hash, a missing parameter or a non-integer `from` is 400,
 * and `{config_dir}/audit.key` is 0600 on disk and the same key after a
 * restart.
 */
import { createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { auditClient } from './audit.ts';
import type { ConformanceContext } from './context.ts';
import { modeOf } from './tokens.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

type Json = Record<string, any>;

function verifies(c: Json): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(c.public_key, 'base64')]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return verify(null, Buffer.from(`svc-audit-checkpoint:v1:${c.sequence}:${c.hash}:${c.at}`, 'utf8'), key, Buffer.from(c.signature, 'base64'));
}

export function checkpointSuite(ctx: ConformanceContext): void {
  describe('audit checkpoints', () => {
    it('GET /api/audit/checkpoint signs the verified head; consistency holds for it later and 409s CHECKPOINT_MISMATCH for another hash', async () => {
      const c = await auditClient(ctx.baseUrl, ctx.configDir);
      expect((await c.evaluate({ type: 'FileRead', path: '/tmp/checkpoint-a.txt' })).status).toBe(200);
      const saved = await c.get('/api/audit/checkpoint');
      expect(saved.status).toBe(200);
      expect(saved.body.sequence).toBeGreaterThan(0);
      expect(verifies(saved.body)).toBe(true);
      expect(verifies({ ...saved.body, sequence: saved.body.sequence + 1 })).toBe(false);
      expect((await c.evaluate({ type: 'FileRead', path: '/tmp/checkpoint-b.txt' })).status).toBe(200);
      const ok = await c.get(`/api/audit/consistency?from=${saved.body.sequence}&from_hash=${saved.body.hash}`);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ consistent: true, from: saved.body.sequence });
      expect(ok.body.to).toBeGreaterThan(saved.body.sequence);
      const upper = await c.get(`/api/audit/consistency?from=${saved.body.sequence}&from_hash=${saved.body.hash.toUpperCase()}`);
      expect([upper.status, upper.body.consistent]).toEqual([200, true]);
      // A hash the chain does not hold, whether it is a hash or not: the contract's "409 CHECKPOINT_MISMATCH otherwise".
      for (const other of ['a'.repeat(64), 'not-a-hash', saved.body.hash.slice(1)]) {
        const wrong = await c.get(`/api/audit/consistency?from=${saved.body.sequence}&from_hash=${other}`);
        expect([other, wrong.status, wrong.body.code]).toEqual([other, 409, 'CHECKPOINT_MISMATCH']);
      }
      for (const query of ['from=x&from_hash=abc', `from=${saved.body.sequence}`, `from_hash=${saved.body.hash}`]) {
        const bad = await c.get(`/api/audit/consistency?${query}`);
        expect([query, bad.status, bad.body.code]).toEqual([query, 400, 'INVALID_QUERY']);
      }
      expect((await request(`${ctx.baseUrl}/api/audit/checkpoint`)).statusCode).toBe(401);
    });

    it('audit.key is created 0600 at first start and is the same key after a restart', async () => {
      let host = await ctx.launch();
      try {
        const configDir = host.configDir;
        const first = (await (await auditClient(host.baseUrl, configDir)).get('/api/audit/checkpoint')).body;
        expect(first).toMatchObject({ sequence: 0, hash: '0'.repeat(64) });
        expect(verifies(first)).toBe(true);
        expect(await modeOf(join(configDir, 'audit.key'))).toBe(0o600);
        const stored = await readFile(join(configDir, 'audit.key'), 'utf8');
        expect(await host.stop()).toBe(0);
        host = await ctx.launch({ configDir });
        const second = (await (await auditClient(host.baseUrl, configDir)).get('/api/audit/checkpoint')).body;
        expect(second.public_key).toBe(first.public_key);
        expect(verifies(second)).toBe(true);
        expect(await readFile(join(configDir, 'audit.key'), 'utf8')).toBe(stored);
        expect(await modeOf(join(configDir, 'audit.key'))).toBe(0o600);
      } finally {
        await host.stop();
      }
    }, HOST_STARTS_MS);
  });
}
