/**
 * Reads a whole body stream, refusing more than `limit` bytes: `tooLarge()` is
 * thrown as soon as it passes the limit, once the rest is read and dropped up to
 * `drainLimit` bytes in all (then the stream is cancelled). A request body is
 * drained so the answer is not lost to a reset: some hosts (workerd) reset a
 * connection whose request body was left unread.
 */
export async function readStreamCapped(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => Error,
  drainLimit = limit,
): Promise<Uint8Array> {
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await dropRest(reader, size, drainLimit);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads and drops what is left of a stream until `size` passes `drainLimit`, then cancels it; a failed read ends it quietly. */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, size: number, drainLimit: number): Promise<void> {
  try {
    while (size <= drainLimit) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
  } catch {
    return; // the client went away
  }
  await reader.cancel().catch(() => undefined);
}
