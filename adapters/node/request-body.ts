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
  let onData: ((chunk: Buffer) => void) | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        /** Ends the stream once: by `end`, or by the first of the ways it can fail. */
        const settle = (finish: () => void) => (): void => {
          if (settled) return;
          settled = true;
          finish();
        };
        const fail = settle(() => controller.error(new Error('the client went away before the request body ended')));
        onData = (chunk) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on('data', onData);
        req.pause();
        req.once('end', settle(() => controller.close()));
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
        if (onData) req.off('data', onData);
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
