/**
 * Truncation and corruption are evidence (issues 9.5, 16.2): a storage test
 * that flips a byte in, cuts the tail of, and deletes each host's store on
 * disk (the body log and journal of the sql.js store on Node and Deno, the Durable
 * Object's SQLite WAL on Workers), restarts, and shows what the daemon
 * answers: the audit routes refuse (500 AUDIT_CHAIN_BROKEN naming a sequence,
 * or 503 AUDIT_CHAIN_UNANCHORED when the anchor is gone), health carries
 * `audit_quarantined`, and the damaged bytes are still on disk.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { SHARED_CONFIG, type ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';
import type { RunningHost } from '../support/host-process.ts';

type Json = Record<string, any>;
const RECORDS = 12;

async function evaluateMany(host: RunningHost): Promise<void> {
  const daemon = await readToken(host.configDir, 'daemon.token');
  for (let i = 1; i <= RECORDS; i++) {
    const res = await request(`${host.baseUrl}/api/proxy/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_call: { type: 'FileRead', path: `/tmp/tamper/record-${String(i).padStart(2, '0')}` } }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  }
  // The head checkpoint follows the durable head within a quarter second.
  await new Promise((resolve) => setTimeout(resolve, 800));
}

async function answers(host: RunningHost): Promise<{ audit: { status: number; body: Json }; health: Json }> {
  const csrf = await readToken(host.configDir, 'dashboard.token');
  const audit = await request(`${host.baseUrl}/api/audit`, { headers: { 'x-svc-csrf': csrf } });
  const health = await request(`${host.baseUrl}/api/health`);
  return { audit: { status: audit.statusCode, body: (await audit.body.json()) as Json }, health: (await health.body.json()) as Json };
}

/** The newest journal file of the sql.js store (Node, Deno). */
async function journalOf(configDir: string): Promise<string> {
  const names = (await readdir(join(configDir, 'audit'))).filter((name) => name.startsWith('journal-')).sort();
  return join(configDir, 'audit', names[names.length - 1]!);
}

/** The Durable Object's SQLite WAL (Workers). */
async function walOf(configDir: string): Promise<string> {
  const dir = join(configDir, 'workers-state', '-SvcApp');
  const name = (await readdir(dir)).find((file) => file.endsWith('.sqlite-wal') && !file.startsWith('metadata'));
  return join(dir, name!);
}

/** Byte offset of WAL frame `index` (0-based) and the frame count, from the WAL header's page size. */
function walFrames(wal: Buffer): { count: number; at(index: number): number } {
  const frame = 24 + wal.readUInt32BE(8);
  return { count: Math.floor((wal.length - 32) / frame), at: (index) => 32 + index * frame };
}

/** Runs one SQL statement on the Durable Object's store the way any SQLite client could (here: workerd itself). */
async function sqlOnDurableObject(configDir: string, sql: string): Promise<void> {
  const { Miniflare } = await import('miniflare');
  const script = `export class SvcApp { constructor(ctx) { this.ctx = ctx; }
    async fetch(request) { return Response.json(this.ctx.storage.sql.exec(await request.text()).toArray()); } }
  export default { fetch(request, env) { return env.APP.get(env.APP.idFromName('svc')).fetch(request); } };`;
  const mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-09-01', cf: false, durableObjects: { APP: { className: 'SvcApp', useSQLite: true } }, durableObjectsPersist: join(configDir, 'workers-state') });
  try {
    const res = await mf.dispatchFetch('http://store/', { method: 'POST', body: sql });
    expect(res.status).toBe(200);
    await res.text();
  } finally {
    await mf.dispose();
  }
}

