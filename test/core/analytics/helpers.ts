/**
 * Analytics test harness: a core app on a settable clock, an audit log on the
 * app's store (the app's own when the audit module is wired into services,
 * else one opened here), and a storage wrapper that counts audit rows read
 * and can be told to throw on every read.
 */
import type { AuditAppendInput, AuditLog } from '../../../core/audit/audit-log.ts';
import { createAuditLog } from '../../../core/audit/audit-log.ts';
import type { AnalyticsService } from '../../../core/analytics/analytics-service.ts';
import type { Storage } from '../../../storage/types.ts';
import { createMemoryStorage, type MemoryStorage } from '../../../storage/memory.ts';
import { createTestApp } from '../../support/test-app.ts';

export const DAY = 86_400_000;
/** Noon UTC on a fixed day: "today" of most tests. */
export const TODAY = Date.parse('2026-11-22T12:00:00.000Z');

/** A storage spy: counts rows returned from `audit_records` and can fail every read. */
export interface SpyStorage extends Storage {
  auditRowsRead: number;
  failReads: boolean;
  inner: MemoryStorage;
}

export function spyStorage(inner: MemoryStorage): SpyStorage {
  const spy: SpyStorage = {
    auditRowsRead: 0,
    failReads: false,
    inner,
    run: (sql, params) => {
      if (spy.failReads) throw new Error('storage touched');
      inner.run(sql, params);
    },
    all: (sql, params) => {
      if (spy.failReads) throw new Error('storage touched');
      const rows = inner.all(sql, params);
      if (/FROM audit_records/.test(sql)) spy.auditRowsRead += rows.length;
      return rows as never;
    },
    get: (sql, params) => {
      if (spy.failReads) throw new Error('storage touched');
      const row = inner.get(sql, params);
      if (row && /FROM audit_records/.test(sql)) spy.auditRowsRead += 1;
      return row as never;
    },
    transaction: (body) => inner.transaction(body),
    flush: () => inner.flush(),
    get readOnly() {
      return inner.readOnly;
    },
    close: () => inner.close(),
  };
  return spy;
}

export interface AnalyticsHarness {
  app: Awaited<ReturnType<typeof createTestApp>>;
  storage: SpyStorage;
  audit: AuditLog;
  analytics: AnalyticsService;
  clock: { now: number };
  /** GET with the dashboard token. */
  get(path: string): Promise<{ status: number; body: Record<string, any> }>;
  /** Appends one decision at `at` (epoch ms); the clock returns to where it was. */
  append(at: number, input?: Partial<AuditAppendInput>): Promise<void>;
}

/** A typical allow decision. */
export function decision(overrides: Partial<AuditAppendInput> = {}): AuditAppendInput {
  return {
    tool_call: { type: 'FileRead', path: '/tmp/a.txt' },
    session_id: '11111111-1111-4111-8111-111111111111',
    plugin_id: null,
    composite_score: 1,
    proxy_action: 'allow',
    filter_results: [{ filter_name: 'path_rules', matched: false, score: 0, severity: 'notice', message: '' }],
    evaluation_time_ms: 0.3,
    source: 'proxy',
    ...overrides,
  };
}

/** Starts an app at `TODAY` (or `start`), optionally with a licence and env. */
export async function analyticsHarness(options: { files?: Record<string, string>; env?: Record<string, string>; start?: number } = {}): Promise<AnalyticsHarness> {
  const clock = { now: options.start ?? TODAY };
  const storage = spyStorage(await createMemoryStorage());
  const app = await createTestApp({ files: options.files, env: options.env, now: () => clock.now, deps: { storage } });
  const existing: unknown = Reflect.get(app.app.services, 'audit');
  const audit = isAuditLog(existing)
    ? existing
    : await createAuditLog({
        storage, clock: app.deps.clock, random: app.deps.random, files: app.deps.files, redact: (text) => text,
      });
  const analytics = app.app.services.analytics;
  if (!analytics) throw new Error('analytics service missing');
  return {
    app, storage, audit, analytics, clock,
    async get(path) {
      const response = await app.request(path, { headers: { 'x-svc-csrf': app.dashboardToken ?? '' } });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    },
    async append(at, input = {}) {
      const previous = clock.now;
      clock.now = at;
      try {
        await audit.append(decision(input));
      } finally {
        clock.now = previous;
      }
    },
  };
}

function isAuditLog(value: unknown): value is AuditLog {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'append') === 'function';
}
