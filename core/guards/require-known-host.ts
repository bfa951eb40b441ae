import type { ServerAddress } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { isLoopbackHostName } from './is-loopback.ts';

/**
 * DNS-rebinding defence: the Host header must name the address the daemon
 * serves (its bind host, or any loopback name when bound to loopback) with
 * the port it listens on. A daemon bound to a wildcard address (`--host
 * 0.0.0.0` or `::`) serves every address of the machine, so it takes any
 * loopback name or IP literal (daemon.json names 127.0.0.1); a domain name,
 * which is what rebinding needs, is still refused.
 */
export function requireKnownHost(server: ServerAddress) {
  const boundToLoopback = isLoopbackHostName(server.host);
  const boundToWildcard = WILDCARD.has(server.host);
  // The last accepted header and the address it was accepted for: clients repeat theirs.
  let accepted: { header: string; host: string; port: number; tls: boolean } | null = null;
  return function requireKnownHostGuard(request: Request): void {
    const header = request.headers.get('host');
    if (header !== null && accepted !== null && header === accepted.header && server.port === accepted.port && server.host === accepted.host && server.tls === accepted.tls) return;
    if (header === null || !hostMatches(header, server, boundToLoopback, boundToWildcard)) {
      throw new HttpError(403, 'HOST_NOT_ALLOWED', 'the Host header does not name this daemon');
    }
    accepted = { header, host: server.host, port: server.port, tls: server.tls };
  };
}

/** Splits `host[:port]` (IPv6 in brackets); port null when absent. */
export function splitHostPort(value: string): { host: string; port: number | null } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match || match[1] === undefined) return null;
  return { host: match[1].toLowerCase(), port: match[2] === undefined ? null : Number(match[2]) };
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);
const IPV4_LITERAL = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

function hostMatches(header: string, server: ServerAddress, boundToLoopback: boolean, boundToWildcard: boolean): boolean {
  const parsed = splitHostPort(header);
  if (!parsed) return false;
  const defaultPort = server.tls ? 443 : 80;
  if ((parsed.port ?? defaultPort) !== server.port) return false;
  const bound = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  if (parsed.host === bound.toLowerCase()) return true;
  if (boundToWildcard) return isLoopbackHostName(parsed.host) || IPV4_LITERAL.test(parsed.host) || IPV6_LITERAL.test(parsed.host);
  return boundToLoopback && isLoopbackHostName(parsed.host);
}
