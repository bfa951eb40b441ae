/**
 * `svc audit verify`: checks the hot audit log on this side of the API, not
 * by trusting the daemon: every record's hash is recomputed over its
 * canonical JSON, and every record must link to the one before it
 * (`prev_hash`). Pages are read newest first; records appended meanwhile
 * shift the pages, so a sequence seen twice is read once.
 */
import { computeRecordHash } from '../../core/audit/audit-record.ts';
import type { ApiClient } from '../api-client.ts';
import { auditPage, PAGE, type ServedRecord } from './audit-api.ts';

export interface VerifyReport {
  ok: boolean;
  records: number;
  first_sequence: number | null;
  last_sequence: number | null;
  head_hash: string | null;
  problems: string[];
}

export function checkChain(records: readonly ServedRecord[], sha256Hex: (text: string) => string): Omit<VerifyReport, 'records'> {
  const sorted = [...records].sort((a, b) => a.sequence - b.sequence);
  const problems: string[] = [];
  for (const [i, record] of sorted.entries()) {
    const { hash, ...rest } = record;
    if (computeRecordHash(rest, sha256Hex) !== hash) problems.push(`record ${record.sequence} (${record.id}): its content does not hash to its hash`);
    const before = sorted[i - 1];
    if (before && before.sequence + 1 !== record.sequence) problems.push(`records ${before.sequence + 1}-${record.sequence - 1} are missing`);
    else if (before && record.prev_hash !== before.hash) problems.push(`record ${record.sequence} does not link to record ${before.sequence}`);
    if (problems.length >= 20) break;
  }
  const last = sorted[sorted.length - 1];
  return {
    ok: problems.length === 0,
    first_sequence: sorted[0]?.sequence ?? null,
    last_sequence: last?.sequence ?? null,
    head_hash: last?.hash ?? null,
    problems,
  };
}

/** Reads every hot record (calling `progress(read, total)` per page) and checks the chain. */
export async function verifyChain(client: ApiClient, progress: (read: number, total: number) => void): Promise<VerifyReport> {
  const { createHash } = await import('node:crypto');
  const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const bySequence = new Map<number, ServedRecord>();
  let offset = 0;
  let total = Infinity;
  while (offset < total) {
    const page = await auditPage(client, offset);
    total = page.total;
    if (page.records.length === 0) break;
    for (const record of page.records) bySequence.set(record.sequence, record);
    offset += page.records.length;
    progress(Math.min(offset, total), total);
    if (page.records.length < PAGE) break;
  }
  const records = [...bySequence.values()];
  return { records: records.length, ...checkChain(records, sha256Hex) };
}
