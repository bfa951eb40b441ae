/**
 * How the Node host lets go of a request body core refused: cancelling the
 * body stream leaves the connection reading and dropping the rest (Node's own
 * `Readable.toWeb` destroys the request, and the unread bytes then reset the
 * connection under the answer: EPIPE at a client still uploading), and the
 * close after the answer lingers until the client is done, within a bound.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerOnClose } from '../../adapters/node/linger.ts';
import { requestBodyStream } from '../../adapters/node/request-body.ts';

const MIB = 1024 * 1024;
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

function listen<T extends Server | ReturnType<typeof createNetServer>>(server: T): Promise<number> {
  closers.push(() => server.close());
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));
}

/** Sends `size` bytes as one request body with its length declared; resolves with the client socket. */
function post(port: number, size: number): Socket {
  const socket = connect(port, '127.0.0.1');
  closers.push(() => socket.destroy());
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`);
  socket.write(Buffer.alloc(size, 'x'));
  return socket;
}

describe('requestBodyStream', () => {
  it('reads the body as sent, whole', async () => {
    let read = 0;
    const done = new Promise<void>((resolve) => {
      void listen(createServer(async (req, res) => {
        for await (const chunk of requestBodyStream(req) as unknown as AsyncIterable<Uint8Array>) read += chunk.byteLength;
        res.end('ok');
        resolve();
      })).then((port) => post(port, 3 * MIB + 7));
    });
    await done;
    expect(read).toBe(3 * MIB + 7);
  });

  it('cancelled early, leaves the request alive and reads the rest of the body to its end', async () => {
    const seen = new Promise<{ destroyed: boolean; complete: boolean }>((resolve) => {
      void listen(createServer(async (req: IncomingMessage) => {
        const reader = requestBodyStream(req).getReader();
        await reader.read();
        await reader.cancel();
        const settle = () => resolve({ destroyed: req.destroyed && !req.complete, complete: req.complete });
        req.once('end', settle);
        req.once('close', settle);
      })).then((port) => post(port, 8 * MIB));
    });
    expect(await seen).toEqual({ destroyed: false, complete: true });
  });

  it('a client gone mid-body errors the stream instead of leaving it hanging', async () => {
    const outcome = new Promise<string>((resolve) => {
      void listen(createServer(async (req) => {
        const reader = requestBodyStream(req).getReader();
        try {
          for (;;) if ((await reader.read()).done) return resolve('ended');
        } catch {
          resolve('errored');
        }
      })).then((port) => {
        const socket = connect(port, '127.0.0.1');
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${MIB}\r\n\r\nxx`, () => setTimeout(() => socket.destroy(), 50));
      });
    });
    expect(await outcome).toBe('errored');
  });
});

/** A connection whose server end closes through `lingerOnClose(…, ms)`; the client keeps its side open after the FIN. */
async function lingeringPair(ms: number): Promise<{ client: Socket; server: Socket; finReceived: Promise<void>; serverClosed: Promise<number> }> {
  let accept!: (socket: Socket) => void;
  const accepted = new Promise<Socket>((resolve) => (accept = resolve));
  const port = await listen(createNetServer(accept));
  const client = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  closers.push(() => client.destroy());
  const server = await accepted;
  const started = performance.now();
  const serverClosed = new Promise<number>((resolve) => server.once('close', () => resolve(performance.now() - started)));
  const finReceived = new Promise<void>((resolve) => client.once('end', () => resolve()));
  client.resume();
  lingerOnClose(server, ms);
  server.destroySoon();
  return { client, server, finReceived, serverClosed };
}

describe('lingerOnClose', () => {
  it("sends its FIN, keeps taking what the client still sends, and closes once the client is done", async () => {
    const { client, server, finReceived, serverClosed } = await lingeringPair(10_000);
    let error: string | null = null;
    client.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    await finReceived;
    for (let i = 0; i < 4; i++) await new Promise((resolve) => client.write(Buffer.alloc(MIB, 'x'), resolve));
    expect(server.destroyed).toBe(false);
    client.end();
    expect(await serverClosed).toBeLessThan(10_000);
    expect(error).toBeNull();
  });

  it('closes after its bound when the client never finishes', async () => {
    const { server, finReceived, serverClosed } = await lingeringPair(200);
    await finReceived;
    expect(server.destroyed).toBe(false);
    expect(await serverClosed).toBeGreaterThanOrEqual(150);
    expect(server.destroyed).toBe(true);
  });
});
