import { useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import { throttle, useApi } from '../../api/use-api.ts';
import { useRouteExists } from '../../api/use-route.ts';
import { ErrorNote } from '../../components/error-note.tsx';
import { formatTime, shortId } from '../../components/format.ts';
import { useLiveEvents } from '../../live/live-store.ts';

interface Session {
  id: string;
  tool_name: string;
  root_pid: number;
  command: string | null;
  project_name: string | null;
  state: string;
  started_at: string;
  ended_at: string | null;
  ended_reason: string | null;
  decisions: { allow: number; queue: number; deny: number };
  open_reviews: number;
  containment: { active: boolean; since: string | null; reason: string | null };
}

/**
 * Supervised sessions (contracts.md "Supervised sessions"). When the daemon
 * has no supervisor routes the page says so instead of showing anything.
 */
export function SessionsPage() {
  const available = useRouteExists('/api/supervisor/sessions');
  if (available === null) return <p class="muted">Loading…</p>;
  if (!available) {
    return (
      <section class="card">
        <h2>Not available</h2>
        <p>This daemon does not supervise sessions yet (no <code>/api/supervisor/sessions</code> route), so there is nothing to show.</p>
      </section>
    );
  }
  return <SessionList />;
}

const SESSION_EVENTS = ['session_started', 'session_ended', 'session_contained', 'session_released', 'proxy_evaluation', 'digest_reviewed', 'hello'];

function SessionList() {
  const [state, setState] = useState<'active' | 'all'>('active');
  const list = useApi<{ sessions: Session[]; total: number }>(`/api/supervisor/sessions?state=${state}`);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [refresh] = useState(() => throttle(() => list.reload(), 1000));
  useLiveEvents(SESSION_EVENTS, refresh);

  async function kill(session: Session) {
    if (!window.confirm(`Terminate ${session.tool_name} (pid ${session.root_pid})?`)) return;
    try {
      await api('POST', `/api/supervisor/sessions/${encodeURIComponent(session.id)}/kill`, { reason: 'killed from the dashboard' });
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  const sessions = list.data?.sessions ?? [];
  return (
    <div>
      <section class="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <label>
          Show{' '}
          <select value={state} onChange={(e) => setState((e.currentTarget as HTMLSelectElement).value as 'active' | 'all')}>
            <option value="active">active</option>
            <option value="all">active and past</option>
          </select>
        </label>
        <ErrorNote error={list.error ?? error} />
        <table>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Tool</th>
              <th scope="col">Project</th>
              <th scope="col">State</th>
              <th scope="col">Allow / queue / deny</th>
              <th scope="col">Open reviews</th>
              <th scope="col">Containment</th>
              <th scope="col">Started</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  <button type="button" class="link mono" onClick={() => setSelected(s.id)}>
                    {shortId(s.id)}
                  </button>
                </td>
                <td>
                  {s.tool_name} <span class="muted">pid {s.root_pid}</span>
                </td>
                <td>{s.project_name ?? '—'}</td>
                <td>{s.state}</td>
                <td class="num">
                  {s.decisions.allow} / {s.decisions.queue} / {s.decisions.deny}
                </td>
                <td class="num">{s.open_reviews}</td>
                <td>{s.containment.active ? `contained since ${formatTime(s.containment.since)}: ${s.containment.reason ?? ''}` : 'no'}</td>
                <td>{formatTime(s.started_at)}</td>
                <td>
                  {s.state !== 'ended' ? (
                    <button type="button" class="danger" onClick={() => kill(s)} aria-label={`Kill session ${shortId(s.id)}`}>
                      Kill
                    </button>
                  ) : (
                    <span class="muted">{s.ended_reason ?? 'ended'}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && sessions.length === 0 ? (
          <p class="muted">
            {state === 'active' ? 'No active sessions.' : 'No sessions yet.'} Run an agent under supervision with{' '}
            <code>svc exec -- claude</code> (or codex, cursor-agent, gemini) and it appears here.
          </p>
        ) : null}
      </section>
      {selected ? <SessionExtras id={selected} /> : null}
    </div>
  );
}

function SessionExtras({ id }: { id: string }) {
  const inventoryRoute = useRouteExists('/api/inventory/{id}');
  const rewritesRoute = useRouteExists('/api/sessions/{id}/listener-rewrites');
  if (inventoryRoute === null || rewritesRoute === null) return null;
  if (!inventoryRoute || !rewritesRoute) {
    return (
      <section class="card">
        <h2>Binaries and listener rewrites</h2>
        <p class="muted">This daemon does not serve the binary inventory or listener rewrites of a session yet.</p>
      </section>
    );
  }
  return <SessionInventory id={id} />;
}

function SessionInventory({ id }: { id: string }) {
  const inventory = useApi<{ binaries: Array<{ path: string; sha256: string; count: number; changed: boolean; last_seen_at: string }> }>(
    `/api/inventory/${encodeURIComponent(id)}`,
  );
  const rewrites = useApi<{ rewrites: Array<{ original_addr: string; rewritten_addr: string; port: number; at: string }> }>(
    `/api/sessions/${encodeURIComponent(id)}/listener-rewrites`,
  );
  return (
    <div class="grid">
      <section class="card" aria-labelledby="inventory-title">
        <h2 id="inventory-title">Binaries of {shortId(id)}</h2>
        <ErrorNote error={inventory.error} />
        <ul>
          {(inventory.data?.binaries ?? []).map((b) => (
            <li key={b.path}>
              <span class="mono">{b.path}</span> ×{b.count} {b.changed ? <strong>changed</strong> : null}
            </li>
          ))}
        </ul>
      </section>
      <section class="card" aria-labelledby="rewrites-title">
        <h2 id="rewrites-title">Listener rewrites</h2>
        <ErrorNote error={rewrites.error} />
        <ul>
          {(rewrites.data?.rewrites ?? []).map((r, i) => (
            <li key={i}>
              {r.original_addr} → {r.rewritten_addr}:{r.port} at {formatTime(r.at)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
