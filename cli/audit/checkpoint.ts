/**
 * Signed audit checkpoints on the client's side (contracts.md, "Audit
 * checkpoints"): `svc audit checkpoint` saves one, `svc audit verify
 * --checkpoint FILE` later proves nothing up to it was rewritten. The
 * signature is checked here with node:crypto, never taken on the daemon's word.
 */
import { createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { FormatRegistry, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { checkpointMessage } from '../../core/audit/audit-key.ts';
import { AuditCheckpointSchema, type AuditConsistencySchema } from '../../core/schemas/audit.ts';
import type { ApiClient } from '../api-client.ts';
import { CliError, EXIT } from '../errors.ts';

export type Checkpoint = Static<typeof AuditCheckpointSchema>;
export type Consistency = Static<typeof AuditConsistencySchema>;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (text) => RFC3339.test(text) && !Number.isNaN(Date.parse(text)));

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether `signature` is the Ed25519 signature of the checkpoint's text under its own `public_key`. */
export function signatureHolds(checkpoint: Checkpoint): boolean {
  const raw = Buffer.from(checkpoint.public_key, 'base64');
  if (raw.length !== 32) return false;
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  const message = Buffer.from(checkpointMessage(checkpoint.sequence, checkpoint.hash, checkpoint.at), 'utf8');
  return verify(null, message, key, Buffer.from(checkpoint.signature, 'base64'));
}

/** The daemon's current checkpoint, refused when its signature does not hold. */
export async function fetchCheckpoint(client: ApiClient): Promise<Checkpoint> {
  const checkpoint = await client.get<unknown>('/api/audit/checkpoint');
  if (!Value.Check(AuditCheckpointSchema, checkpoint)) throw new CliError(EXIT.internal, 'the daemon answered a checkpoint that is not one');
  if (!signatureHolds(checkpoint)) throw new CliError(EXIT.failure, 'the daemon\'s checkpoint signature does not verify');
  return checkpoint;
}

/** A checkpoint saved earlier (the JSON `svc audit checkpoint` wrote). */
export async function readCheckpointFile(path: string): Promise<Checkpoint> {
  const text = await readFile(path, 'utf8').catch((error: Error) => {
    throw new CliError(EXIT.usage, `cannot read ${path}: ${error.message}`);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(EXIT.usage, `${path} is not JSON`);
  }
  if (!Value.Check(AuditCheckpointSchema, parsed)) throw new CliError(EXIT.usage, `${path} is not an audit checkpoint ({sequence, hash, at, public_key, signature})`);
  return Value.Clean(AuditCheckpointSchema, parsed) as Checkpoint;
}

export interface CheckpointReport {
  ok: boolean;
  checkpoint: { sequence: number; hash: string; at: string };
  signature_valid: boolean;
  same_key: boolean;
  consistent: boolean;
  head: { sequence: number; hash: string } | null;
  problem: string | null;
}

/**
 * Checks a saved checkpoint against the daemon: its signature, that the
 * daemon still signs with the same key, and that today's verified chain
 * extends it (`GET /api/audit/consistency`).
 */
export async function checkAgainstDaemon(client: ApiClient, saved: Checkpoint): Promise<CheckpointReport> {
  const base = { checkpoint: { sequence: saved.sequence, hash: saved.hash, at: saved.at }, head: null };
  if (!signatureHolds(saved)) {
    return { ...base, ok: false, signature_valid: false, same_key: false, consistent: false, problem: 'the checkpoint\'s signature does not verify: the file was altered' };
  }
  const current = await fetchCheckpoint(client);
  const sameKey = current.public_key === saved.public_key;
  if (!sameKey) {
    return { ...base, ok: false, signature_valid: true, same_key: false, consistent: false, problem: 'the daemon signs with another audit key than the one that signed this checkpoint (audit.key was replaced)' };
  }
  try {
    const proof = await client.get<Consistency>('/api/audit/consistency', { query: { from: saved.sequence, from_hash: saved.hash } });
    return { ...base, ok: true, signature_valid: true, same_key: true, consistent: true, head: { sequence: proof.to, hash: proof.to_hash }, problem: null };
  } catch (error) {
    if (error instanceof CliError && error.code === 'CHECKPOINT_MISMATCH') {
      return { ...base, ok: false, signature_valid: true, same_key: true, consistent: false, problem: `the chain no longer extends this checkpoint: ${error.message}` };
    }
    throw error;
  }
}
