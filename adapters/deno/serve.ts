import type { App } from '../../core/app.ts';
import { upgradeDenoWebSocket } from './websocket.ts';

export interface DenoServeOptions {
  host: string;
  port: number;
  tls?: { cert: string; key: string };
}

/** Serves the app with `Deno.serve`; resolves with the server and its real port once listening. */
export function serveDeno(app: App, options: DenoServeOptions): Promise<{ server: Deno.HttpServer<Deno.NetAddr>; port: number }> {
  const handler = async (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>): Promise<Response> => {
    const conn = { remoteAddress: info.remoteAddr.hostname };
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return app.fetch(request, conn);
    const result = await app.upgrade(request, conn);
    return result.accepted ? upgradeDenoWebSocket(request, result.hooks) : result.response;
  };
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
  return listening.then((port) => ({ server, port }));
}
