import { parse } from 'smol-toml';
import { createTestApp, type TestAppOptions } from '../../support/test-app.ts';
import type { FilterCatalogEntry } from '../../../core/services.ts';

/** A clock pair the test moves by hand: `now` (epoch ms) and `monotonic` (ms). */
export function manualClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)) {
  let offset = 0;
  return {
    now: () => start + offset,
    monotonic: () => 10_000 + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** A stand-in for the scoring engine's catalogue. */
export const TEST_CATALOG: FilterCatalogEntry[] = [
  { id: 'operation_risk', name: 'Operation risk', phase: 'static' },
  { id: 'secrets', name: 'Secret patterns', phase: 'pattern' },
  { id: 'egress', name: 'Egress control', phase: 'context' },
];

/** A test app whose proxy registers TEST_CATALOG. */
export async function appWithCatalog(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  t.app.services.filterCatalog = () => TEST_CATALOG;
  return t;
}

/** JSON request init with the dashboard token in x-svc-csrf. */
export function withToken(token: string | null, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  if (token !== null) headers.set('x-svc-csrf', token);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return { ...init, headers };
}

/** Reads a JSON body as a loose record. */
export async function body(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

type TestApp = Awaited<ReturnType<typeof appWithCatalog>>;

/** PUT /api/config with the dashboard token. */
export function putConfig(t: TestApp, payload: unknown): Promise<Response> {
  return t.request('/api/config', withToken(t.dashboardToken, { method: 'PUT', body: JSON.stringify(payload) }));
}

/** A config-dir file parsed as TOML ({} when absent). */
export function tomlFile(t: TestApp, path: string): Record<string, unknown> {
  return parse(t.files.text(path) ?? '') as Record<string, unknown>;
}

/** A config.toml with keys of every kind a PUT must keep. */
export const RICH_LOCAL = [
  '[server]',
  'api_key = ""',
  'auto_open_dashboard = true',
  '',
  '[server.rate_limit]',
  'general = 250',
  '',
  '[proxy]',
  'review_timeout_seconds = 120',
  '',
  '[filters.secrets]',
  'enabled = true',
  'extra_patterns = ["AKIA", "ghp_"]',
  '',
  '[filters.allowlists]',
  'paths = ["/tmp/**"]',
  '',
  '[custom]',
  'note = "kept"',
  'when = 2024-05-01',
  'nested = { a = 1, b = [1, 2] }',
  '',
].join('\n');
