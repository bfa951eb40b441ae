import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import type { ConfigView, Tier } from '../../api/types.ts';
import { useApi } from '../../api/use-api.ts';
import { ErrorNote } from '../../components/error-note.tsx';

/** Thresholds, filters and auto-open through PUT /api/config; they apply at the next restart. */
export function SettingsPage({ tier }: { tier: Tier | null }) {
  const config = useApi<ConfigView>('/api/config');
  const [scope, setScope] = useState<'local' | 'team'>('local');
  const [allow, setAllow] = useState('');
  const [deny, setDeny] = useState('');
  const [enabled, setEnabled] = useState<Record<string, boolean>>({});
  const [autoOpen, setAutoOpen] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!config.data) return;
    setAllow(String(config.data.proxy.auto_allow_threshold));
    setDeny(String(config.data.proxy.auto_deny_threshold));
    setEnabled(Object.fromEntries(config.data.filters.map((f) => [f.id, f.enabled])));
  }, [config.data]);

  async function save(event: Event) {
    event.preventDefault();
    if (!config.data) return;
    const body: Record<string, unknown> = { scope };
    const proxy: Record<string, number> = {};
    if (Number(allow) !== config.data.proxy.auto_allow_threshold) proxy.auto_allow_threshold = Number(allow);
    if (Number(deny) !== config.data.proxy.auto_deny_threshold) proxy.auto_deny_threshold = Number(deny);
    if (Object.keys(proxy).length > 0) body.proxy = proxy;
    const filters = config.data.filters.filter((f) => enabled[f.id] !== f.enabled).map((f) => ({ id: f.id, enabled: enabled[f.id] === true }));
    if (filters.length > 0) body.filters = filters;
    if (autoOpen !== '') body.server = { auto_open_dashboard: autoOpen === 'true' };
    if (Object.keys(body).length === 1) {
      setResult('Nothing changed.');
      return;
    }
    try {
      const answer = await api<{ message: string; filters_updated: number }>('PUT', '/api/config', body);
      setResult(`Saved to ${scope === 'team' ? 'team-config.toml' : 'config.toml'}: ${answer.message}.`);
      setError(null);
      config.reload();
    } catch (failure) {
      setError(failure);
      setResult(null);
    }
  }

  return (
    <div class="split">
      <section class="card" aria-labelledby="settings-title">
        <h2 id="settings-title">Proxy and filters</h2>
        <p class="note">Changes are written to the config file and take effect at the next daemon restart.</p>
        <ErrorNote error={config.error} />
        {config.data ? (
          <form class="stack" onSubmit={save}>
            <label>
              Write to{' '}
              <select value={scope} onChange={(e) => setScope((e.currentTarget as HTMLSelectElement).value as 'local' | 'team')}>
                <option value="local">config.toml (local)</option>
                <option value="team">team-config.toml (team)</option>
              </select>
            </label>
            <label>
              Auto-allow below (0–10)
              <input type="number" min={0} max={10} step={0.1} value={allow} onInput={(e) => setAllow((e.currentTarget as HTMLInputElement).value)} />
            </label>
            <label>
              Auto-deny above (0–10)
              <input type="number" min={0} max={10} step={0.1} value={deny} onInput={(e) => setDeny((e.currentTarget as HTMLInputElement).value)} />
            </label>
            <label>
              Open the dashboard when the daemon starts{' '}
              <select value={autoOpen} onChange={(e) => setAutoOpen((e.currentTarget as HTMLSelectElement).value)}>
                <option value="">leave as configured</option>
                <option value="true">yes</option>
                <option value="false">no</option>
              </select>
            </label>
            <fieldset>
              <legend>Filters</legend>
              {config.data.filters.map((f) => (
                <label key={f.id} class="check">
                  <input type="checkbox" checked={enabled[f.id] ?? f.enabled} onChange={(e) => setEnabled({ ...enabled, [f.id]: (e.currentTarget as HTMLInputElement).checked })} />{' '}
                  <span class="mono">{f.id}</span> <span class="muted">({f.phase})</span>
                </label>
              ))}
            </fieldset>
            <button type="submit" class="primary">
              Save
            </button>
          </form>
        ) : null}
        {result ? (
          <p class="ok" role="status">
            {result}
          </p>
        ) : null}
        <ErrorNote error={error} />
      </section>
      <section class="card" aria-labelledby="licence-title">
        <h2 id="licence-title">Licence</h2>
        {tier ? (
          <dl class="kv">
            <dt>Tier</dt>
            <dd>{tier.tier}</dd>
            <dt>Max sessions</dt>
            <dd>{tier.max_sessions}</dd>
            <dt>Renewal</dt>
            <dd>{String(tier.renewal_date ?? '—')}</dd>
            <dt>Billing portal</dt>
            <dd>
              {typeof tier.billing_portal_url === 'string' && /^https?:\/\//i.test(tier.billing_portal_url) ? (
                <a href={tier.billing_portal_url} target="_blank" rel="noopener noreferrer">
                  {tier.billing_portal_url}
                </a>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        ) : null}
      </section>
    </div>
  );
}
