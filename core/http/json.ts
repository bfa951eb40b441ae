/** A JSON response with the given status (default 200). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * `JSON.stringify(object)` with one more member, `key`, written last, whose
 * value is JSON text already (`rawJson`): for a part serialised once and
 * sent in several places (a decision's filter results).
 */
export function withMember(object: object, key: string, rawJson: string): string {
  const text = JSON.stringify(object);
  return `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(key)}:${rawJson}}`;
}

/** A JSON response whose body is JSON text already (see `withMember`). */
export function jsonText(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}
