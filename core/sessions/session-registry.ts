/**
 * The session registry: supervised agent runs, kept in storage so an ended
 * session survives a restart as history.
 *
 * States: `active` → `contained` (a sensitive read) → `active` (unlock-egress
 * or the containment window) ; `active`/`contained` → `terminating` (kill or
 * deny-terminate) ; any → `ended` (DELETE or the client's exit report).
 * Every change is durable (`storage.flush()`) before its event goes out.
 */
import type { Clock, Logger, Random, Timers } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { Session, SessionRegister } from '../schemas/session.ts';
import type { CanaryMask } from '../scoring/canary-mask.ts';
import { uuidFrom } from '../security/hex.ts';
import type { SubsystemHealth } from '../services.ts';
import type { Storage } from '../../storage/types.ts';
import { createSessionEvents } from './session-events.ts';
import { createSessionStore, toSession, type SessionRow } from './session-store.ts';
import { ensureSessionTables } from './session-tables.ts';

/** The scoring engine's containment, per session id. */
export interface Containment {
  /** Epoch ms until which the session is contained (0 when it is not). */
  containedUntil(sessionId: string): number;
  /** Ends containment; false when the engine never saw the session. */
  releaseContainment(sessionId: string): boolean;
  /** Restores a containment the engine lost at a restart. */
  restoreContainment(sessionId: string, untilMs: number): void;
}

export interface SessionRegistryOptions {
  storage: Storage;
  clock: Clock;
  random: Random;
  timers: Timers;
  log: Logger;
  hub: RealtimeHub;
  containment: Containment;
  /** The lower of the licence's `max_sessions` and `supervisor.max_concurrent_sessions`. */
  maxSessions: () => number;
  /** Counts a refusal for `GET /api/tier`'s `session_limit_rejections`. */
  onLimitRejected: () => void;
  /** Open (pending or escalated) digest items of a session. */
  openReviews: (sessionId: string) => number;
  /** Whether a process is alive; undefined when the host cannot tell. */
  processAlive?: (pid: number) => boolean;
  /** Masks canaries in what a registration stores (command, project, cwd...). */
  canaryMask: Pick<CanaryMask, 'mask'>;
}

/** What a decision tells the registry about a known session. */
export type DecisionKind = 'allow' | 'queue' | 'deny';

const endedError = (id: string) => new HttpError(409, 'SESSION_ENDED', `session ${id} has already ended`);

