import { DEFAULT_HOOKS_CONFIG, type HooksConfig } from './hooks-config.ts';

/** The effective configuration: defaults, then team-config.toml, then config.toml. */
export interface Config {
  server: {
    localhost_only: boolean;
    require_api_key: boolean;
    api_key: string;
    dashboard_auth: boolean;
    auto_open_dashboard: boolean;
    rate_limit: { general: number; write: number; proxy_test: number };
    tls: { cert: string; key: string };
  };
  proxy: {
    auto_allow_threshold: number;
    auto_deny_threshold: number;
    review_timeout_seconds: number;
  };
  supervisor: { max_concurrent_sessions: number; clamp_wildcard_listeners: boolean };
  audit: { cold_after_days: number };
  /** `[hooks]`: how the agent hooks and the MCP proxy answer (core/config/hooks-config.ts). */
  hooks: HooksConfig;
  /** Per-filter settings keyed by filter id, e.g. `[filters.dlp] enabled = false`. */
  filters: Record<string, { enabled?: boolean }>;
  /** The whole merged document, for sections owned by other modules. */
  raw: Record<string, unknown>;
}

/** The running defaults every layer starts from. */
export const DEFAULT_CONFIG = {
  server: {
    localhost_only: true,
    require_api_key: false,
    api_key: '',
    dashboard_auth: true,
    auto_open_dashboard: true,
    rate_limit: { general: 100, write: 10, proxy_test: 20 },
    tls: { cert: '', key: '' },
  },
  proxy: { auto_allow_threshold: 3.0, auto_deny_threshold: 8.0, review_timeout_seconds: 300 },
  supervisor: { max_concurrent_sessions: 8, clamp_wildcard_listeners: true },
  audit: { cold_after_days: 30 },
  hooks: DEFAULT_HOOKS_CONFIG,
  filters: {},
} as const;

export const LOCAL_CONFIG_FILE = 'config.toml';
export const TEAM_CONFIG_FILE = 'team-config.toml';
