import { loadConfig } from './config/load-config.ts';
import { createConfigWriter } from './config/write-config.ts';
import type { ConnInfo, Deps } from './deps.ts';
import { buildRouter } from './build-router.ts';
import { wireAnalytics } from './analytics/wire-analytics.ts';
import { installAudit } from './audit/install-audit.ts';
import { loadAuditKey } from './audit/audit-key.ts';
import { createCanaryMask } from './scoring/canary-mask.ts';
import { createDecisions } from './decisions/decide.ts';
import { createDigestService } from './digest/digest-service.ts';
import { createLearnedRules } from './digest/learned-rules.ts';
import { cors, isPreflight } from './guards/cors.ts';
import { createRateLimiter } from './guards/rate-limit.ts';
import { requireApiKey } from './guards/require-api-key.ts';
import { requireKnownHost } from './guards/require-known-host.ts';
import { requireLocalhost } from './guards/require-localhost.ts';
import { HttpError, errorResponse } from './http-error.ts';
import { drainUnreadBody } from './http/read-body.ts';
import { createLicenceService } from './licence/licence-service.ts';
import { loadLicence } from './licence/load-licence.ts';
import { createNotifier } from './notifications/notifier.ts';
import { createOnboardingState } from './onboarding/onboarding-state.ts';
import { createPairingCodes } from './pairing/pairing-codes.ts';
import { createPolicyStore } from './policies/policy-store.ts';
import { createEngineForConfig } from './scoring/install-scoring.ts';
import { createDigestStore } from './digest/digest-store.ts';
import { createSupervisor } from './sessions/create-supervisor.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { checkUpgrade, refuseWithoutHandshake } from './realtime/upgrade.ts';
import type { UpgradeResult } from './realtime/ws-contract.ts';
import { allRoutes } from './routes/index.ts';
import { uuidFrom } from './security/hex.ts';
import { initTokens } from './security/tokens.ts';
import { StorageReadOnlyError } from '../storage/types.ts';
import { VERSION, type BaseServices, type Services } from './services.ts';

/** The daemon as a host sees it. */
export interface App {
  readonly instanceId: string;
  readonly services: Services;
  /** Answers one HTTP request. Never rejects. */
  fetch(request: Request, conn: ConnInfo): Promise<Response>;
  /** Decides a WebSocket handshake. Never rejects. */
  upgrade(request: Request, conn: ConnInfo): Promise<UpgradeResult>;
  /** Finishes in-flight writes and releases everything. */
  close(): Promise<void>;
}

const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['cache-control', 'no-store'],
  ['referrer-policy', 'no-referrer'],
];

