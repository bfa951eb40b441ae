/**
 * Truncation and corruption are evidence (issues 9.5, 16.2): a storage test
 * that flips a byte in, cuts the tail of, and deletes each host's store on
 * disk (the body log and journal of the sql.js store on Node and Deno, the Durable
 * Object's SQLite WAL on Workers), restarts, and shows what the daemon
 * answers: the audit routes refuse (500 AUDIT_CHAIN_BROKEN naming a sequence,
 * or 503 AUDIT_CHAIN_UNANCHORED when the anchor is gone), health carries
 * `audit_quarantined`, and the damaged bytes are still on disk.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { SHARED_CONFIG, type ConformanceContext } from './context.ts';
import { readToken } from './tokens.ts';
import type { RunningHost } from '../support/host-process.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

type Json = Record<string, any>;
const RECORDS = 12;
/** How long the head checkpoint may take to name the newest record on a loaded machine. */
const HEAD_CHECKPOINT_WAIT_MS = 30_000;

interface Written {
  id: string;
  sequence: number;
}

/**
 * Writes RECORDS audit records (`record-01` to `record-12`) and resolves with
 * their ids and sequences once the head checkpoint on disk (`audit.head`) names
 * the last one, so a cut made afterwards is measured against the whole log.
 */
async function evaluateMany(host: RunningHost): Promise<Written[]> {
  const daemon = await readToken(host.configDir, 'daemon.token');
  const dashboard = await readToken(host.configDir, 'dashboard.token');
  const written: Written[] = [];
  for (let i = 1; i <= RECORDS; i++) {
    const res = await request(`${host.baseUrl}/api/proxy/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${daemon}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_call: { type: 'FileRead', path: `/tmp/tamper/record-${String(i).padStart(2, '0')}` } }),
    });
    expect(res.statusCode).toBe(200);
    const id = ((await res.body.json()) as Json).audit_id as string;
    const record = await request(`${host.baseUrl}/api/audit/${id}`, { headers: { 'x-svc-csrf': dashboard } });
    expect(record.statusCode).toBe(200);
    written.push({ id, sequence: ((await record.body.json()) as Json).sequence as number });
  }
  // The head checkpoint follows the durable head off the decision path (a quarter second when idle).
  const last = written[written.length - 1]!;
  await vi.waitFor(
    async () => {
      const head = JSON.parse(await readFile(join(host.configDir, 'audit.head'), 'utf8')) as { sequence: number };
      expect(head.sequence).toBe(last.sequence);
    },
    { timeout: HEAD_CHECKPOINT_WAIT_MS, interval: 50 },
  );
  return written;
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

  describe('tampered store files', () => {
    /** One store written by one run of the host; each test damages its own copy. */
    let store: { configDir: string; written: Written[] } | null = null;
    beforeAll(async () => {
      const first = await ctx.launch({ files });
      try {
        store = { configDir: first.configDir, written: await evaluateMany(first) };
      } finally {
        // SIGKILL keeps the sql.js journal uncompacted.
        await first.stop(sqljs ? 'SIGKILL' : 'SIGTERM');
      }
    }, HOST_STARTS_MS);

    /** Copies the written store, tampers with the copy, and starts the host on it. */
    async function tamperAndRestart(tamper: (configDir: string, written: Written[]) => Promise<string | null>): Promise<{ second: RunningHost; kept: { path: string; bytes: Buffer } | null }> {
      if (!store) throw new Error('the store to tamper with was not written');
      const configDir = await mkdtemp(join(tmpdir(), 'svc-tamper-'));
      await cp(store.configDir, configDir, { recursive: true });
      const path = await tamper(configDir, store.written);
      const kept = path ? { path, bytes: await readFile(path) } : null;
      return { second: await ctx.launch({ configDir }), kept };
    }

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
    }, HOST_STARTS_MS);

    it('the tail cut off (whole entries or WAL frames): 500 AUDIT_CHAIN_BROKEN naming the first missing sequence, never a shorter healthy log', async () => {
      /** The first record the cut removes (sql.js): its entry and every later one go, whatever background writes followed it. */
      const FIRST_CUT = 10;
      let firstMissing = 0;
      const { second, kept } = await tamperAndRestart(async (configDir, written) => {
        const path = sqljs ? await journalOf(configDir) : await walOf(configDir);
        const bytes = await readFile(path);
        let cut: number;
        if (sqljs) {
          // Right at the start of the journal entry that inserts record-10 (the first entry naming its audit id).
          const record = written[FIRST_CUT - 1]!;
          const at = bytes.indexOf(record.id);
          expect(at).toBeGreaterThan(0);
          cut = bytes.lastIndexOf(0x0a, at) + 1;
          firstMissing = record.sequence;
        } else {
          // In the middle of the middle WAL frame.
          const frames = walFrames(bytes);
          cut = frames.at(Math.floor(frames.count / 2)) + 2000;
        }
        await writeFile(path, bytes.subarray(0, cut));
        return path;
      });
      try {
        const { audit, health } = await answers(second);
        expect(audit.status).toBe(500);
        expect(audit.body.code).toBe('AUDIT_CHAIN_BROKEN');
        expect(audit.body.error).toMatch(sqljs ? new RegExp(`^audit records from ${firstMissing} are missing`) : /audit records from \d+ are missing/);
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
    }, HOST_STARTS_MS);

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
    }, HOST_STARTS_MS);

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
    }, HOST_STARTS_MS);
  });
}
