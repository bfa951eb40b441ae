/**
 * The audit log: appends hash-chained records durably and serves the audit
 * routes' reads, each after verifying the chain (`createAuditLog`).
 *
 * An append is synchronous up to the durability barrier: it takes the next
 * sequence from the in-memory head, hashes, inserts the row and moves the
 * anchor in one transaction, so concurrent appends can never interleave
 * inside the chain; then it awaits `storage.flush()`, which concurrent
 * appends share (group commit). The caller acknowledges only after the
 * returned promise resolves. Appends link to the head as last written (the
 * anchor), never to whatever the table's tail is, so a truncated tail stays
 * detectable, and an anchor that is missing is never recreated.
 */
import type { ChainWorker, Clock, FileStore, Hash, Logger, Random, Timers } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { Storage } from '../../storage/types.ts';
import { StorageReadOnlyError } from '../../storage/types.ts';
import type { AnyAuditRecord, AuditFilterResult, AuditRecord, ShortCircuitRecord } from './audit-record.ts';

export type { AuditAppendInput, ShortCircuitInput } from './record-builders.ts';
import type { AuditRow } from './audit-record.ts';
import { AUDIT_INSERT_SQL, GENESIS_HASH, HASH_HEX, isShortCircuit, rowValues, verifyRow } from './audit-record.ts';
import { canonicalJson } from './canonical-json.ts';
import type { AuditSummary, Include, SummaryWindow } from './audit-queries.ts';
import { getRecord, getRecordAt, listPage, listSession, recentFullRecords, summarize } from './audit-queries.ts';
import { auditRecordsNeedMove, ensureAuditSchema, moveAuditRecords, readAnchor, readArchives } from './audit-schema.ts';
import { exportStream } from './audit-export.ts';
import type { ExportQuery } from './audit-export.ts';
import type { ChainState, ChainVerifier } from './chain-verifier.ts';
import { createChainVerifier } from './chain-verifier.ts';
import { readArchive, rotateColdRecords } from './cold-archive.ts';
import type { ExfilStats } from './exfil-stats.ts';
import { EXFIL_WINDOW, computeExfilStats } from './exfil-stats.ts';
import type { Redact } from './summarize-arguments.ts';
import { DEFAULT_SUMMARY_LENGTH } from './summarize-arguments.ts';
import type { AuditAppendInput, ShortCircuitInput } from './record-builders.ts';
import { fullRecordBuilder, shortRecordBuilder } from './record-builders.ts';
import { fullRecordJson, type SealedText } from './record-json.ts';
import { sha256, sha256Hex, toHex } from './sha256.ts';
import { bodyRef, placeBodies } from './audit-bodies.ts';
import { uuidV7FromBytes } from './uuid.ts';
import { compareWithStore, createHeadKeeper, readHeadCheckpoint, type StoredHead } from './head-checkpoint.ts';

export interface AuditLogOptions {
  storage: Storage;
  clock: Clock;
  random: Random;
  files: FileStore;
  /** The scoring module's secret and canary masking. */
  redact: Redact;
  /** `[audit] cold_after_days`. Default 30. */
  coldAfterDays?: number;
  summaryMaxLength?: number;
  /** Already-verified records re-verified per read. Default 16. */
  sweepSize?: number;
  log?: Logger;
  /** The host's native SHA-256 (`deps.hash`); core's own when absent. */
  hash?: Hash;
  /** The host's second thread for the start-up chain check (`deps.chainWorker`). */
  chainWorker?: ChainWorker;
  /** For the head checkpoint's writes; without them it is written only at close. */
  timers?: Timers;
  /**
   * Verify the whole chain in the background: the log opens at once and
   * `ready` settles when the check is done (the daemon answers health
   * meanwhile; every audit read waits for it). Otherwise the log opens
   * verified.
   */
  background?: boolean;
}

/** A record chained in memory, and when its row is committed (not yet durable). */
export interface Staged<T extends AnyAuditRecord> {
  record: T;
  committed: Promise<void>;
  /** The canonical JSON of the record's `filter_results` (full records), as its body holds it. */
  filterResultsJson?: string;
}

