/**
 * `GET /api/audit/export` as a `ReadableStream`: hot records newest first in
 * batches (keyset paging from the head captured at the start), then, with
 * `include_cold`, the archives selected by `from_date`, newest first. Nothing
 * is built in memory beyond one batch (or one archive day).
 */
import type { FileStore } from '../deps.ts';
import type { Storage } from '../../storage/types.ts';
import { HttpError } from '../http-error.ts';
import type { AnyAuditRecord, AuditRow } from './audit-record.ts';
import { verifyRow } from './audit-record.ts';
import { withBodies } from './audit-bodies.ts';
import type { ChainVerifier } from './chain-verifier.ts';
import { readArchive, selectArchives } from './cold-archive.ts';
import type { ExportFormat } from './export-format.ts';
import { exportHead, exportRecord, exportTail } from './export-format.ts';

export interface ExportQuery {
  format: ExportFormat;
  limit: number;
  includeCold: boolean;
  /** YYYY-MM-DD: which archive files are read (not which hot records). */
  fromDate: string | null;
}

const BATCH = 500;
const encoder = new TextEncoder();

/** The export body. The caller verifies the chain before calling. */
export function exportStream(storage: Storage, files: FileStore, verifier: ChainVerifier, query: ExportQuery): ReadableStream<Uint8Array> {
  async function* records(): AsyncGenerator<AnyAuditRecord> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = withBodies(storage, storage.all<AuditRow>(
        "SELECT * FROM audit_records WHERE kind = 'full' AND sequence < ? ORDER BY sequence DESC LIMIT ?",
        [before, BATCH],
      ));
      for (const row of rows) {
        const record = verifyRow(row, verifier.hashHex);
        if (!record) return verifier.fail(new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit record ${row.sequence} was altered`));
        yield record;
      }
      if (rows.length < BATCH) break;
      before = rows[rows.length - 1]!.sequence;
    }
    if (!query.includeCold) return;
    for (const archive of selectArchives(storage, query.fromDate)) {
      const archived = await readArchive(files, archive, verifier);
      for (let i = archived.length - 1; i >= 0; i--) {
        const record = archived[i]!;
        if (!('short_circuit' in record)) yield record;
      }
    }
  }

  const source = records();
  let count = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = started ? '' : exportHead(query.format);
      started = true;
      let exhausted = false;
      for (let inBatch = 0; count < query.limit && inBatch < BATCH; inBatch++) {
        const next = await source.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        text += exportRecord(query.format, next.value, count);
        count += 1;
      }
      if (exhausted || count >= query.limit) {
        await source.return(undefined);
        controller.enqueue(encoder.encode(text + exportTail(query.format, count)));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
