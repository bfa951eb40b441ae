import type { Clock, Random } from '../../../core/deps.ts';
import type { AuditAppendInput, AuditLog, AuditLogOptions } from '../../../core/audit/audit-log.ts';
import { createAuditLog } from '../../../core/audit/audit-log.ts';
import { createMemoryStorage } from '../../../storage/memory.ts';
import type { MemoryStorage } from '../../../storage/memory.ts';
import { createMemoryFileStore } from '../../support/memory-file-store.ts';

export const T0 = Date.parse('2025-03-10T12:00:00.000Z');

/** A settable clock. */
export function testClock(start = T0): Clock & { set(ms: number): void; advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    monotonic: () => now,
    set: (ms) => void (now = ms),
    advance: (ms) => void (now += ms),
  };
}

export const random: Random = { bytes: (n) => crypto.getRandomValues(new Uint8Array(n)) };

/** Masks `SECRET-…` and `CANARY-…` tokens. */
export const redact = (text: string): string => text.replace(/(SECRET|CANARY)-[A-Za-z0-9]+/g, '[REDACTED]');

export interface Harness {
  log: AuditLog;
  storage: MemoryStorage;
  clock: ReturnType<typeof testClock>;
  files: ReturnType<typeof createMemoryFileStore>['store'];
  /** Opens a second log on the same storage and files, as a restart would. */
  reopen(extra?: Partial<AuditLogOptions>): Promise<AuditLog>;
}

/** A log on a fresh in-memory store. */
export async function harness(extra: Partial<AuditLogOptions> = {}): Promise<Harness> {
  const storage = await createMemoryStorage();
  const clock = testClock();
  const { store: files } = createMemoryFileStore();
  const base = { storage, clock, random, files, redact, ...extra };
  return {
    log: await createAuditLog(base),
    storage,
    clock,
    files,
    reopen: (more = {}) => createAuditLog({ ...base, ...more }),
  };
}

/** A typical decision. */
export function decision(overrides: Partial<AuditAppendInput> = {}): AuditAppendInput {
  return {
    tool_call: { type: 'HttpRequest', method: 'GET', url: 'https://example.com/x' },
    session_id: '11111111-1111-4111-8111-111111111111',
    plugin_id: 'supervisor:claude',
    composite_score: 1.5,
    proxy_action: 'allow',
    filter_results: [{ filter_name: 'Egress', matched: false, score: 0, severity: 'notice', message: '' }],
    evaluation_time_ms: 0.42,
    source: 'supervisor',
    ...overrides,
  };
}

/** Appends `n` decisions. */
export async function appendMany(log: AuditLog, n: number, make: (i: number) => Partial<AuditAppendInput> = () => ({})): Promise<void> {
  for (let i = 0; i < n; i++) await log.append(decision(make(i)));
}

/** The HttpError code a call throws, or null. */
export function codeOf(call: () => unknown): string | null {
  try {
    call();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}
