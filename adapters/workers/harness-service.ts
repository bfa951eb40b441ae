import { rm } from 'node:fs/promises';
import type { ServerAddress } from '../../core/deps.ts';
import { resolveInside, writeFileAtomic } from '../node/node-file-store.ts';
import { isSeededPath } from './do-file-store.ts';

/**
 * The `HARNESS` service binding: a Node function the Durable Object calls for
 * what a Worker cannot do. Reachable only from inside workerd (it is a
 * binding, not a route), so no client can call it.
 * - `GET /server`: the address served (the real port is known only after Miniflare is ready);
 * - `PUT /file/<path>` (mode in `x-mode`) and `DELETE /file/<path>`: writes or removes a
 *   config-dir file core changed (only the paths `isSeededPath` names: tokens, config,
 *   policies, sync...), atomically, so the disk stays the source of truth;
 * - `POST /shutdown`: `POST /api/server/shutdown` asked the daemon to stop.
 */
export function createHarnessService(options: { configDir: string; server: ServerAddress; onShutdown: () => void }) {
  return async function harnessService(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === '/server') return Response.json(options.server);
    if (request.method === 'POST' && pathname === '/shutdown') {
      setTimeout(options.onShutdown, 50); // let the shutdown response leave first
      return new Response(null, { status: 204 });
    }
    const path = decodeURIComponent(pathname.slice('/file/'.length));
    if (pathname.startsWith('/file/') && isSeededPath(path)) {
      const full = resolveInside(options.configDir, path);
      if (request.method === 'PUT') {
        const mode = Number.parseInt(request.headers.get('x-mode') ?? '644', 8);
        await writeFileAtomic(full, new Uint8Array(await request.arrayBuffer()), mode === 0o600 ? 0o600 : 0o644);
        return new Response(null, { status: 204 });
      }
      if (request.method === 'DELETE') {
        await rm(full, { force: true });
        return new Response(null, { status: 204 });
      }
    }
    return new Response('unknown harness call', { status: 404 });
  };
}