function withSecurityHeaders(response: Response): Response {
  try {
    const headers = response.headers;
    for (const [name, value] of SECURITY_HEADERS) {
      if (!headers.has(name)) headers.set(name, value);
    }
    return response;
  } catch {
    return response; // immutable headers (e.g. a proxied response): leave as is
  }
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * Builds the daemon from what the host provides: reads the config dir,
 * writes the token files, builds every service and the route table.
 * Throws `ConfigError` when the configuration forbids starting.
 */
export async function createApp(deps: Deps): Promise<App> {
  const config = await loadConfig(deps.files);
  const tokens = await initTokens(deps, config.server.dashboard_auth);
  const { rate_limit } = config.server;
  const hub = new RealtimeHub(() => deps.clock.now());
  const learnedRules = createLearnedRules(deps.storage);
  const engine = await createEngineForConfig(deps, config, learnedRules.allows);
  const canaryMask = createCanaryMask(engine.canaries);
  const licence = createLicenceService(await loadLicence(deps.files, deps.env), deps.clock);
  const supervisor = createSupervisor({
    deps,
    config,
    licence,
    hub,
    containment: engine,
    openReviews: createDigestStore(deps.storage).openCountForSession,
    canaryMask,
  });
  const digest = createDigestService({
    ...deps,
    hub,
    reviewTimeoutMs: config.proxy.review_timeout_seconds * 1000,
    rules: learnedRules,
    // A queued call's item reads its filter breakdown from its audit record (the log is opened below).
    records: { filterResults: (sequences) => audit.filterResults(sequences) },
    sessions: {
      releaseContainment: (sessionId) => supervisor.registry.releaseContainment(sessionId),
      terminate: (sessionId, digestId, reason) => supervisor.registry.terminate(sessionId, 'terminated', reason, digestId),
    },
  });
  const notifications = createNotifier({ deps, raw: config.raw, licence, issueNonce: (id) => digest.issueNonce(id) });
  const partial: BaseServices = {
    deps,
    config,
    tokens,
    version: VERSION,
    instanceId: uuidFrom(deps.random.bytes(16)),
    startedAt: deps.clock.now(),
    rateLimit: createRateLimiter(deps.clock, {
      general: rate_limit.general,
      write: rate_limit.write,
      'proxy-test': rate_limit.proxy_test,
      ipc: 10_000,
    }),
    licence,
    notifications,
    hub,
    digest,
    supervisor,
    learnedRules,
    configWriter: createConfigWriter(deps.files, deps.log),
    policies: createPolicyStore(deps.files, deps.clock, deps.log),
    pairingCodes: createPairingCodes(deps.random),
    health: new Map(),
    healthFlags: [],
    engine,
    filterCatalog: () => engine.filters(),
    closers: [],
  };
  partial.health.set('proxy', () =>
    engine.degradedReason === null ? { status: 'ok' } : { status: 'degraded', message: engine.degradedReason },
  );
  partial.health.set('digest', () => digest.health());
  partial.health.set('supervisor', () => supervisor.registry.health());
  partial.closers.push(() => supervisor.registry.close());
  partial.closers.push(() => digest.close());
  digest.start();
  const audit = await installAudit(partial);
  const auditKey = await loadAuditKey(deps.files);
  partial.closers.push(() => notifications.close());
  const analytics = wireAnalytics(partial, audit);
  const onboarding = createOnboardingState(deps.storage, deps.clock, deps.log);
  const decisions = createDecisions({
    storage: deps.storage, engine, audit, digest, onboarding, analytics, hub, notifier: notifications,
    sessions: supervisor.calls, canaryMask, log: deps.log,
  });
  const services: Services = { ...partial, audit, auditKey, analytics, onboarding, decisions };
  const routes = allRoutes(services);
  const { router, unmatched } = buildRouter(routes, services);
  const localhostOnly = requireLocalhost(config.server.localhost_only);
  const knownHost = requireKnownHost(deps.server);
  const apiKey = requireApiKey(config.server.require_api_key ? config.server.api_key : null);
  const corsLayer = cors(deps.server);

  function toResponse(error: unknown): Response {
    if (error instanceof HttpError) return errorResponse(error);
    if (error instanceof StorageReadOnlyError) {
      return errorResponse(new HttpError(503, 'AUDIT_READ_ONLY', 'the daemon cannot durably record decisions'));
    }
    deps.log.error('unhandled error', { stack: error instanceof Error ? error.stack : String(error) });
    return errorResponse(new HttpError(500, 'INTERNAL_ERROR', 'internal error'));
  }

  /** The guards every request passes before routing, in the spec's order. */
  function globalGuards(request: Request, conn: ConnInfo): void {
    localhostOnly(conn);
    knownHost(request);
  }

  function answered(request: Request, response: Response | undefined): Response {
    if (response) return response;
    refuseWithoutHandshake(request);
    return unmatched(request);
  }

  /** Routes one request; synchronous when its handler is, so a fast answer waits on no promise. */
  function route(request: Request, conn: ConnInfo): Response | Promise<Response> {
    globalGuards(request, conn);
    if (isPreflight(request)) return corsLayer.preflight(request);
    apiKey(request);
    if (request.method === 'HEAD') return routeHead(request, conn);
    const response = router.fetch(request, conn);
    return isPromiseLike(response) ? Promise.resolve(response).then((settled) => answered(request, settled)) : answered(request, response);
  }

  async function routeHead(request: Request, conn: ConnInfo): Promise<Response> {
    const response = await route(new Request(request.url, { method: 'GET', headers: request.headers }), conn);
    return new Response(null, { status: response.status, headers: response.headers });
  }

  let closed = false;
  return {
    instanceId: services.instanceId,
    services,
    async fetch(request, conn) {
      let response: Response;
      try {
        const routed = route(request, conn);
        response = isPromiseLike(routed) ? await routed : routed;
      } catch (error) {
        response = toResponse(error);
      }
      const draining = drainUnreadBody(request);
      if (draining) await draining;
      return withSecurityHeaders(corsLayer.decorate(request, response));
    },
    async upgrade(request, conn) {
      try {
        globalGuards(request, conn);
        apiKey(request);
        return checkUpgrade(request, services);
      } catch (error) {
        return { accepted: false, response: toResponse(error) };
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      services.hub.closeAll();
      for (const closer of [...services.closers].reverse()) {
        try {
          await closer();
        } catch (error) {
          deps.log.error('error while closing', { error: String(error) });
        }
      }
      await deps.storage.close();
    },
  };
}
