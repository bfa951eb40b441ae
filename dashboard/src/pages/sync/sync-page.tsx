import { useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import { useApi } from '../../api/use-api.ts';
import { ErrorNote, isGated } from '../../components/error-note.tsx';
import { formatTime } from '../../components/format.ts';
import { ProGate } from '../../components/pro-gate.tsx';

interface SyncStatus {
  last_synced: string | null;
  policies_count: number;
  configs_count: number;
  provider_keys_count: number;
  has_learned_rules: boolean;
}

const UNLOCKS = ['Team configs pulled from your organisation and merged into team-config.toml', 'Shared policies and learned rules across machines'];

/** Team sync (Pro): status, synced configs, apply. */
export function SyncPage() {
  const status = useApi<SyncStatus>('/api/sync/status');
  const configs = useApi<{ configs: Array<{ name: string; size_bytes: number }>; total: number }>('/api/sync/configs');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (isGated(status.error)) return <ProGate error={status.error} title="Team sync" unlocks={UNLOCKS} />;

  async function apply() {
    try {
      const answer = await api<{ configs_applied: number; team_config_path: string }>('POST', '/api/sync/apply');
      setResult(`Merged ${answer.configs_applied} config(s) into ${answer.team_config_path}. They take effect at the next daemon start.`);
      status.reload();
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <div class="grid">
      <section class="card" aria-labelledby="sync-status">
        <h2 id="sync-status">Status</h2>
        <ErrorNote error={status.error} />
        {status.data ? (
          <dl class="kv">
            <dt>Last synced</dt>
            <dd>{status.data.last_synced ? formatTime(status.data.last_synced) : 'never'}</dd>
            <dt>Policies</dt>
            <dd>{status.data.policies_count}</dd>
            <dt>Configs</dt>
            <dd>{status.data.configs_count}</dd>
            <dt>Provider keys</dt>
            <dd>{status.data.provider_keys_count}</dd>
            <dt>Learned rules</dt>
            <dd>{status.data.has_learned_rules ? 'yes' : 'no'}</dd>
          </dl>
        ) : null}
      </section>
      <section class="card" aria-labelledby="sync-configs">
        <h2 id="sync-configs">Synced configs</h2>
        <ErrorNote error={configs.error} />
        <ul>
          {(configs.data?.configs ?? []).map((c) => (
            <li key={c.name}>
              <span class="mono">{c.name}</span> ({c.size_bytes} bytes)
            </li>
          ))}
        </ul>
        <button type="button" class="primary" onClick={apply} disabled={!configs.data || configs.data.total === 0}>
          Apply to team-config.toml
        </button>
        {result ? <p class="ok" role="status">{result}</p> : null}
        <ErrorNote error={error} />
      </section>
    </div>
  );
}
