import type { ServerAddress } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { isLoopbackHostName } from './is-loopback.ts';

/**
 * DNS-rebinding defence: the Host header must name the address the daemon
 * serves (its bind host, or any loopback name when bound to loopback) with
 * the port it listens on.
 */
export function requireKnownHost(server: ServerAddress) {
  const boundToLoopback = isLoopbackHostName(server.host);
  // The last accepted header and the address it was accepted for: clients repeat theirs.
  let accepted: { header: string; host: string; port: number; tls: boolean } | null = null;
  return function requireKnownHostGuard(request: Request): void {
    const header = request.headers.get('host');
    if (header !== null && accepted !== null && header === accepted.header && server.port === accepted.port && server.host === accepted.host && server.tls === accepted.tls) return;
    if (header === null || !hostMatches(header, server, boundToLoopback)) {
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

function hostMatches(header: string, server: ServerAddress, boundToLoopback: boolean): boolean {
  const parsed = splitHostPort(header);
  if (!parsed) return false;
  const defaultPort = server.tls ? 443 : 80;
  if ((parsed.port ?? defaultPort) !== server.port) return false;
  const bound = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  if (parsed.host === bound.toLowerCase()) return true;
  return boundToLoopback && isLoopbackHostName(parsed.host);
}
