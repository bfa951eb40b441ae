/**
 * Reads a whole body stream, refusing more than `limit` bytes: the stream is
 * cancelled and `tooLarge()` thrown as soon as it passes the limit.
 */
export async function readStreamCapped(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => Error,
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
      await reader.cancel().catch(() => undefined);
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
