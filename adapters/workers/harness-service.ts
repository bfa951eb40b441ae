import { join } from 'node:path';
import type { ServerAddress } from '../../core/deps.ts';
import { writeFileAtomic } from '../node/node-file-store.ts';

const SECRET_FILES = new Set(['daemon.token', 'dashboard.token']);

/**
 * The `HARNESS` service binding: a Node function the Durable Object calls for
 * what a Worker cannot do. Reachable only from inside workerd (it is a
 * binding, not a route), so no client can call it.
 * - `GET /server`: the address served (the real port is known only after Miniflare is ready);
 * - `PUT /secret/<daemon.token|dashboard.token>`: writes the token file (0600) into the config dir;
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
    const name = pathname.slice('/secret/'.length);
    if (request.method === 'PUT' && pathname.startsWith('/secret/') && SECRET_FILES.has(name)) {
      await writeFileAtomic(join(options.configDir, name), await request.text(), 0o600);
      return new Response(null, { status: 204 });
    }
    return new Response('unknown harness call', { status: 404 });
  };
}
