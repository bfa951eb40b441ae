/**
 * The supervisor's realtime events, each `{type, data, at}`:
 *
 * On `/ws/live` (data: the session resource, as `GET /api/supervisor/sessions/{id}` answers):
 * - `session_started`: a session was registered.
 * - `session_ended`: a session ended (DELETE, the client's exit report).
 * - `session_contained`: a sensitive read contained the session.
 * - `session_released`: containment ended; data adds `released_by` (`unlock_egress` or `window`).
 *
 * On `/ws/supervisor/{id}`:
 * - `terminate`: `{session_id, digest_id, reason}` on the kill route (digest_id null) or
 *   deny-terminate: the client stops the whole process tree.
 */
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Session } from '../schemas/session.ts';

export function createSessionEvents(hub: RealtimeHub) {
  return {
    started: (session: Session) => hub.broadcast('session_started', session),
    ended: (session: Session) => hub.broadcast('session_ended', session),
    contained: (session: Session) => hub.broadcast('session_contained', session),
    released: (session: Session, by: 'unlock_egress' | 'window') => hub.broadcast('session_released', { ...session, released_by: by }),
    terminate: (sessionId: string, digestId: string | null, reason: string): number =>
      hub.toSupervisor(sessionId, 'terminate', { session_id: sessionId, digest_id: digestId, reason }),
  };
}
