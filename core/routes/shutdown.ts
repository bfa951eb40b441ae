import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { ShutdownResponseSchema } from '../schemas/shutdown.ts';
import type { Deps } from '../deps.ts';

/** Long enough for the host to write the 202 before it starts closing. */
const SHUTDOWN_DELAY_MS = 50;

/** `POST /api/server/shutdown`: the daemon bearer token asks the host to stop. */
export function shutdownRoutes({ timers, requestShutdown }: Pick<Deps, 'timers' | 'requestShutdown'>): RouteSpec[] {
  let requested = false;
  return [
    {
      method: 'POST',
      path: '/api/server/shutdown',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Stop the daemon cleanly',
      description:
        'Answers 202 {status: "shutting_down"} first, then asks the host to stop (in-flight writes finish and are ' +
        'durable). Repeated calls answer 202 again without a second request. Carries its own proof (the daemon ' +
        'bearer token), so no CSRF layer.',
      tags: ['server'],
      responses: { 202: { description: 'Shutdown requested', schema: ShutdownResponseSchema } },
      handler() {
        if (!requested) {
          requested = true;
          timers.setTimeout(() => requestShutdown(), SHUTDOWN_DELAY_MS);
        }
        return json({ status: 'shutting_down' }, 202);
      },
    },
  ];
}
