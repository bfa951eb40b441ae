/**
 * The canonical serialisation the chain hashes: compact JSON (as
 * `JSON.stringify` writes it) with object keys sorted by UTF-16 code units
 * at every level; `undefined` members are left out. Non-finite numbers are
 * refused rather than silently turned into `null`.
 *
 * A value already in canonical order (every object's keys sorted, only
 * strings, booleans, finite numbers, null and undefined at the leaves, no
 * `toJSON`) is exactly what the native `JSON.stringify` writes, so such a
 * value (the audit record builders make theirs so) is checked in one walk
 * and serialised natively; anything else is built member by member, with
 * each already-ordered flat object or array still written natively.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'object' && value !== null && inCanonicalOrder(value, 0)) return JSON.stringify(value);
  return build(value);
}

/** Deeper values are built member by member (the check stays linear in the value's size). */
const MAX_CHECKED_DEPTH = 32;

function isPlainLeaf(item: unknown): boolean {
  switch (typeof item) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'number':
      return Number.isFinite(item);
    case 'object':
      return item === null;
    default:
      return false;
  }
}

/** True when `JSON.stringify(value)` is the canonical text: ordered keys and plain leaves all the way down. */
function inCanonicalOrder(value: object, depth: number): boolean {
  if (depth > MAX_CHECKED_DEPTH || 'toJSON' in value) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (!isPlainLeaf(item) && !(typeof item === 'object' && inCanonicalOrder(item as object, depth + 1))) return false;
    }
    return true;
  }
  const object = value as Record<string, unknown>;
  let previous: string | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) return false;
    if (previous !== null && !(previous < key)) return false;
    previous = key;
    const item = object[key];
    if (!isPlainLeaf(item) && !(typeof item === 'object' && inCanonicalOrder(item as object, depth + 1))) return false;
  }
  return true;
}

/** One level whose members are all plain leaves, in order: JSON.stringify writes it canonically. */
function isFlatInOrder(value: object): boolean {
  if ('toJSON' in value) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlainLeaf(value[i])) return false;
    return true;
  }
  const object = value as Record<string, unknown>;
  let previous: string | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) return false;
    if (previous !== null && !(previous < key)) return false;
    previous = key;
    if (!isPlainLeaf(object[key])) return false;
  }
  return true;
}

function build(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonical JSON cannot hold a non-finite number');
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (isFlatInOrder(value)) return JSON.stringify(value);
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = value[i];
          out += item === undefined ? 'null' : build(item);
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
        out += `${quoteKey(key)}:${build(item)}`;
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
