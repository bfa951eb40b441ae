/**
 * The one client every command talks to the daemon through. It knows, once:
 * discovery (daemon.json or --url, and that the daemon answering is the
 * instance daemon.json names), the two token files (`daemon.token` as a
 * Bearer credential, `dashboard.token` as `x-svc-csrf`: the CLI is the
 * user's own tool), `[server] api_key` from the config when one is set,
 * timeouts (never a hang), and how an `{error, code}`
 * answer becomes a CliError with the contract's exit code.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError, EXIT, notRunning } from './errors.ts';
import { daemonCa } from './daemon-trust.ts';
import { discover, type Target } from './discovery.ts';

/** The public CSRF value a daemon with `dashboard_auth = false` accepts (spec, Guards rule 2). */
const PUBLIC_CSRF = 'svc-dashboard';
const DEFAULT_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  timeoutMs?: number;
}

export interface Health {
  status: string;
  version: string;
  uptime_seconds: number;
  instance_id: string;
  protocol_version: number;
  subsystems: Record<string, { status: string; message?: string; latency_ms?: number }>;
  audit_quarantined?: boolean;
  audit_read_only?: boolean;
}

export interface ApiClient {
  readonly configDir: string;
  /** The daemon's origin, e.g. http://127.0.0.1:3141. */
  url(): Promise<string>;
  /** GET /api/health, checked against daemon.json's instance_id. */
  health(): Promise<Health>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The raw response of a successful request (streams, CSV); errors are thrown like the others. */
  raw(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** The dashboard token (or the public value when dashboard auth is off), for WebSocket `?token=`. */
  dashboardToken(): Promise<string>;
  /** The daemon bearer (and API key) headers, for `/ws/supervisor/{id}` (`svc exec`). */
  daemonHeaders(): Promise<Record<string, string>>;
}

export interface ClientOptions {
  configDir: string;
  url?: string;
  /**
   * `daemon`: send the daemon bearer only and never read dashboard.token
   * (`svc hook`, `svc mcp`: an agent running them must not be able to review
   * its own calls). Default `all`.
   */
  credentials?: 'all' | 'daemon';
  fetch?: typeof fetch;
}

async function readToken(configDir: string, name: string): Promise<string | null> {
  try {
    const text = (await readFile(join(configDir, name), 'utf8')).trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

/** The `[server]` tables of config.toml and team-config.toml, local first (absent or unparseable ones left out). */
export async function serverTables(configDir: string): Promise<Array<Record<string, unknown>>> {
  const { parse } = await import('smol-toml');
  const tables: Array<Record<string, unknown>> = [];
  for (const file of ['config.toml', 'team-config.toml']) {
    try {
      const server = (parse(await readFile(join(configDir, file), 'utf8')) as { server?: unknown }).server;
      if (typeof server === 'object' && server !== null) tables.push(server as Record<string, unknown>);
    } catch {
      // absent or unparseable: the daemon reports a bad config itself
    }
  }
  return tables;
}

/** `[server] api_key` from config.toml (local wins) or team-config.toml, when set. */
function configApiKey(tables: Array<Record<string, unknown>>): string | null {
  const key = tables.map((t) => t.api_key).find((v) => typeof v === 'string' && v !== '');
  return typeof key === 'string' ? key : null;
}

/**
 * Whether the daemon runs with a dashboard token: `[server] dashboard_auth` (local wins, default true).
 * Without one its CSRF guard takes only the public `svc-dashboard`, whatever dashboard.token holds.
 */
function configDashboardAuth(tables: Array<Record<string, unknown>>): boolean {
  return tables.map((t) => t.dashboard_auth).find((v) => typeof v === 'boolean') !== false;
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  upgrade_url?: unknown;
  feature?: unknown;
}

/** Turns a daemon refusal into the error line and exit code a user sees. */
export function errorFromResponse(status: number, body: ErrorBody, retryAfter: string | null): CliError {
  const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`;
  const what = typeof body.error === 'string' && body.error !== '' ? body.error : `the daemon answered ${status}`;
  const message = `${what} [${code}]`;
  switch (code) {
    case 'AUDIT_READ_ONLY':
    case 'AUDIT_QUARANTINED':
      return new CliError(EXIT.notDurable, message, 'see `svc doctor`; the daemon cannot durably record decisions');
    case 'SESSION_LIMIT_REACHED':
      return new CliError(EXIT.limit, message, 'end a session (`svc daemon status`) or raise [supervisor] max_concurrent_sessions');
    case 'IPC_AUTH_REQUIRED':
      return new CliError(EXIT.failure, message, 'the daemon.token in the config dir is not this daemon\'s; check --config-dir');
    case 'DASHBOARD_AUTH_REQUIRED':
    case 'CSRF_REQUIRED':
      return new CliError(EXIT.failure, message, 'the dashboard.token in the config dir is not this daemon\'s; check --config-dir');
    case 'API_KEY_REQUIRED':
      return new CliError(EXIT.failure, message, 'set [server] api_key in the config dir\'s config.toml, or SVC_API_KEY');
    case 'RATE_LIMITED':
      return new CliError(EXIT.failure, message, `retry in ${retryAfter ?? 'a few'} s`);
    case 'AUDIT_CHAIN_BROKEN':
    case 'AUDIT_CHAIN_ANCHOR_MISMATCH':
    case 'AUDIT_CHAIN_UNANCHORED':
      return new CliError(EXIT.failure, message, 'the audit log was altered or lost records; nothing repairs it: keep a copy of {config_dir}/audit for forensics');
    case 'FEATURE_GATED':
      return new CliError(EXIT.failure, message, typeof body.upgrade_url === 'string' ? `needs a Pro licence: ${body.upgrade_url}` : 'needs a Pro licence');
    default:
      return new CliError(status >= 500 ? EXIT.internal : EXIT.failure, message, undefined, code);
  }
}

/** A fetch that trusts the daemon's own certificate when it serves https (cli/daemon-trust.ts). */
async function fetchFor(url: URL, configDir: string): Promise<typeof fetch> {
  if (url.protocol !== 'https:') return fetch;
  const ca = await daemonCa(configDir, await serverTables(configDir));
  if (ca === null) return fetch;
  const undici = await import('undici');
  const dispatcher = new undici.Agent({ connect: { ca } });
  return ((input: URL, init?: RequestInit) => undici.fetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

export function createApiClient(options: ClientOptions): ApiClient {
  let tlsFetch: Promise<typeof fetch> | null = null;
  const fetchOf = (url: URL) => (options.fetch ? Promise.resolve(options.fetch) : (tlsFetch ??= fetchFor(url, options.configDir)));
  let target: Promise<Target> | null = null;
  let checked: Promise<Health> | null = null;
  let headers: Promise<Record<string, string>> | null = null;

  const locate = () => (target ??= discover(options.configDir, options.url));

  const authHeaders = () =>
    (headers ??= (async () => {
      const daemonOnly = options.credentials === 'daemon';
      const tables = await serverTables(options.configDir);
      const [daemon, dashboard] = await Promise.all([
        readToken(options.configDir, 'daemon.token'),
        daemonOnly || !configDashboardAuth(tables) ? null : readToken(options.configDir, 'dashboard.token'),
      ]);
      const out: Record<string, string> = daemonOnly ? {} : { 'x-svc-csrf': dashboard ?? PUBLIC_CSRF };
      if (daemon) out.authorization = `Bearer ${daemon}`;
      const apiKey = process.env.SVC_API_KEY || configApiKey(tables);
      if (apiKey) out['x-svc-api-key'] = apiKey;
      return out;
    })());

  async function send(base: string, method: string, path: string, request: RequestOptions): Promise<Response> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const init: RequestInit = {
      method,
      headers: { ...(await authHeaders()), ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    };
    try {
      return await (await fetchOf(url))(url, init);
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'does not answer';
      throw notRunning(`daemon not reachable: ${base} ${reason}`, 'check `svc daemon status`, or start it with `svc daemon start`');
    }
  }

  /** Checks once that the daemon at the URL is the one daemon.json names. */
  const verified = () =>
    (checked ??= (async () => {
      const { url, info } = await locate();
      const response = await send(url, 'GET', '/api/health', {});
      const health = (await response.json().catch(() => null)) as Health | null;
      if (!response.ok || !health || typeof health.instance_id !== 'string') {
        throw notRunning(`daemon not reachable: ${url} does not answer as an svc daemon`);
      }
      if (info && info.instance_id !== health.instance_id) {
        throw notRunning(
          `daemon not running (daemon.json is stale: ${url} answers as another instance)`,
          'start it with `svc daemon start`',
        );
      }
      return health;
    })());

  async function raw(method: string, path: string, request: RequestOptions = {}): Promise<Response> {
    await verified();
    const { url } = await locate();
    const response = await send(url, method, path, request);
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    throw errorFromResponse(response.status, body ?? {}, response.headers.get('retry-after'));
  }

  async function json<T>(method: string, path: string, request?: RequestOptions): Promise<T> {
    const response = await raw(method, path, request);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new CliError(EXIT.internal, `the daemon answered ${method} ${path} with something that is not JSON`);
    }
  }

  return {
    configDir: options.configDir,
    url: async () => (await locate()).url,
    health: verified,
    get: (path, request) => json('GET', path, request),
    post: (path, request) => json('POST', path, request),
    put: (path, request) => json('PUT', path, request),
    delete: (path, request) => json('DELETE', path, request),
    raw,
    daemonHeaders: async () => {
      const all = await authHeaders();
      const out: Record<string, string> = {};
      if (all.authorization) out.authorization = all.authorization;
      if (all['x-svc-api-key']) out['x-svc-api-key'] = all['x-svc-api-key'];
      return out;
    },
    dashboardToken: async () => {
      if (options.credentials === 'daemon') throw new CliError(EXIT.internal, 'this client holds the daemon bearer only');
      return (await authHeaders())['x-svc-csrf'] ?? PUBLIC_CSRF;
    },
  };
}
