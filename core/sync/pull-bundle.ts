import { readStreamCapped } from '../http/read-capped.ts';
import { Value } from '@sinclair/typebox/value';
import type { Clock, FileStore } from '../deps.ts';
import { encodeBase64 } from '../licence/base64.ts';
import { policyPath } from '../policies/policy-name.ts';
import { PolicySchema, type Policy } from '../schemas/policy.ts';
import { SYNC_DIR, jsonFiles } from './sync-files.ts';
import { writeSyncState } from './sync-state.ts';
import { BundleError, parseTeamBundle } from './team-bundle.ts';

/** Largest bundle `svc sync pull` accepts (10 MiB). */
export const MAX_BUNDLE_BYTES = 10 * 1024 * 1024;

/** How long the fetch may take. */
export const PULL_TIMEOUT_MS = 30_000;

export interface PullOptions {
  url: string;
  fetch: typeof fetch;
  files: FileStore;
  clock: Clock;
  /** Filter ids a policy's `rules.filters` may name. */
  knownFilters: ReadonlySet<string>;
}

export interface PullResult {
  last_synced: string;
  configs_written: string[];
  configs_removed: string[];
  policies_written: string[];
}

/**
 * `svc sync pull --from URL`: GETs the team bundle, verifies every entry,
 * and only then writes: each config to `sync/<name>.json` (synced configs the
 * bundle no longer has are removed: the bundle is the team's whole set), each
 * policy to `policies/<name>.json` (version 1, or the local version + 1 with
 * `created_at` kept), then `sync-state.json`. Credentials in the URL are
 * sent as HTTP Basic auth and never recorded. Every write is atomic. Throws
 * (BundleError or Error) before writing anything when the fetch or the
 * bundle fails.
 */
export async function pullTeamBundle(options: PullOptions): Promise<PullResult> {
  const url = new URL(options.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`--from must be an http(s) URL, got ${url.protocol}`);
  // Fetch refuses URLs with credentials: `https://user:token@host/...` becomes Basic auth.
  const headers: Record<string, string> = { accept: 'application/json' };
  if (url.username || url.password) {
    const userinfo = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${encodeBase64(new TextEncoder().encode(userinfo))}`;
  }
  const target = new URL(url);
  target.username = '';
  target.password = '';
  const response = await options.fetch(target, { headers, signal: AbortSignal.timeout(PULL_TIMEOUT_MS) });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`GET ${redact(url)} answered ${response.status}`);
  }
  const text = await boundedText(response);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleError([`not JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const bundle = parseTeamBundle(value, options.knownFilters);
  const { files } = options;
  const at = new Date(options.clock.now()).toISOString();
  const existing = await jsonFiles(files, SYNC_DIR);
  const written = new Set<string>();
  for (const { name, config } of bundle.configs) {
    await files.writeAtomic(`${SYNC_DIR}/${name}.json`, `${JSON.stringify(config, null, 2)}\n`);
    written.add(`${name}.json`);
  }
  const removed = existing.filter((file) => !written.has(file));
  for (const file of removed) await files.remove(`${SYNC_DIR}/${file}`);
  for (const { name, content } of bundle.policies) {
    const current = await readPolicy(files, name);
    const policy: Policy = {
      name,
      description: content.description,
      version: current ? current.version + 1 : 1,
      created_at: current?.created_at ?? at,
      updated_at: at,
      rules: content.rules,
    };
    await files.writeAtomic(policyPath(name), `${JSON.stringify(policy, null, 2)}\n`);
  }
  await writeSyncState(files, at, redact(url));
  return {
    last_synced: at,
    configs_written: [...written],
    configs_removed: removed,
    policies_written: bundle.policies.map((p) => p.name),
  };
}

async function readPolicy(files: FileStore, name: string): Promise<Policy | null> {
  try {
    const bytes = await files.read(policyPath(name));
    const value: unknown = bytes === null ? null : JSON.parse(new TextDecoder().decode(bytes));
    return Value.Check(PolicySchema, value) ? value : null;
  } catch {
    return null;
  }
}

/** The URL without credentials, query or fragment (what gets logged and recorded). */
function redact(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

async function boundedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BUNDLE_BYTES) throw new Error(`the bundle is larger than ${MAX_BUNDLE_BYTES} bytes`);
  const bytes = await readStreamCapped(response.body, MAX_BUNDLE_BYTES, () => new Error(`the bundle is larger than ${MAX_BUNDLE_BYTES} bytes`));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BundleError(['the bundle is not UTF-8']);
  }
}
