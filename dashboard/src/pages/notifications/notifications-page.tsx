import { useState } from 'preact/hooks';
import { api, describeError } from '../../api/client.ts';
import { useApi } from '../../api/use-api.ts';
import { ErrorNote, isGated } from '../../components/error-note.tsx';
import { formatTime } from '../../components/format.ts';
import { ProGate } from '../../components/pro-gate.tsx';

interface Channel {
  id: string;
  type: string;
  enabled: boolean;
  state: string;
  last_delivery: string | null;
  last_error?: string | null;
  delivered_24h: number;
  failed_24h: number;
}

const UNLOCKS = ['Webhook notifications for every queued call, signed with HMAC-SHA256', 'One-click review links (single-use nonces)', 'Delivery health and test sends'];

/** Notification channels, their state, and a test send. */
export function NotificationsPage() {
  const channels = useApi<{ channels: Channel[] }>('/api/notifications/channels');
  const status = useApi<{ channels_total: number; channels_healthy: number; channels_unhealthy: number; delivered_24h: number; failed_24h: number }>(
    '/api/notifications/status',
  );
  const [results, setResults] = useState<Record<string, string>>({});
  if (isGated(channels.error)) return <ProGate error={channels.error} title="Notification channels" unlocks={UNLOCKS} />;

  async function test(channel: Channel) {
    setResults((r) => ({ ...r, [channel.id]: 'sending…' }));
    try {
      const answer = await api<{ delivered: boolean; ms: number }>('POST', `/api/notifications/test/${encodeURIComponent(channel.id)}`);
      setResults((r) => ({ ...r, [channel.id]: `delivered in ${Math.round(answer.ms)} ms` }));
    } catch (failure) {
      setResults((r) => ({ ...r, [channel.id]: describeError(failure) }));
    }
    channels.reload();
    status.reload();
  }

  return (
    <div>
      <section class="card" aria-labelledby="notif-status">
        <h2 id="notif-status">Last 24 hours</h2>
        <ErrorNote error={status.error} />
        {status.data ? (
          <p>
            {status.data.channels_healthy} of {status.data.channels_total} channels healthy, {status.data.channels_unhealthy} failing ·{' '}
            {status.data.delivered_24h} delivered · {status.data.failed_24h} failed
          </p>
        ) : null}
      </section>
      <section class="card" aria-labelledby="notif-channels">
        <h2 id="notif-channels">Channels</h2>
        <ErrorNote error={channels.error} />
        <table>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Type</th>
              <th scope="col">State</th>
              <th scope="col">Last delivery</th>
              <th scope="col">24 h</th>
              <th scope="col">Test</th>
            </tr>
          </thead>
          <tbody>
            {(channels.data?.channels ?? []).map((c) => (
              <tr key={c.id}>
                <td class="mono">{c.id}</td>
                <td>{c.type}</td>
                <td>
                  <span class={`pill ${c.state}`}>{c.state}</span> {c.last_error ? <span class="muted">{c.last_error}</span> : null}
                </td>
                <td>{formatTime(c.last_delivery)}</td>
                <td>
                  {c.delivered_24h} ok / {c.failed_24h} failed
                </td>
                <td>
                  <button type="button" onClick={() => test(c)} disabled={!c.enabled} aria-label={`Send a test to ${c.id}`}>
                    Send test
                  </button>{' '}
                  <span role="status">{results[c.id] ?? ''}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {channels.data && channels.data.channels.length === 0 ? <p class="muted">No channel is configured ([notifications] in config.toml).</p> : null}
      </section>
    </div>
  );
}
