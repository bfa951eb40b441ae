import type { IncomingMessage } from 'node:http';

/**
 * A Node request's body as a Fetch body stream, read as core pulls it.
 *
 * Unlike `Readable.toWeb`, cancelling it does not destroy the request: the
 * rest of the body keeps being read and dropped, so the connection can still
 * carry the answer to a body core refused, and is closed after it without
 * unread bytes (see linger.ts).
 */
export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  const onData = (controller: ReadableStreamDefaultController<Uint8Array>) => (chunk: Buffer) => {
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  let listener: ((chunk: Buffer) => void) | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        listener = onData(controller);
        req.on('data', listener);
        req.pause();
        const fail = (): void => {
          if (settled) return;
          settled = true;
          controller.error(new Error('the client went away before the request body ended'));
        };
        req.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once('error', fail);
        req.once('close', () => {
          if (!req.complete) fail();
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        if (listener) req.off('data', listener);
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
