import { parse } from 'smol-toml';
import type { FileStore } from '../deps.ts';
import { deepMerge, isPlainObject } from './deep-merge.ts';
import { DEFAULT_CONFIG, LOCAL_CONFIG_FILE, TEAM_CONFIG_FILE, type Config } from './config-types.ts';

import { ConfigError } from './config-error.ts';
import { parseHooksConfig } from './hooks-config.ts';

export { ConfigError };

/** Reads and parses one TOML file of the config dir; null when absent. */
export async function readTomlFile(files: FileStore, path: string): Promise<Record<string, unknown> | null> {
  const bytes = await files.read(path);
  if (bytes === null) return null;
  try {
    return parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Layers defaults, then team-config.toml, then config.toml, and types the result. */
export async function loadConfig(files: FileStore): Promise<Config> {
  const team = (await readTomlFile(files, TEAM_CONFIG_FILE)) ?? {};
  const local = (await readTomlFile(files, LOCAL_CONFIG_FILE)) ?? {};
  const raw = deepMerge(deepMerge(structuredClone(DEFAULT_CONFIG) as Record<string, unknown>, team), local);
  return toConfig(raw);
}

function section(raw: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = raw[key];
  return isPlainObject(value) ? value : {};
}

function num(table: Record<string, unknown>, key: string, where: string, min: number, max: number): number {
  const value = table[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${where}.${key} must be a number between ${min} and ${max}`);
  }
  return value;
}

function bool(table: Record<string, unknown>, key: string, where: string): boolean {
  const value = table[key];
  if (typeof value !== 'boolean') throw new ConfigError(`${where}.${key} must be true or false`);
  return value;
}

function str(table: Record<string, unknown>, key: string, where: string): string {
  const value = table[key];
  if (typeof value !== 'string') throw new ConfigError(`${where}.${key} must be a string`);
  return value;
}

/** Validates the merged document and returns the typed view. */
export function toConfig(raw: Record<string, unknown>): Config {
  const server = section(raw, 'server');
  const rate = section(server, 'rate_limit');
  const tls = section(server, 'tls');
  const proxy = section(raw, 'proxy');
  const supervisor = section(raw, 'supervisor');
  const audit = section(raw, 'audit');
  const hooks = section(raw, 'hooks');
  const filters: Config['filters'] = {};
  for (const [id, value] of Object.entries(section(raw, 'filters'))) {
    if (isPlainObject(value) && typeof value.enabled === 'boolean') filters[id] = { enabled: value.enabled };
  }
  const config: Config = {
    server: {
      localhost_only: bool(server, 'localhost_only', 'server'),
      require_api_key: bool(server, 'require_api_key', 'server'),
      api_key: str(server, 'api_key', 'server'),
      dashboard_auth: bool(server, 'dashboard_auth', 'server'),
      auto_open_dashboard: bool(server, 'auto_open_dashboard', 'server'),
      rate_limit: {
        general: num(rate, 'general', 'server.rate_limit', 1, 1_000_000),
        write: num(rate, 'write', 'server.rate_limit', 1, 1_000_000),
        proxy_test: num(rate, 'proxy_test', 'server.rate_limit', 1, 1_000_000),
      },
      tls: {
        cert: typeof tls.cert === 'string' ? tls.cert : '',
        key: typeof tls.key === 'string' ? tls.key : '',
      },
    },
    proxy: {
      auto_allow_threshold: num(proxy, 'auto_allow_threshold', 'proxy', 0, 10),
      auto_deny_threshold: num(proxy, 'auto_deny_threshold', 'proxy', 0, 10),
      review_timeout_seconds: num(proxy, 'review_timeout_seconds', 'proxy', 1, 86_400),
    },
    supervisor: {
      max_concurrent_sessions: num(supervisor, 'max_concurrent_sessions', 'supervisor', 1, 10_000),
      clamp_wildcard_listeners: bool(supervisor, 'clamp_wildcard_listeners', 'supervisor'),
    },
    audit: { cold_after_days: num(audit, 'cold_after_days', 'audit', 1, 36_500) },
    hooks: parseHooksConfig(hooks),
    filters,
    raw,
  };
  if (config.proxy.auto_allow_threshold >= config.proxy.auto_deny_threshold) {
    throw new ConfigError('proxy.auto_allow_threshold must be below proxy.auto_deny_threshold');
  }
  if (!config.server.localhost_only && !(config.server.require_api_key && config.server.api_key !== '')) {
    throw new ConfigError(
      'server.localhost_only = false requires server.require_api_key = true and a non-empty server.api_key',
    );
  }
  if (config.server.require_api_key && config.server.api_key === '') {
    throw new ConfigError('server.require_api_key = true requires a non-empty server.api_key');
  }
  return config;
}
