/**
 * Supervised sessions (contracts.md): the five `/api/supervisor/*` routes
 * (dashboard token on every method, CSRF on the three mutations; reads in
 * the General bucket, mutations in the Write bucket), and the daemon's IPC
 * registration and exit report (`svc exec`).
 */
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import { validate } from '../http/validate.ts';
import type { RouteRequest, RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import {
  IpcSessionRegisterBody, SessionEndBody, SessionIdParams, SessionKillBody, SessionListQuery, SessionListSchema, SessionRegisterBody,
  SessionSchema, SessionStatusSchema,
} from '../schemas/session.ts';
import type { SessionRegistry } from '../sessions/session-registry.ts';

/** The `{id}` path parameter, decoded (an undecodable one names no session). */
export function sessionIdOf(request: RouteRequest): string {
  const raw = String(request.params.id ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(404, 'NOT_FOUND', `no session ${raw.slice(0, 80)}`);
  }
}

const tags = ['supervisor'];
const NOT_FOUND = errorDoc('NOT_FOUND: no session of that id');
const LIMIT = errorDoc('SESSION_LIMIT_REACHED with max_sessions and active: the lower of the licence max_sessions and supervisor.max_concurrent_sessions are running');
const REGISTER_DESCRIPTION =
  'Body {tool_name, root_pid, command?, project_name?, cwd?}. Registering beyond the lower of the licence max_sessions ' +
  '(2 Community, 64 Pro) and [supervisor] max_concurrent_sessions (default 8) answers 409 SESSION_LIMIT_REACHED ' +
  'with {max_sessions, active}; GET /api/tier counts those refusals over 7 days.';

async function register(registry: SessionRegistry, request: RouteRequest): Promise<Response> {
  const body = validate(SessionRegisterBody, await readJson(request));
  return json(await registry.register(body), 201);
}

/** The IPC registration: the public body, or with `session_id` the session of that id (see `registerAs`). */
async function registerIpc(registry: SessionRegistry, request: RouteRequest): Promise<Response> {
  const { session_id: id, ...body } = validate(IpcSessionRegisterBody, await readJson(request));
  if (id === undefined) return json(await registry.register(body), 201);
  const { session, created } = await registry.registerAs(body, id);
  return json(session, created ? 201 : 200);
}

export function supervisorRoutes(registry: SessionRegistry): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/api/supervisor/sessions',
      auth: 'read-token',
      bucket: 'general',
      summary: 'Supervised sessions, newest first',
      description: 'Query state: `active` (default: every session not ended) or `all` (history included). At most 1000 sessions; total counts them all.',
      tags,
      query: SessionListQuery,
      responses: { 200: { description: 'Sessions', schema: SessionListSchema }, 400: errorDoc('INVALID_QUERY: state is not active or all') },
      handler(request) {
        const state = new URL(request.url).searchParams.get('state') ?? 'active';
        if (state !== 'active' && state !== 'all') throw new HttpError(400, 'INVALID_QUERY', 'state must be active or all');
        return json(registry.list(state === 'all'));
      },
    },
    {
      method: 'POST',
      path: '/api/supervisor/sessions',
      auth: 'read-token+write',
      bucket: 'write',
      summary: 'Register a supervised session',
      description: REGISTER_DESCRIPTION,
      tags,
      body: SessionRegisterBody,
      responses: { 201: { description: 'The session', schema: SessionSchema }, 400: errorDoc('INVALID_REQUEST or INVALID_JSON'), 409: LIMIT },
      handler: (request) => register(registry, request),
    },
    {
      method: 'GET',
      path: '/api/supervisor/sessions/{id}',
      auth: 'read-token',
      bucket: 'general',
      summary: 'One session',
      tags,
      params: SessionIdParams,
      responses: { 200: { description: 'The session', schema: SessionSchema }, 404: NOT_FOUND },
      handler: (request) => json(registry.get(sessionIdOf(request))),
    },
    {
      method: 'DELETE',
      path: '/api/supervisor/sessions/{id}',
      auth: 'read-token+write',
      bucket: 'write',
      summary: 'End a session (its history is kept)',
      description: 'ended_reason is `ended`, or the kill/deny-terminate cause of a terminating session.',
      tags,
      params: SessionIdParams,
      responses: {
        200: { description: '{status: "ended", id}', schema: SessionStatusSchema },
        404: NOT_FOUND,
        409: errorDoc('SESSION_ENDED: the session already ended'),
      },
      async handler(request) {
        const session = await registry.end(sessionIdOf(request), 'ended');
        return json({ status: 'ended', id: session.id });
      },
    },
    {
      method: 'POST',
      path: '/api/supervisor/sessions/{id}/kill',
      auth: 'read-token+write',
      bucket: 'write',
      summary: 'Stop a session: sends terminate on /ws/supervisor/{id}',
      description: 'Optional body {reason}. The session is `terminating` until its client reports the exit (or DELETE); its calls are denied with reason session_ended from now on.',
      tags,
      params: SessionIdParams,
      body: SessionKillBody,
      responses: {
        200: { description: '{status: "terminating", id}', schema: SessionStatusSchema },
        404: NOT_FOUND,
        409: errorDoc('SESSION_ENDED: the session already ended'),
      },
      async handler(request) {
        const id = sessionIdOf(request);
        registry.assertExists(id);
        const body = validate(SessionKillBody, (await readJson(request, { optional: true })) ?? {});
        await registry.terminate(id, 'killed', body.reason ?? 'killed from the dashboard', null);
        return json({ status: 'terminating', id });
      },
    },
    {
      method: 'POST',
      path: '/api/ipc/sessions',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Register a supervised session (daemon bearer; svc exec, svc hook)',
      description:
        `${REGISTER_DESCRIPTION} Optional session_id (1-256 characters): the session's id is that id (svc hook registers the ` +
        "agent's own session id, so every record of its calls carries it). An id of a session not ended answers that session " +
        '(200); an id of a session its client ended (ended_reason exited) starts it again under that id (201, counters kept); ' +
        'an id the user ended, killed or a rule terminated answers 409 SESSION_ENDED.',
      tags,
      body: IpcSessionRegisterBody,
      responses: {
        200: { description: 'The session of that session_id, already registered', schema: SessionSchema },
        201: { description: 'The session', schema: SessionSchema },
        400: errorDoc('INVALID_REQUEST or INVALID_JSON'),
        409: errorDoc('SESSION_LIMIT_REACHED with max_sessions and active, or SESSION_ENDED: session_id names a session the user ended'),
      },
      handler: (request) => registerIpc(registry, request),
    },
    {
      method: 'POST',
      path: '/api/ipc/sessions/{id}/end',
      auth: 'ipc',
      bucket: 'ipc',
      summary: "The client's report that the supervised command exited (daemon bearer; svc exec)",
      description: 'Optional body {exit_code?, signal?}. Ends the session with ended_reason `exited` (or the kill/deny-terminate cause).',
      tags,
      params: SessionIdParams,
      body: SessionEndBody,
      responses: {
        200: { description: '{status: "ended", id}', schema: SessionStatusSchema },
        404: NOT_FOUND,
        409: errorDoc('SESSION_ENDED: the session already ended'),
      },
      async handler(request) {
        const id = sessionIdOf(request);
        registry.assertExists(id);
        validate(SessionEndBody, (await readJson(request, { optional: true })) ?? {});
        const session = await registry.end(id, 'exited');
        return json({ status: 'ended', id: session.id });
      },
    },
  ];
}
