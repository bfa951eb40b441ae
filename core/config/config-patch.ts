import { isPlainObject } from './deep-merge.ts';

/** The settings a `PUT /api/config` may change (the spec's narrow write). */
export interface ConfigPatch {
  filters?: ReadonlyArray<{ id: string; enabled: boolean }>;
  proxy?: { auto_allow_threshold?: number; auto_deny_threshold?: number };
  server?: { auto_open_dashboard?: boolean };
}

function table(doc: Record<string, unknown>, key: string): Record<string, unknown> {
  const current = doc[key];
  const next = isPlainObject(current) ? { ...current } : {};
  doc[key] = next;
  return next;
}

/**
 * Returns a copy of one scope file's document with the patch applied. Every
 * key the patch does not name is kept as it was, including sibling keys of
 * the tables it touches (`[filters.dlp] rules = ...` survives `enabled`).
 */
export function applyConfigPatch(doc: Record<string, unknown>, patch: ConfigPatch): Record<string, unknown> {
  // Shallow copies along the touched path only: structuredClone would turn
  // smol-toml's TomlDate values into plain Dates and change how they print.
  const out = { ...doc };
  if (patch.filters && patch.filters.length > 0) {
    const filters = table(out, 'filters');
    for (const { id, enabled } of patch.filters) table(filters, id).enabled = enabled;
  }
  if (patch.proxy) {
    const proxy = table(out, 'proxy');
    if (patch.proxy.auto_allow_threshold !== undefined) proxy.auto_allow_threshold = patch.proxy.auto_allow_threshold;
    if (patch.proxy.auto_deny_threshold !== undefined) proxy.auto_deny_threshold = patch.proxy.auto_deny_threshold;
  }
  if (patch.server?.auto_open_dashboard !== undefined) {
    table(out, 'server').auto_open_dashboard = patch.server.auto_open_dashboard;
  }
  return out;
}
