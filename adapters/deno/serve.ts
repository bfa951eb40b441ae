import type { App } from '../../core/app.ts';
import { upgradeDenoWebSocket } from './websocket.ts';

export interface DenoServeOptions {
  host: string;
  port: number;
  tls?: { cert: string; key: string };
}

/** The listening server, its real port, and a promise that no request is in a handler. */
export interface DenoListening {
  server: Deno.HttpServer<Deno.NetAddr>;
  port: number;
  /**
   * Resolves once no request is being handled. `server.shutdown()` makes the
   * body of every request in flight unreadable (Deno 2.9, denoland/deno#36809),
   * so the host waits for this before it shuts the server down.
   */
  idle(): Promise<void>;
}

/** Serves the app with `Deno.serve`; resolves once listening. */
export function serveDeno(app: App, options: DenoServeOptions): Promise<DenoListening> {
  let inFlight = 0;
  const onIdle: Array<() => void> = [];
  const handler = async (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>): Promise<Response> => {
    const conn = { remoteAddress: info.remoteAddr.hostname };
    if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
      const result = await app.upgrade(request, conn);
      return result.accepted ? upgradeDenoWebSocket(request, result.hooks) : result.response;
    }
    inFlight++;
    try {
      return await app.fetch(request, conn);
    } finally {
      if (--inFlight === 0) for (const done of onIdle.splice(0)) done();
    }
  };
  const idle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((done) => onIdle.push(done)));
  // onListen may run before Deno.serve returns, so the port and the server are joined afterwards.
  const { promise: listening, resolve } = Promise.withResolvers<number>();
  const server = Deno.serve(
    {
      hostname: options.host,
      port: options.port,
      ...options.tls,
      onListen: ({ port }) => resolve(port),
      onError: () => new Response(JSON.stringify({ error: 'internal error', code: 'INTERNAL_ERROR' }), { status: 500 }),
    },
    handler,
  );
  return listening.then((port) => ({ server, port, idle }));
}
