/**
 * The destination host of an egress call, parsed best-effort from its
 * `arguments_summary` (the arguments as JSON, target first, possibly truncated
 * and redacted).
 *
 * Egress calls are `HttpRequest` (host of `url`), `NetConnect` (`host`) and
 * `DnsQuery` (`name`). Hosts are lower-cased without a trailing dot; ports
 * and credentials are dropped. Other call types have no destination, and an
 * egress call whose summary yields none (cut, redacted) is not counted.
 */

/** Call types whose destination is rolled up. */
export const EGRESS_TYPES: ReadonlySet<string> = new Set(['HttpRequest', 'NetConnect', 'DnsQuery']);

const URL_HOST = /"url":"[a-z][a-z0-9+.-]{0,15}:\/\/(?:[^\s/@"\\]*@)?(\[[0-9a-f:.]+\]|[^\s/:?#"\\]+)/i;
const FIELD = { NetConnect: /"host":"([^"\\]+)"/, DnsQuery: /"name":"([^"\\]+)"/ } as const;
const MAX_HOST = 253;

/** The destination of a call, or null when it has none. */
export function destinationOf(toolCallType: string, summary: string | null): string | null {
  if (!EGRESS_TYPES.has(toolCallType) || !summary) return null;
  const pattern = toolCallType === 'HttpRequest' ? URL_HOST : FIELD[toolCallType as keyof typeof FIELD];
  const match = pattern.exec(summary);
  if (!match) return null;
  const host = match[1]!.toLowerCase().replace(/\.$/, '');
  if (host === '' || host.length > MAX_HOST || host.includes('…') || host.includes('*')) return null;
  return host;
}
