import { json } from '../http/json.ts';
import type { RouteSpec } from '../route-spec.ts';
import { HealthSchema } from '../schemas/health.ts';
import { PROTOCOL_VERSION, type Services, type SubsystemHealth, type SubsystemName } from '../services.ts';

const SUBSYSTEMS: SubsystemName[] = ['audit', 'digest', 'proxy', 'supervisor'];

/** Overall status: unhealthy if any subsystem errored, degraded if any is degraded. */
export function overallStatus(states: SubsystemHealth[]): 'healthy' | 'degraded' | 'unhealthy' {
  if (states.some((s) => s.status === 'error')) return 'unhealthy';
  if (states.some((s) => s.status === 'degraded')) return 'degraded';
  return 'healthy';
}

async function readSubsystem(services: Services, name: SubsystemName): Promise<SubsystemHealth> {
  const check = services.health.get(name);
  if (!check) return { status: 'ok' };
  const started = services.deps.clock.monotonic();
  try {
    const state = await check();
    return { ...state, latency_ms: Math.round((services.deps.clock.monotonic() - started) * 1000) / 1000 };
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/** `GET /api/health`. */
export function healthRoutes(services: Services): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/health',
      auth: 'open',
      bucket: 'general',
      summary: 'Daemon and subsystem health',
      tags: ['health'],
      responses: { 200: { description: 'Health', schema: HealthSchema } },
      async handler() {
        const entries = await Promise.all(SUBSYSTEMS.map(async (name) => [name, await readSubsystem(services, name)] as const));
        const subsystems = Object.fromEntries(entries);
        const flags = Object.assign({}, ...services.healthFlags.map((flag) => flag())) as Record<string, boolean>;
        const body: Record<string, unknown> = {
          status: overallStatus(entries.map(([, state]) => state)),
          version: services.version,
          uptime_seconds: Math.floor((services.deps.clock.now() - services.startedAt) / 1000),
          subsystems,
          instance_id: services.instanceId,
          protocol_version: PROTOCOL_VERSION,
        };
        for (const [key, value] of Object.entries(flags)) if (value) body[key] = true;
        return json(body);
      },
    },
  ];
}
