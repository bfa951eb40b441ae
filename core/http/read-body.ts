import { HttpError } from '../http-error.ts';
import { readStreamCapped } from './read-capped.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { wellFormedJson } from './well-formed.ts';

/** Largest request body the API accepts (1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * How much of an unread body is drained after an early answer (a 413 refused
 * on its declared length, a 401, a 404). Past it the body is cancelled, and
 * some hosts (workerd) then reset the connection, which can discard the
 * answer already sent: a few MiB over the limit must still get its 413.
 */
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

/** One decoder for every body: a decode without `stream` starts afresh each time. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', `request body exceeds ${MAX_BODY_BYTES} bytes`);
}

/**
 * Reads the body as text, refusing more than `limit` bytes: a declared
 * Content-Length over the limit is refused before reading, and a streamed body
 * is cut off as soon as it passes the limit.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  // A declared length within the limit is read whole (hosts may hold such a body
  // already buffered); the size is still checked. Otherwise the stream is cut off.
  let bytes: Uint8Array;
  try {
    bytes = declared !== null ? new Uint8Array(await request.arrayBuffer()) : await readStreamCapped(request.body, limit, tooLarge, DRAIN_LIMIT_BYTES);
  } catch (error) {
    // A body the host could not deliver (bad chunking, a length it refused, a client gone) is the client's doing.
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'INVALID_BODY', 'request body could not be read');
  }
  if (bytes.byteLength > limit) throw tooLarge();
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'request body is not valid UTF-8');
  }
}

/**
 * Reads and parses a JSON body. An empty body yields `undefined` when
 * `optional` is set; malformed JSON, or JSON nesting deeper than
 * `MAX_JSON_DEPTH`, is a 400 with `code` (default INVALID_JSON).
 * Every string in the result is well-formed Unicode (`well-formed.ts`): the one
 * place client JSON enters, so what is stored is what is hashed.
 */
export async function readJson(
  request: Request,
  options: { optional?: boolean; code?: string } = {},
): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') {
    if (options.optional) return undefined;
    throw new HttpError(400, options.code ?? 'INVALID_JSON', 'request body is empty; a JSON body is required');
  }
  if (nestsDeeperThan(text)) {
    throw new HttpError(400, options.code ?? 'INVALID_JSON', `malformed JSON body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'parse error';
    throw new HttpError(400, options.code ?? 'INVALID_JSON', `malformed JSON body: ${reason}`);
  }
  return wellFormedJson(parsed, text);
}

/**
 * Reads and discards what a handler left of the request body (up to
 * `DRAIN_LIMIT_BYTES`, then cancels), so that answering early, e.g. a 404 before the
 * body was parsed, never leaves unread bytes on a kept-alive connection:
 * some hosts reset such a connection instead of reusing it. Returns undefined
 * when there is nothing to drain.
 */
export function drainUnreadBody(request: Request): Promise<void> | undefined {
  // Synchronous when there is nothing to drain: an awaited promise per GET costs
  // a measurable share of a health answer.
  // TRACE carries no body (and a Node host hands it over as a stand-in without one).
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'TRACE') return undefined;
  if (request.bodyUsed || request.body === null) return undefined;
  return discardBody(request.body, DRAIN_LIMIT_BYTES);
}

/** Reads and drops a body up to `limit` bytes, then cancels the rest; a client that goes away ends it quietly. */
export async function discardBody(body: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away: nothing left to drain
  }
}
