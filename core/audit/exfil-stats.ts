/**
 * Exfiltration stats over the most recent full records (spec: last 500):
 * only queued and denied calls where an egress, DLP, canary or containment
 * filter matched count. `total_redacted` counts those where a DLP or canary
 * filter matched (their secret content is masked in the summary). Protocols
 * come from the URL scheme in the summary, else from the call type;
 * destinations are URL hosts parsed best-effort from `arguments_summary`;
 * a call with no URL (a NetConnect, a DnsQuery...) counts toward its protocol
 * but not destinations (spec, Audit rule 4).
 */
import type { AuditRecord } from './audit-record.ts';

/** Spec: Exfiltration stats. */
export interface ExfilStats {
  total_blocked: number;
  total_queued: number;
  total_redacted: number;
  by_protocol: Record<string, number>;
  top_blocked_destinations: Array<{ domain: string; count: number }>;
}

export const EXFIL_WINDOW = 500;
const TOP = 10;
const EXFIL_FILTER = /egress|dlp|canary|containment|exfil/i;
const REDACTING_FILTER = /dlp|canary/i;
const URL_PATTERN = /\b([a-z][a-z0-9+.-]{1,15}):\/\/(?:[^\s/@"'\\]*@)?(\[[0-9a-f:.]+\]|[^\s/:?#"'\\]+)/i;
const TYPE_PROTOCOL: Record<string, string> = {
  HttpRequest: 'http', NetConnect: 'tcp', DnsQuery: 'dns', ShellExec: 'shell', ProcessSpawn: 'shell',
  FileRead: 'file', FileWrite: 'file',
};

/** The first URL's scheme (lower-cased) and host in a summary, best-effort; null when it names none. */
export function summaryDestination(summary: string): { protocol: string; host: string } | null {
  const url = URL_PATTERN.exec(summary);
  return url ? { protocol: url[1]!.toLowerCase(), host: url[2]! } : null;
}

/** Computes the stats from records, newest first. */
export function computeExfilStats(records: readonly AuditRecord[]): ExfilStats {
  const stats: ExfilStats = { total_blocked: 0, total_queued: 0, total_redacted: 0, by_protocol: {}, top_blocked_destinations: [] };
  const destinations = new Map<string, number>();
  for (const record of records.slice(0, EXFIL_WINDOW)) {
    if (record.proxy_action === 'allow') continue;
    const matched = record.filter_results.filter((result) => result.matched && EXFIL_FILTER.test(result.filter_name));
    if (matched.length === 0) continue;
    if (record.proxy_action === 'deny') stats.total_blocked += 1;
    else stats.total_queued += 1;
    if (matched.some((result) => REDACTING_FILTER.test(result.filter_name))) stats.total_redacted += 1;
    const url = summaryDestination(record.arguments_summary);
    const protocol = url ? url.protocol : TYPE_PROTOCOL[record.tool_call_type] ?? record.tool_call_type.toLowerCase();
    stats.by_protocol[protocol] = (stats.by_protocol[protocol] ?? 0) + 1;
    if (url) {
      const key = url.host.toLowerCase().replace(/\.$/, '');
      destinations.set(key, (destinations.get(key) ?? 0) + 1);
    }
  }
  stats.top_blocked_destinations = [...destinations]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, TOP)
    .map(([domain, count]) => ({ domain, count }));
  return stats;
}
