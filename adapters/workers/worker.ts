/**
 * The Worker (bundled by scripts/build-worker.mjs into dist/worker.js): every
 * request goes to the one `SvcApp` Durable Object, which holds the daemon.
 */
import type { Env } from './workers-types.ts';

export { SvcApp } from './app-object.ts';

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env.APP.get(env.APP.idFromName('svc')).fetch(request);
  },
};