export function createSessionRegistry(options: SessionRegistryOptions) {
  const { storage, clock, hub } = options;
  ensureSessionTables(storage);
  const store = createSessionStore(storage);
  const events = createSessionEvents(hub);
  const nowIso = () => new Date(clock.now()).toISOString();
  /** Sessions not ended, by id (the evaluate path reads this, not storage). */
  const live = new Map<string, SessionRow>();
  const ended = new Set<string>(store.endedIds());
  /** Supervisor-socket state per session: `closed` once its client's socket closed (or it predates this start). */
  const clients = new Map<string, 'open' | 'closed'>();
  const windowTimers = new Map<string, unknown>();

  for (const row of store.live()) {
    live.set(row.id, row);
    clients.set(row.id, 'closed');
    const until = Number(row.contained_until_ms ?? 0);
    if (row.state === 'contained' && until > clock.now()) {
      options.containment.restoreContainment(row.id, until);
      armWindow(row.id, until);
    }
  }

  const view = (row: SessionRow): Session => toSession(row, options.openReviews(row.id), clock.now());
  const afterFlush = (emit: () => void) => {
    storage.flush().then(emit, (error: unknown) => options.log.error('supervisor: session change not durable', { error: String(error) }));
  };

  function mustGet(id: string): SessionRow {
    const row = live.get(id) ?? store.get(id);
    if (!row) throw new HttpError(404, 'NOT_FOUND', `no session ${id.slice(0, 80)}`);
    return row;
  }

  function write(row: SessionRow, fields: Partial<SessionRow>): SessionRow {
    store.update(row.id, fields);
    const next = { ...row, ...fields } as SessionRow;
    if (next.state === 'ended') {
      live.delete(row.id);
      ended.add(row.id);
    } else {
      live.set(row.id, next);
    }
    return next;
  }

  function armWindow(id: string, until: number): void {
    const previous = windowTimers.get(id);
    if (previous !== undefined) options.timers.clearTimeout(previous);
    windowTimers.set(id, options.timers.setTimeout(() => windowEnded(id), Math.max(0, until - clock.now()) + 5));
  }

  function windowEnded(id: string): void {
    windowTimers.delete(id);
    const row = live.get(id);
    if (!row || row.state !== 'contained') return;
    const until = options.containment.containedUntil(id);
    if (until > clock.now()) return armWindow(id, until);
    releaseRow(row, 'window');
  }

  function releaseRow(row: SessionRow, by: 'unlock_egress' | 'window'): void {
    const next = write(row, { state: 'active', contained_since: null, contained_reason: null, contained_until_ms: null });
    const timer = windowTimers.get(row.id);
    if (timer !== undefined) options.timers.clearTimeout(timer);
    windowTimers.delete(row.id);
    afterFlush(() => events.released(view(next), by));
  }

  function activeCount(): number {
    return live.size;
  }

  /**
   * A new session (or a restart of one its client ended) under `id`; 409
   * SESSION_LIMIT_REACHED beyond the limit. A field carrying a canary is
   * stored and sent masked. Synchronous up to the flush, so two registrations
   * of one id cannot both insert.
   */
  async function startSession(sent: SessionRegister, id: string): Promise<Session> {
    const previous = ended.has(id) ? store.get(id) : undefined;
    if (previous && previous.ended_reason !== 'exited') throw endedError(id);
    const input = options.canaryMask.mask(sent);
    const max = options.maxSessions();
    const active = activeCount();
    if (active >= max) {
      options.onLimitRejected();
      throw new HttpError(409, 'SESSION_LIMIT_REACHED', `at most ${max} supervised sessions may run at once; ${active} are active`, {
        max_sessions: max,
        active,
      });
    }
    const now = clock.now();
    const row: SessionRow = {
      id,
      tool_name: input.tool_name,
      root_pid: input.root_pid,
      command: input.command ?? null,
      project_name: input.project_name ?? null,
      cwd: input.cwd ?? null,
      state: 'active',
      started_at: new Date(now).toISOString(),
      started_ms: now,
      ended_at: null,
      ended_reason: null,
      terminate_reason: null,
      allow_count: previous?.allow_count ?? 0,
      queue_count: previous?.queue_count ?? 0,
      deny_count: previous?.deny_count ?? 0,
      contained_since: null,
      contained_reason: null,
      contained_until_ms: null,
    };
    if (previous) {
      store.update(id, row);
      ended.delete(id);
    } else {
      store.insert(row);
    }
    live.set(id, row);
    await storage.flush();
    const session = view(row);
    events.started(session);
    return session;
  }

  return {
    /** Registers a session under a new id (201 on the routes); see `startSession`. */
    async register(sent: SessionRegister): Promise<Session> {
      return startSession(sent, uuidFrom(options.random.bytes(16)));
    },

    /**
     * Registers a session under the caller's id (`POST /api/ipc/sessions` with
     * `session_id`: an agent hook registers the agent's own session id).
     * The id of a session not ended answers that session (`created` false).
     * The id of a session its client ended (`exited`: the agent's session end
     * or idle) starts it again under the same id, counters kept; one the user
     * ended, killed or a rule terminated stays ended: 409 SESSION_ENDED.
     */
    async registerAs(sent: SessionRegister, id: string): Promise<{ session: Session; created: boolean }> {
      const current = live.get(id);
      if (current) return { session: view(current), created: false };
      return { session: await startSession(sent, id), created: true };
    },

    list(all: boolean): { sessions: Session[]; total: number } {
      const { rows, total } = store.list(all);
      return { sessions: rows.map((row) => view(live.get(row.id) ?? row)), total };
    },

    get: (id: string): Session => view(mustGet(id)),
    /** 404 NOT_FOUND unless the session exists (inventory, listener rewrites). */
    assertExists(id: string): void {
      mustGet(id);
    },

    /** Ends a session (history kept); 409 SESSION_ENDED when it already ended. */
    async end(id: string, reason: 'ended' | 'exited'): Promise<Session> {
      const row = mustGet(id);
      if (row.state === 'ended') throw endedError(id);
      const next = write(row, { state: 'ended', ended_at: nowIso(), ended_reason: row.terminate_reason ?? reason });
      const timer = windowTimers.get(id);
      if (timer !== undefined) options.timers.clearTimeout(timer);
      windowTimers.delete(id);
      clients.delete(id);
      await storage.flush();
      const session = view(next);
      events.ended(session);
      return session;
    },

    /**
     * Marks a session `terminating` and sends `terminate` on its supervisor
     * channel (kill route: `digestId` null; deny-terminate: the item). A
     * session id nobody registered still gets the event (an agent hook's own
     * session). 409 SESSION_ENDED for an ended session.
     */
    async terminate(id: string, cause: 'killed' | 'terminated', reason: string, digestId: string | null): Promise<void> {
      const row = live.get(id) ?? (ended.has(id) ? store.get(id) : undefined);
      if (row?.state === 'ended') throw endedError(id);
      if (row) {
        write(row, { state: 'terminating', terminate_reason: row.terminate_reason ?? cause });
        await storage.flush();
      }
      events.terminate(id, digestId, reason);
    },

    /**
     * The evaluate path's view of a call's session: its row, `ended` when it
     * ended or is being terminated; undefined when no session of that id was
     * registered. Live sessions are read from memory, not storage.
     */
    lookup(id: string): { row: SessionRow; ended: boolean } | undefined {
      const row = live.get(id);
      if (row) return { row, ended: row.state === 'terminating' };
      if (!ended.has(id)) return undefined;
      const stored = store.get(id);
      return stored ? { row: stored, ended: true } : undefined;
    },

    /**
     * Records a decision of a live session (synchronous; the evaluate path's
     * flush makes it durable): its counter, and containment as the scoring
     * engine now sees it.
     */
    observe(id: string, decision: DecisionKind): void {
      const row = live.get(id);
      if (!row) return;
      const fields: Partial<SessionRow> = { [`${decision}_count`]: Number(row[`${decision}_count`]) + 1 };
      const until = options.containment.containedUntil(id);
      const now = clock.now();
      const wasContained = row.state === 'contained';
      if (until > now && row.state !== 'terminating' && until !== Number(row.contained_until_ms ?? 0)) {
        fields.state = 'contained';
        fields.contained_until_ms = until;
        if (!wasContained) {
          fields.contained_since = new Date(now).toISOString();
          fields.contained_reason = 'sensitive_read';
        }
        armWindow(id, until);
      }
      const next = write(row, fields);
      if (!wasContained && next.state === 'contained') afterFlush(() => events.contained(view(next)));
    },

    /**
     * unlock-egress: ends the session's containment in the engine and here.
     * True only when the session was contained and now is not.
     */
    releaseContainment(id: string): boolean {
      const wasContained = options.containment.containedUntil(id) > clock.now();
      options.containment.releaseContainment(id);
      const released = wasContained && options.containment.containedUntil(id) <= clock.now();
      const row = live.get(id);
      if (row?.state === 'contained') releaseRow(row, 'unlock_egress');
      return released;
    },

    clientOpened(id: string): void {
      if (live.has(id)) clients.set(id, 'open');
    },
    clientClosed(id: string): void {
      if (live.has(id) && hub.supervisorCount(id) === 0) clients.set(id, 'closed');
    },

    /** `supervisor` health: the active count; degraded when a session's client is gone. */
    health(): SubsystemHealth {
      const gone: string[] = [];
      for (const row of live.values()) {
        if (clients.get(row.id) !== 'closed' || hub.supervisorCount(row.id) > 0) continue;
        if (options.processAlive?.(Number(row.root_pid)) === true) continue;
        gone.push(row.id);
      }
      const count = `${live.size} active session${live.size === 1 ? '' : 's'}`;
      if (gone.length === 0) return { status: 'ok', message: count };
      return { status: 'degraded', message: `${count}; client gone for ${gone.slice(0, 5).join(', ')}${gone.length > 5 ? ', ...' : ''}` };
    },

    activeCount,

    close(): void {
      for (const timer of windowTimers.values()) options.timers.clearTimeout(timer);
      windowTimers.clear();
    },
  };
}

export type SessionRegistry = ReturnType<typeof createSessionRegistry>;