export function tamperSuite(ctx: ConformanceContext): void {
  const files = { 'config.toml': SHARED_CONFIG };
  const sqljs = ctx.kind !== 'workers';
  /** Writes records, stops the daemon (SIGKILL keeps the sql.js journal uncompacted), tampers, restarts. */
  async function tamperAndRestart(tamper: (configDir: string) => Promise<string | null>): Promise<{ second: RunningHost; kept: { path: string; bytes: Buffer } | null }> {
    const first = await ctx.launch({ files });
    try {
      await evaluateMany(first);
    } finally {
      await first.stop(sqljs ? 'SIGKILL' : 'SIGTERM');
    }
    const path = await tamper(first.configDir);
    const kept = path ? { path, bytes: await readFile(path) } : null;
    return { second: await ctx.launch({ configDir: first.configDir }), kept };
  }

  describe('tampered store files', () => {
    it('a byte flipped inside a middle record: the audit is quarantined with 500 AUDIT_CHAIN_BROKEN and the damaged file is kept byte for byte', async () => {
      const { second, kept } = await tamperAndRestart(async (configDir) => {
        // sql.js: the record bodies live in bodies.log (the journal holds their rows).
        const path = sqljs ? join(configDir, 'audit', 'bodies.log') : await walOf(configDir);
        const bytes = await readFile(path);
        // Workers: inside the page of the middle WAL frame, with frames written after it.
        const frames = walFrames(bytes);
        const at = sqljs ? bytes.indexOf('record-06') : frames.at(Math.floor(frames.count / 2)) + 24 + 100;
        expect(at).toBeGreaterThan(0);
        bytes[at + 3] = bytes[at + 3]! ^ 0x20;
        await writeFile(path, bytes);
        return path;
      });
      try {
        const { audit, health } = await answers(second);
        expect(audit.status).toBe(500);
        expect(audit.body.code).toBe('AUDIT_CHAIN_BROKEN');
        expect(audit.body.error).toMatch(sqljs ? /audit record \d+/ : /^audit record \d+ and later are unreadable: WAL frame \d+ \(page \d+\) fails its checksum and frames written after it follow/);
        expect(health.audit_quarantined).toBe(true);
        if (sqljs) expect(await readFile(kept!.path)).toEqual(kept!.bytes);
        else {
          // SQLite writes over what it ignores: the WAL and its database were copied aside first, byte for byte.
          const evidence = join(second.configDir, 'workers-state-evidence');
          const [stamp] = await readdir(evidence);
          const copies = await readdir(join(evidence, stamp!));
          expect(copies).toContain('finding.json');
          const walCopy = copies.find((name) => name.endsWith('.sqlite-wal'))!;
          expect(await readFile(join(evidence, stamp!, walCopy))).toEqual(kept!.bytes);
          expect(copies.some((name) => name.endsWith('.sqlite'))).toBe(true);
        }
      } finally {
        await second.stop();
      }
    }, 120_000);

    it('the tail cut off (whole entries or WAL frames): 500 AUDIT_CHAIN_BROKEN naming the first missing sequence, never a shorter healthy log', async () => {
      const { second, kept } = await tamperAndRestart(async (configDir) => {
        const path = sqljs ? await journalOf(configDir) : await walOf(configDir);
        const bytes = await readFile(path);
        // sql.js: cut right after a line end, three entries from the end; WAL: in the middle of the middle frame.
        const frames = sqljs ? null : walFrames(bytes);
        let cut = frames ? frames.at(Math.floor(frames.count / 2)) + 2000 : 0;
        if (sqljs) {
          let lines = 0;
          for (cut = bytes.length - 1; cut > 0 && lines < 4; cut--) if (bytes[cut - 1] === 0x0a) lines++;
          cut += 1;
        }
        await writeFile(path, bytes.subarray(0, cut));
        return path;
      });
      try {
        const { audit, health } = await answers(second);
        expect(audit.status).toBe(500);
        expect(audit.body.code).toBe('AUDIT_CHAIN_BROKEN');
        expect(audit.body.error).toMatch(/audit records from \d+ are missing/);
        expect(health.audit_quarantined).toBe(true);
        if (sqljs) expect((await stat(kept!.path)).size).toBe(kept!.bytes.length);
        else {
          // A cut frame is what a crash leaves: its bytes (and the uncommitted frames before it) are kept aside and logged.
          const torn = (await readdir(join(second.configDir, 'workers-state-evidence'))).filter((name) => name.startsWith('torn-'));
          expect(torn).toHaveLength(1);
          expect((await stat(join(second.configDir, 'workers-state-evidence', torn[0]!))).size).toBeGreaterThan(0);
          expect(second.stderr()).toMatch(/incomplete final WAL write discarded/);
        }
      } finally {
        await second.stop();
      }
    }, 120_000);

    it.runIf(!sqljs)('the audit table emptied through SQLite itself (a valid WAL): 500 AUDIT_CHAIN_BROKEN, never an empty healthy log', async () => {
      const { second } = await tamperAndRestart(async (configDir) => {
        await sqlOnDurableObject(configDir, 'DELETE FROM audit_records');
        return null;
      });
      try {
        const { audit, health } = await answers(second);
        expect(audit.status).toBe(500);
        expect(audit.body.code).toBe('AUDIT_CHAIN_BROKEN');
        expect(health.audit_quarantined).toBe(true);
        expect(audit.body.total).toBeUndefined();
      } finally {
        await second.stop();
      }
    }, 120_000);

    it('the whole store deleted: 503 AUDIT_CHAIN_UNANCHORED, and no fresh empty log', async () => {
      const { second } = await tamperAndRestart(async (configDir) => {
        await rm(join(configDir, sqljs ? 'audit' : 'workers-state'), { recursive: true, force: true });
        return null;
      });
      try {
        const { audit, health } = await answers(second);
        expect(audit.status).toBe(503);
        expect(audit.body.code).toBe('AUDIT_CHAIN_UNANCHORED');
        expect(health.audit_quarantined).toBe(true);
      } finally {
        await second.stop();
      }
    }, 120_000);
  });
}
