/**
 * The canonical serialisation the chain hashes: compact JSON (as
 * `JSON.stringify` writes it) with object keys sorted by UTF-16 code units
 * at every level; `undefined` members are left out. Non-finite numbers are
 * refused rather than silently turned into `null`.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonical JSON cannot hold a non-finite number');
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = value[i];
          out += item === undefined ? 'null' : canonicalJson(item);
        }
        return `${out}]`;
      }
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object).sort();
      let out = '{';
      for (const key of keys) {
        const item = object[key];
        if (item === undefined) continue;
        if (out.length > 1) out += ',';
        out += `${quoteKey(key)}:${canonicalJson(item)}`;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

const quoted = new Map<string, string>();

function quoteKey(key: string): string {
  let text = quoted.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (quoted.size < 1024) quoted.set(key, text);
  }
  return text;
}
