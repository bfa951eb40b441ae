/** gzip through the web-standard `CompressionStream` (Node 20, Deno, Workers). */
const encoder = new TextEncoder();

/** Compresses text pieces into one gzip member. */
export async function gzipText(pieces: Iterable<string> | AsyncIterable<string>): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip');
  const output = collect(stream.readable);
  const writer = stream.writable.getWriter();
  for await (const piece of pieces) await writer.write(encoder.encode(piece));
  await writer.close();
  return output;
}

/** Decompresses gzip bytes to text. */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  const stream = new DecompressionStream('gzip');
  const output = collect(stream.readable);
  const writer = stream.writable.getWriter();
  await writer.write(bytes.slice());
  await writer.close();
  return new TextDecoder('utf-8', { fatal: true }).decode(await output);
}

async function collect(readable: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
