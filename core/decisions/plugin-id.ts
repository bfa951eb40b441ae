/**
 * The plugin id a decision is recorded under: `supervisor:<tool>` for a call
 * from a supervised session, else what the caller sent (or null). The audit
 * record, the digest item and the `proxy_evaluation` event all read it from
 * here.
 */
export function pluginIdOf(supervised: { tool: string } | null, sentPluginId: string | null): string | null {
  return supervised ? `supervisor:${supervised.tool}` : sentPluginId;
}
