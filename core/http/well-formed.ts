/**
 * Client strings enter as well-formed Unicode, so that what is stored and
 * what is hashed are the same UTF-8 bytes. A JSON body decoded from valid
 * UTF-8 can still carry lone UTF-16 surrogates through `\uD800`-style
 * escapes; each becomes U+FFFD, as a UTF-8 encoder would write it, in keys
 * and values alike. (Query strings and path segments are already decoded to
 * well-formed text by URL parsing.)
 */

/** A `\u` escape of a surrogate code unit somewhere in JSON text. */
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The string with every lone surrogate replaced by U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * The parsed value of `jsonText` with every string (and key) well-formed.
 * Cheap when the text escapes no surrogate (the common case): the value is returned as it is.
 */
export function wellFormedJson(value: unknown, jsonText: string): unknown {
  return SURROGATE_ESCAPE.test(jsonText) ? deep(value) : value;
}

function deep(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(deep);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // defineProperty: a "__proto__" key stays an own data property, as JSON.parse made it.
    Object.defineProperty(out, wellFormed(key), { value: deep(inner), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
