/**
 * The two analytics payloads, shaped from the rollups (the spec's "Analytics
 * free payload" and "Analytics Pro payload"; schemas in
 * core/schemas/analytics.ts).
 */
import type { Storage } from '../../storage/types.ts';
import type { ChainHealth } from './chain-health.ts';
import type { Freshness } from './projector.ts';
import { readProRows, windowTotals, type RowCaps } from './pro-rows.ts';
import { decisionTotals, latestAuditTimestamp, securityEvents } from './read-rollups.ts';
import { addDays, dayOf, micros, microsOfTimestamp } from './utc-day.ts';

export const ANALYTICS_PROTOCOL_VERSION = 2;
export const ANALYTICS_SCHEMA_VERSION = 1;
export const FREE_WINDOW_DAYS = 7;
export const PRO_WINDOW_DAYS = [30, 90] as const;
export const EXPORT_MAX_DAYS = 90;
export const RECENT_EVENTS = 20;

/** What a payload needs besides the rollups. */
export interface PayloadContext {
  storage: Storage;
  now: number;
  freshness: Freshness;
}

/** The free payload. */
export function buildFreePayload(ctx: PayloadContext & { chainHealth: ChainHealth; proAvailable: boolean }) {
  const endDay = dayOf(ctx.now);
  const startDay = addDays(endDay, -(FREE_WINDOW_DAYS - 1));
  const latest = latestAuditTimestamp(ctx.storage);
  return {
    protocol_version: ANALYTICS_PROTOCOL_VERSION,
    schema_version: ANALYTICS_SCHEMA_VERSION,
    access: 'free' as const,
    // The window ends today, which is still running.
    window: { start_day: startDay, end_day: endDay, current_day_partial: true },
    decisions: decisionTotals(ctx.storage, startDay, endDay),
    chain_health: ctx.chainHealth,
    latest_audit_record_at: latest === null ? null : microsOfTimestamp(latest),
    recent_queue_and_deny: securityEvents(ctx.storage, startDay, RECENT_EVENTS),
    freshness: ctx.freshness,
    pro_available: ctx.proAvailable,
  };
}

/** The Pro payload over the last 90 days (today included). */
export function buildProPayload(ctx: PayloadContext & { caps: RowCaps }) {
  const endDay = dayOf(ctx.now);
  const longest = Math.max(...PRO_WINDOW_DAYS);
  const startDay = addDays(endDay, -(longest - 1));
  const rows = readProRows(ctx.storage, startDay, endDay, ctx.caps);
  const events = securityEvents(ctx.storage, startDay, ctx.caps.security_events + 1);
  const windows = PRO_WINDOW_DAYS.map((days) => {
    const start = addDays(endDay, -(days - 1));
    return { days, start_day: start, end_day: endDay, current_day_partial: true, ...windowTotals(ctx.storage, start, endDay) };
  });
  const families = [rows.usage, rows.filters, rows.sessions, rows.llms, rows.destinations];
  return {
    protocol_version: ANALYTICS_PROTOCOL_VERSION,
    schema_version: ANALYTICS_SCHEMA_VERSION,
    access: 'pro' as const,
    usage_rows: rows.usage.rows,
    filter_rows: rows.filters.rows,
    session_rows: rows.sessions.rows,
    llm_rows: rows.llms.rows,
    destination_rows: rows.destinations.rows,
    security_events: events.slice(0, ctx.caps.security_events),
    windows,
    generated_at: micros(ctx.now),
    freshness: ctx.freshness,
    export_formats: ['json', 'csv'] as Array<'json' | 'csv'>,
    export_max_days: EXPORT_MAX_DAYS,
    truncated: families.some((family) => family.truncated) || events.length > ctx.caps.security_events,
  };
}

export type FreePayload = ReturnType<typeof buildFreePayload>;
export type ProPayload = ReturnType<typeof buildProPayload>;
