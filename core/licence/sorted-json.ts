/**
 * Compact JSON with object keys sorted at every level: the bytes a licence
 * signature covers (contracts.md, "Licence"). Arrays keep their order; values
 * are serialised exactly as `JSON.stringify` writes them.
 */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(source).sort()) out[key] = sortKeys(source[key]);
    return out;
  }
  return value;
}
