import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../core/deps.ts';
import type { StorageRecovery } from '../../storage/types.ts';
import { inspectWal } from './wal-inspect.ts';

/** Where damaged store files are copied (beside `workers-state/`, which Miniflare owns). */
export const EVIDENCE_DIR = 'workers-state-evidence';

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The Durable Objects' SQLite databases under `workers-state/` (not Miniflare's own metadata.sqlite). */
async function findDatabases(stateDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(stateDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    for (const name of await readdir(join(stateDir, entry.name))) {
      if (name.endsWith('.sqlite') && name !== 'metadata.sqlite') found.push(join(entry.name, name));
    }
  }
  return found.sort();
}

/** What is wrong with a database file's header, if anything (an empty file is a database never checkpointed). */
function databaseHeaderDamage(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  if (bytes.length < 100 || bytes.toString('latin1', 0, 16) !== 'SQLite format 3\0') return 'the database header has no SQLite magic string';
  const size = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
  if (size < 512 || (size & (size - 1)) !== 0 || bytes.length % size !== 0) return 'the database header has an impossible page size';
  return null;
}

interface Finding {
  found_at: string;
  damage: string;
  files: string[];
}

/** Findings copied aside at earlier starts: the store they describe stays quarantined while they are there. */
async function earlierFindings(evidenceDir: string): Promise<Array<Finding & { dir: string }>> {
  const findings: Array<Finding & { dir: string }> = [];
  for (const entry of await readdir(evidenceDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const text = await readIfPresent(join(evidenceDir, entry.name, 'finding.json'));
    if (text) findings.push({ ...(JSON.parse(text.toString('utf8')) as Finding), dir: entry.name });
  }
  return findings.sort((a, b) => a.dir.localeCompare(b.dir));
}

/**
 * Checks the Durable Object store on disk before Miniflare opens it (SQLite
 * would drop damaged WAL frames, and the frames after them, silently, then
 * overwrite them). Damage (a bad database or WAL header, a WAL frame that
 * fails its checksum with frames of the same generation after it): the
 * database, its WAL and shared-memory file are copied byte for byte into
 * `workers-state-evidence/<time>/` with a `finding.json`, and the store is
 * reported damaged, at this start and every later one while that folder is
 * there. An incomplete final write (what a crash cuts): the bytes SQLite
 * will ignore are copied into `workers-state-evidence/` and reported.
 */
export async function checkDurableObjectStore(configDir: string, log: Logger, now = new Date()): Promise<StorageRecovery | undefined> {
  const stateDir = join(configDir, 'workers-state');
  const evidenceDir = join(configDir, EVIDENCE_DIR);
  let torn: StorageRecovery | undefined;
  for (const database of await findDatabases(stateDir)) {
    const wal = await readIfPresent(join(stateDir, `${database}-wal`));
    const verdict = wal ? inspectWal(wal) : ({ kind: 'empty' } as const);
    const headerDamage = databaseHeaderDamage((await readIfPresent(join(stateDir, database))) ?? Buffer.alloc(0));
    if (headerDamage || verdict.kind === 'damaged') {
      const reason = headerDamage ?? (verdict.kind === 'damaged' ? `${verdict.reason} (byte ${verdict.at})` : '');
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      const into = join(evidenceDir, stamp);
      await mkdir(into, { recursive: true, mode: 0o700 });
      const files: string[] = [];
      for (const suffix of ['', '-wal', '-shm']) {
        const from = join(stateDir, `${database}${suffix}`);
        const name = `${database.replace(/\//g, '_')}${suffix}`;
        if (await copyFile(from, join(into, name)).then(() => true, () => false)) files.push(name);
      }
      const damage = `${reason} in workers-state/${database}; copied with its database to ${EVIDENCE_DIR}/${stamp}/`;
      await writeFile(join(into, 'finding.json'), `${JSON.stringify({ found_at: now.toISOString(), damage, files } satisfies Finding, null, 2)}\n`, { mode: 0o600 });
      log.error('durable object store damaged; copied aside, the audit opens quarantined', { damage });
      return { discardedBytes: 0, damage };
    }
    if (verdict.kind === 'torn' && wal) {
      await mkdir(evidenceDir, { recursive: true, mode: 0o700 });
      const keptAs = `${EVIDENCE_DIR}/torn-${database.replace(/\//g, '_')}-wal-at-${verdict.discardedFrom}.bin`;
      await writeFile(join(configDir, keptAs), wal.subarray(verdict.discardedFrom), { mode: 0o600 });
      log.warn('incomplete final WAL write discarded', { reason: verdict.reason, bytes: wal.length - verdict.discardedFrom, kept_as: keptAs });
      torn = { discardedBytes: wal.length - verdict.discardedFrom, keptAs };
    }
  }
  const [earlier] = await earlierFindings(evidenceDir);
  if (earlier) return { discardedBytes: torn?.discardedBytes ?? 0, keptAs: torn?.keptAs, damage: `${earlier.damage} (found at ${earlier.found_at}; the store stays quarantined while ${EVIDENCE_DIR}/${earlier.dir}/ is there)` };
  return torn;
}
