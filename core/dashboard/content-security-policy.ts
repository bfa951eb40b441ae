/**
 * The dashboard's Content-Security-Policy: scripts, styles and images only
 * from the daemon itself (no inline script), connections only to the daemon
 * and its own WebSocket URL, and no framing.
 *
 * `host` is the request's Host header, which the Host guard has already
 * checked names this daemon; the WebSocket URL is built from it so that a
 * page opened at `localhost` may reach `ws://localhost:PORT` as well as one
 * opened at `127.0.0.1`.
 */
export function dashboardCsp(host: string, tls: boolean): string {
  const ws = `${tls ? 'wss' : 'ws'}://${host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
