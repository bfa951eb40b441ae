import { HttpError } from '../http-error.ts';
import { timingSafeEqual } from '../security/timing-safe-equal.ts';
import { bearerCredential } from '../guards/require-bearer.ts';
import type { Services } from '../services.ts';
import type { UpgradeResult, WsHooks, WsPeer } from './ws-contract.ts';

const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Checks a WebSocket handshake for `/ws/live` or `/ws/supervisor/{id}`:
 * the dashboard token as `?token=` (401 DASHBOARD_AUTH_REQUIRED, inert when
 * none is configured) and an Origin equal to the scheme plus the Host header
 * (403 ORIGIN_NOT_ALLOWED). `/ws/supervisor/{id}` also takes the daemon
 * bearer token (`Authorization: Bearer`, which no browser page can send) in
 * place of both: the supervising client (`svc exec`) holds only that one. Accepted sockets are greeted with
 * `{type: "hello", instance_id, data: {instance_id, channel, session_id?}, at}`.
 */
export function checkUpgrade(request: Request, services: Services): UpgradeResult {
  const url = new URL(request.url);
  const channel = matchChannel(url.pathname);
  if (!channel) throw new HttpError(404, 'NOT_FOUND', `no WebSocket endpoint at ${url.pathname}`);
  if (request.method !== 'GET' || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') throw upgradeRequired();
  if (channel.kind === 'supervisor' && hasDaemonBearer(request, services.tokens.daemon)) {
    return { accepted: true, hooks: channelHooks(services, channel) };
  }
  const token = services.tokens.dashboard;
  if (token !== null && !timingSafeEqual(url.searchParams.get('token') ?? '', token)) {
    throw new HttpError(401, 'DASHBOARD_AUTH_REQUIRED', 'WebSocket handshakes need ?token=<dashboard token>');
  }
  const origin = request.headers.get('origin');
  const host = request.headers.get('host');
  const scheme = services.deps.server.tls ? 'https' : 'http';
  if (origin === null || host === null || origin.toLowerCase() !== `${scheme}://${host}`.toLowerCase()) {
    throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', 'the WebSocket Origin does not match the Host');
  }
  return { accepted: true, hooks: channelHooks(services, channel) };
}

/**
 * For a plain HTTP request no route answered: on `/ws/live` or
 * `/ws/supervisor/{id}` it throws 426 UPGRADE_REQUIRED with `Upgrade:
 * websocket` (400 for a malformed session id), since the endpoint exists and
 * only a handshake is missing; elsewhere it returns and the router's 404/405
 * stands.
 */
export function refuseWithoutHandshake(request: Request): void {
  if (matchChannel(new URL(request.url).pathname)) throw upgradeRequired();
}

function upgradeRequired(): HttpError {
  return new HttpError(426, 'UPGRADE_REQUIRED', 'this endpoint only accepts WebSocket handshakes', {}, { upgrade: 'websocket' });
}

function hasDaemonBearer(request: Request, daemonToken: string): boolean {
  const given = bearerCredential(request.headers.get('authorization'));
  return given !== null && timingSafeEqual(given, daemonToken);
}

type Channel = { kind: 'live' } | { kind: 'supervisor'; sessionId: string };

function matchChannel(path: string): Channel | null {
  if (path === '/ws/live') return { kind: 'live' };
  const match = /^\/ws\/supervisor\/([^/]+)$/.exec(path);
  if (!match?.[1]) return null;
  let sessionId: string;
  try {
    sessionId = decodeURIComponent(match[1]);
  } catch {
    sessionId = ''; // a malformed escape names no session
  }
  if (!SESSION_ID.test(sessionId)) throw new HttpError(400, 'INVALID_SESSION_ID', 'session id must be 1-128 characters of [A-Za-z0-9._:-]');
  return { kind: 'supervisor', sessionId };
}

function channelHooks(services: Services, channel: Channel): WsHooks {
  return {
    open(peer: WsPeer) {
      const data: Record<string, unknown> = { instance_id: services.instanceId, channel: channel.kind };
      if (channel.kind === 'supervisor') data.session_id = channel.sessionId;
      const at = new Date(services.deps.clock.now()).toISOString();
      peer.send(JSON.stringify({ type: 'hello', instance_id: services.instanceId, data, at }));
      if (channel.kind === 'live') services.hub.addLive(peer);
      else {
        services.hub.addSupervisor(channel.sessionId, peer);
        services.supervisor.registry.clientOpened(channel.sessionId);
      }
    },
    message(peer: WsPeer, text: string) {
      if (text === 'ping' || text === '{"type":"ping"}') peer.send(services.hub.encode('pong', {}));
    },
    close(peer: WsPeer) {
      services.hub.remove(peer);
      if (channel.kind === 'supervisor') services.supervisor.registry.clientClosed(channel.sessionId);
    },
  };
}