/** A full record's id and its filter results (`AuditLog.filterResults`). */
export interface RecordedResults {
  id: string;
  filterResults: AuditFilterResult[];
}

/** The audit subsystem for health. */
export interface AuditHealth {
  status: 'ok' | 'degraded' | 'error';
  message?: string;
}

/** `GET /api/audit` without `session_id`. */
export interface AuditPage {
  records: AnyAuditRecord[];
  total: number;
  limit: number;
  offset: number;
  include: Include;
}

export interface AuditLog {
  /**
   * Settles (never rejects) once the start-up check of the whole chain is
   * done, whatever it found: the audit reads wait for it, so each answers
   * from a chain verified from its first record.
   */
  readonly ready: Promise<void>;
  /** Appends a record and resolves once it is durable (then, and only then, acknowledge). */
  append(input: AuditAppendInput): Promise<AuditRecord>;
  /** Appends a compact short-circuit row, durably. */
  appendShortCircuit(input: ShortCircuitInput): Promise<ShortCircuitRecord>;
  /**
   * Chains the record at once and commits it with this tick's batch, without
   * waiting for durability: for the evaluate route, whose decision hooks write
   * in the same flush. Acknowledge only after `committed` and `storage.flush()`.
   */
  stage(input: AuditAppendInput): Staged<AuditRecord>;
  stageShortCircuit(input: ShortCircuitInput): Staged<ShortCircuitRecord>;
  /** Verifies what is new; throws the chain's `HttpError` when it fails. */
  verify(): void;
  list(query: { limit: number; offset: number; include: Include }): AuditPage;
  listSession(sessionId: string, include: Include): { records: AnyAuditRecord[]; total: number };
  get(id: string): AnyAuditRecord | undefined;
  summary(window: SummaryWindow, include?: Include): AuditSummary;
  export(query: ExportQuery): ReadableStream<Uint8Array>;
  exfilStats(): ExfilStats;
  /** Moves records older than `coldAfterDays` into archives; returns how many moved. */
  rotateCold(): Promise<number>;
  chainState(): ChainState;
  /** The committed head, after verifying the chain (sequence 0 with the genesis hash when empty). */
  head(): { sequence: number; hash: string };
  /**
   * The filter results of full records by sequence, for a reader that refers
   * to a record instead of copying its results (a queued call's digest item):
   * hot records from their rows, archived ones from their archive, each only
   * when it hashes to its hash. A sequence without such a record is absent.
   */
  filterResults(sequences: readonly number[]): Promise<Map<number, RecordedResults>>;
  /** True when the verified chain holds record `sequence` (hot or archived) with `hash`; 0 is the genesis hash. */
  holds(sequence: number, hash: string): Promise<boolean>;
  health(): AuditHealth;
  /** `audit_quarantined` / `audit_read_only` when set (for the health payload). */
  healthFlags(): Record<string, boolean>;
  /** Writes the head checkpoint for the last durable record. */
  close(): Promise<void>;
}

const ANCHOR_SQL =
  'UPDATE audit_anchor SET sequence = ?, hash = ?, full_count = full_count + ?, short_count = short_count + ?, updated_at = ? WHERE id = 1';

