/**
 * Listener rewrites: a supervised `NetListen` on a wildcard address
 * (`0.0.0.0`, `::`, empty or absent) is clamped to loopback when
 * `supervisor.clamp_wildcard_listeners` is true. The evaluate answer carries
 * `rewrite: {from, to}`; each clamp is listed by
 * `GET /api/sessions/{id}/listener-rewrites`.
 */
import type { Storage } from '../../storage/types.ts';
import type { ToolCall } from '../schemas/tool-call.ts';

export interface ListenerRewrite {
  from: string;
  to: string;
}

const IPV4_WILDCARDS = new Set(['', '0.0.0.0', '*']);
const IPV6_WILDCARDS = new Set(['::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/** The clamp for a wildcard listener, and the call as clamped; null for any other call. */
export function clampWildcardListener(call: ToolCall): { rewrite: ListenerRewrite; call: ToolCall } | null {
  if (call.type !== 'NetListen') return null;
  const from = (call.host ?? '').trim();
  const to = IPV4_WILDCARDS.has(from) ? '127.0.0.1' : IPV6_WILDCARDS.has(from.toLowerCase()) ? '::1' : null;
  if (to === null) return null;
  return { rewrite: { from: call.host ?? '', to }, call: { ...call, host: to } };
}

interface RewriteRow {
  [column: string]: string | number;
  original_addr: string;
  rewritten_addr: string;
  port: number;
  at: string;
  audit_id: string;
}

/** Most rewrites one list answers (the newest). */
export const MAX_LISTED_REWRITES = 1000;

export function createListenerRewrites(storage: Storage) {
  return {
    /** Records one clamp (synchronous; the evaluate path's flush makes it durable). */
    record(sessionId: string, rewrite: ListenerRewrite, port: number, auditId: string, at: number): void {
      storage.run(
        'INSERT INTO session_listener_rewrites (session_id, original_addr, rewritten_addr, port, at, at_ms, audit_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [sessionId, rewrite.from, rewrite.to, port, new Date(at).toISOString(), at, auditId],
      );
    },
    /** `GET /api/sessions/{id}/listener-rewrites`'s list, oldest first. */
    list(sessionId: string) {
      const rows = storage.all<RewriteRow>(
        `SELECT * FROM (SELECT rowid AS seq, * FROM session_listener_rewrites WHERE session_id = ? ORDER BY at_ms DESC, seq DESC LIMIT ${MAX_LISTED_REWRITES}) ORDER BY at_ms, seq`,
        [sessionId],
      );
      const total = storage.get<{ n: number }>('SELECT count(*) AS n FROM session_listener_rewrites WHERE session_id = ?', [sessionId])?.n ?? 0;
      const rewrites = rows.map((r) => ({
        original_addr: r.original_addr, rewritten_addr: r.rewritten_addr, port: Number(r.port), at: r.at, audit_id: r.audit_id,
      }));
      return { session_id: sessionId, rewrites, total: Number(total) };
    },
  };
}

export type ListenerRewrites = ReturnType<typeof createListenerRewrites>;