/** Opens the audit log on `storage`: creates its tables and verifies the whole chain. */
export async function createAuditLog(options: AuditLogOptions): Promise<AuditLog> {
  const { storage, clock, random, files } = options;
  const coldAfterDays = options.coldAfterDays ?? 30;
  const summaryLength = options.summaryMaxLength ?? DEFAULT_SUMMARY_LENGTH;
  const nowIso = (): string => new Date(clock.now()).toISOString();
  const storedHead = await readHeadCheckpoint(files);
  const heldRecords = storedHead.kind !== 'absent' && (storedHead.kind === 'unreadable' || storedHead.head.sequence > 0);
  if (!storage.readOnly) {
    if (auditRecordsNeedMove(storage)) {
      const moved = await moveAuditRecords(storage, () => storage.flush());
      await storage.flush();
      // Into the snapshot now: the move is not replayed from the journal at every start.
      await storage.compact?.().catch((error: unknown) => options.log?.warn('audit store not compacted after its records moved', { error: error instanceof Error ? error.message : String(error) }));
      options.log?.info('audit records moved to the current columns', { moved });
    }
    ensureAuditSchema(storage, nowIso(), { heldRecords });
  }
  const hashHex = options.hash ? (text: string) => options.hash!.sha256Hex(text) : sha256Hex;
  const hashBytes = options.hash ? (bytes: Uint8Array) => options.hash!.sha256Hex(bytes) : (bytes: Uint8Array) => toHex(sha256(bytes));
  // In the background the check lets the event loop turn between its windows, so requests are answered meanwhile.
  const afterIo = options.background ? options.timers?.afterIo : undefined;
  const yieldEvery = afterIo ? () => new Promise<void>((resolve) => afterIo(resolve)) : undefined;
  const verifier = createChainVerifier(storage, { sweepSize: options.sweepSize, hashHex, hashBytes, worker: options.chainWorker, yieldEvery });
  // Before anything is appended (and whatever the check below finds): bodies no durable row names go aside.
  if (!storage.readOnly) await cutUnreferencedBodies(storage, options.log);
  const verifying = verifyAtStart(verifier, storage, storedHead, options.log);
  if (!options.background) await verifying;
  const ready = verifying.catch((error: unknown) => failClosed(verifier, error, options.log));
  const anchor = readAnchor(storage);
  const tail = storage.get<{ sequence: number; hash: string }>(`SELECT sequence, ${HASH_HEX} FROM audit_records ORDER BY sequence DESC LIMIT 1`);
  let head = anchor ? { sequence: anchor.sequence, hash: anchor.hash } : tail ?? { sequence: 0, hash: GENESIS_HASH };
  let rotating: Promise<number> | null = null;
  const keeper = createHeadKeeper({
    files,
    storage,
    timers: options.timers ?? { setTimeout: () => null, clearTimeout: () => undefined },
    healthy: () => verifier.state().status === 'ok',
    log: options.log,
    written: storedHead.kind === 'head' ? storedHead.head : null,
  });
  if (head.sequence > 0) keeper.note(head); // a checkpoint absent or lagging (after a crash) catches up

  /**
   * Appends of one turn share one transaction (and one journal entry): the
   * record is chained and hashed at once, the batch commits once the I/O
   * events of this turn were handled (`timers.afterIo`, so every request
   * read in one turn joins; a microtask where the host has none). If the
   * batch fails, the head goes back to the last committed one.
   */
  const afterTurn = options.timers?.afterIo ?? queueMicrotask;
  let committedHead = head;
  let batch: { records: Array<{ record: AnyAuditRecord; body: string }>; done: Promise<void>; resolve(): void; reject(error: unknown): void } | null = null;
  const commitBatch = (): void => {
    const current = batch!;
    batch = null;
    try {
      const full = current.records.filter(({ record }) => !isShortCircuit(record)).length;
      const last = current.records[current.records.length - 1]!.record;
      const bodies = placeBodies(storage.bodies, current.records.map(({ body }) => body));
      storage.transaction(() => {
        current.records.forEach(({ record }, i) => storage.run(AUDIT_INSERT_SQL, rowValues(record, bodies.columns[i]!)));
        storage.run(ANCHOR_SQL, [last.sequence, last.hash, full, current.records.length - full, last.timestamp]);
      });
      bodies.append();
      committedHead = { sequence: last.sequence, hash: last.hash };
      keeper.note(committedHead);
      current.resolve();
    } catch (error) {
      head = committedHead;
      current.reject(error);
    }
  };
  /**
   * Chains and hashes a record now; `committed` settles when its batch
   * transaction has run. `serialise` writes the record's canonical JSON.
   */
  const stage = <T extends AnyAuditRecord>(
    build: (sequence: number, prevHash: string) => Omit<T, 'hash'>,
    serialise: (record: Omit<T, 'hash'>) => SealedText = (record) => ({ body: canonicalJson(record) }),
  ): Staged<T> => {
    if (storage.readOnly) throw new StorageReadOnlyError();
    const unhashed = build(head.sequence + 1, head.hash);
    const { body, filterResults } = serialise(unhashed);
    const hash = hashHex(body);
    const record = { ...unhashed, hash } as T;
    head = { sequence: record.sequence, hash: record.hash };
    if (!batch) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<void>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      done.catch(() => undefined);
      batch = { records: [], done, resolve, reject };
      afterTurn(commitBatch);
    }
    batch.records.push({ record, body });
    return filterResults === undefined ? { record, committed: batch.done } : { record, committed: batch.done, filterResultsJson: filterResults };
  };
  const durable = async <T extends AnyAuditRecord>(staged: Staged<T>): Promise<T> => {
    await staged.committed;
    await storage.flush();
    return staged.record;
  };
  /** A record's id and timestamp, from one reading of the clock (ids are time-ordered: uuidV7FromBytes). */
  const stamp = (): { id: string; timestamp: string } => {
    const now = clock.now();
    return { id: uuidV7FromBytes(random.bytes(16), now), timestamp: new Date(now).toISOString() };
  };
  const buildFull = (input: AuditAppendInput) => fullRecordBuilder(input, { ...stamp(), redact: options.redact, summaryLength, hashHex });
  const buildShort = (input: ShortCircuitInput) => shortRecordBuilder(input, { ...stamp(), hashHex });
  const served = (rows: AuditRow[]): AnyAuditRecord[] =>
    rows.map((row) => verifyRow(row, hashHex) ?? verifier.fail(new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit record ${row.sequence} was altered`)));

  return {
    ready,
    append: async (input) => durable(stage<AuditRecord>(buildFull(input), fullRecordJson)),
    appendShortCircuit: async (input) => durable(stage<ShortCircuitRecord>(buildShort(input))),
    stage: (input) => stage<AuditRecord>(buildFull(input), fullRecordJson),
    stageShortCircuit: (input) => stage<ShortCircuitRecord>(buildShort(input)),
    verify: () => verifier.verifyNew(),
    list(query) {
      verifier.verifyNew();
      const { rows, ...page } = listPage(storage, query.limit, query.offset, query.include);
      return { records: served(rows), ...page };
    },
    listSession(sessionId, include) {
      verifier.verifyNew();
      const records = served(listSession(storage, sessionId, include));
      return { records, total: records.length };
    },
    get(id) {
      verifier.verifyNew();
      const row = getRecord(storage, id);
      return row ? served([row])[0] : undefined;
    },
    summary(window, include = 'full') {
      verifier.verifyNew();
      return summarize(storage, window, include, clock.now());
    },
    export(query) {
      verifier.verifyNew();
      return exportStream(storage, files, verifier, query);
    },
    exfilStats() {
      verifier.verifyNew();
      return computeExfilStats(served(recentFullRecords(storage, EXFIL_WINDOW)) as AuditRecord[]);
    },
    rotateCold() {
      rotating ??= ready.then(() => rotateColdRecords({ storage, files, verifier, coldAfterDays, now: clock.now() })).finally(() => {
        rotating = null;
      });
      return rotating;
    },
    chainState: () => verifier.state(),
    head() {
      verifier.verifyNew();
      return { ...committedHead };
    },
    async filterResults(sequences) {
      const found = new Map<number, RecordedResults>();
      const keep = (record: AnyAuditRecord | null | undefined): void => {
        if (record && !isShortCircuit(record)) found.set(record.sequence, { id: record.id, filterResults: record.filter_results });
      };
      for (const sequence of new Set(sequences)) {
        const row = getRecordAt(storage, sequence);
        if (row) keep(verifyRow(row, hashHex));
      }
      const archived = sequences.filter((sequence) => !found.has(sequence) && sequence <= committedHead.sequence);
      if (archived.length === 0) return found;
      for (const archive of readArchives(storage)) {
        if (!archived.some((sequence) => archive.first_sequence <= sequence && sequence <= archive.last_sequence)) continue;
        // An archive that fails its anchors fails the chain (as any audit read of it would); its records stay absent.
        const records = await readArchive(files, archive, verifier).catch(() => []);
        for (const record of records) if (archived.includes(record.sequence)) keep(record);
      }
      return found;
    },
    async holds(sequence, hash) {
      verifier.verifyNew();
      if (sequence === 0) return hash === GENESIS_HASH;
      if (sequence > committedHead.sequence) return false;
      const row = storage.get<{ hash: string }>(`SELECT ${HASH_HEX} FROM audit_records WHERE sequence = ?`, [sequence]);
      if (row) return row.hash === hash;
      const archive = readArchives(storage).find((a) => a.first_sequence <= sequence && sequence <= a.last_sequence);
      if (!archive) return false;
      const record = (await readArchive(files, archive, verifier)).find((r) => r.sequence === sequence);
      return record?.hash === hash;
    },
    health() {
      const state = verifier.state();
      if (state.status === 'ok' || state.status === 'unverified') {
        if (storage.readOnly) return { status: 'error', message: 'audit storage is read-only after a failed write' };
        if (state.status === 'unverified') return { status: 'degraded', message: VERIFYING };
        const torn = storage.recovery?.discardedBytes ?? 0;
        return torn > 0 ? { status: 'ok', message: `an incomplete final journal entry (${torn} bytes, never acknowledged) was discarded at start; kept as ${storage.recovery?.keptAs}` } : { status: 'ok' };
      }
      return { status: 'error', message: state.message ?? `audit chain ${state.status}` };
    },
    healthFlags() {
      const flags: Record<string, boolean> = {};
      const status = verifier.state().status;
      if (status !== 'ok' && status !== 'unverified') flags.audit_quarantined = true;
      if (storage.readOnly) flags.audit_read_only = true;
      return flags;
    },
    close: () => keeper.close(),
  };
}

/** The audit subsystem's health message while the start-up check runs. */
const VERIFYING = 'verifying the audit chain: decisions are recorded, audit reads wait until it is verified';

/** The whole-chain check at start, then the evidence beyond the records; rejects only when the check could not run. */
async function verifyAtStart(verifier: ChainVerifier, storage: Storage, storedHead: StoredHead, log?: Logger): Promise<void> {
  await verifier.verifyAll();
  quarantineOnStartEvidence(verifier, storage, storedHead);
  const state = verifier.state();
  if (state.status !== 'ok') log?.error('audit chain verification failed', { ...state });
}

/** A background check that could not run (the store unreadable): the chain counts as broken, nothing vouches for it. */
function failClosed(verifier: ChainVerifier, error: unknown, log?: Logger): void {
  const message = error instanceof Error ? error.message : String(error);
  log?.error('audit chain verification could not run', { error: message });
  try {
    verifier.fail(new HttpError(500, 'AUDIT_CHAIN_BROKEN', `the audit chain could not be verified: ${message}`));
  } catch {
    // recorded: every audit read now answers it
  }
}

/**
 * Quarantines the chain, at start, for evidence beyond the records
 * themselves: damage the store found while opening, or a head checkpoint
 * (kept outside the store) the store no longer reaches.
 */
function quarantineOnStartEvidence(verifier: ChainVerifier, storage: Storage, storedHead: StoredHead): void {
  if (verifier.state().status !== 'ok') return;
  const damage = storage.recovery?.damage;
  const error = damage
    ? new HttpError(500, 'AUDIT_CHAIN_BROKEN', `audit record ${nextSequence(storage)} and later are unreadable: ${damage}`)
    : compareWithStore(storedHead, storage);
  if (!error) return;
  try {
    verifier.fail(error);
  } catch {
    // recorded: every audit read now answers it
  }
}

/**
 * Bodies a crash left after the last durable row (written, then the journal
 * entry naming them was lost) are moved aside before the next append, so the
 * log stays one body per record in chain order.
 */
async function cutUnreferencedBodies(storage: Storage, log?: Logger): Promise<void> {
  const ref = bodyRef(storage.get<{ body: string }>('SELECT body FROM audit_records ORDER BY sequence DESC LIMIT 1')?.body);
  if (!storage.bodies || !ref) return;
  const keptAs = await storage.bodies.cutFrom(ref.offset + ref.length + 1);
  if (keptAs) log?.warn('audit bodies no durable record refers to were moved aside', { kept_as: keptAs });
}

function nextSequence(storage: Storage): number {
  const tail = storage.get<{ sequence: number }>('SELECT sequence FROM audit_records ORDER BY sequence DESC LIMIT 1')?.sequence ?? 0;
  return Math.max(tail, readAnchor(storage)?.sequence ?? 0) + 1;
}
