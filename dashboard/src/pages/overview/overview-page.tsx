import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import type { AuditPage, Health, ProxyEvaluation, Tier } from '../../api/types.ts';
import { throttle, useApi } from '../../api/use-api.ts';
import { callHeadline } from '../../../../core/audit/call-headline.ts';
import { ErrorNote } from '../../components/error-note.tsx';
import { formatScore, formatTime } from '../../components/format.ts';
import { TimeChart } from '../../components/time-chart.tsx';
import { useLiveEvents } from '../../live/live-store.ts';
import { mergePoints, perMinute, pointFromEvent, pointFromRecord, scoreBins, topFilters, type DecisionPoint } from './decision-points.ts';

const HISTORY_PAGES = 3;

async function loadRecent(pages: number): Promise<DecisionPoint[]> {
  const points: DecisionPoint[] = [];
  for (let page = 0; page < pages; page++) {
    const result = await api<AuditPage>('GET', `/api/audit?limit=100&offset=${page * 100}`);
    points.push(...result.records.map(pointFromRecord));
    if (result.records.length < 100) break;
  }
  return points;
}

/** Decisions per minute, score distribution, live ticker, top filters, health, chain, tier. */
export function OverviewPage({ tier }: { tier: Tier | null }) {
  const health = useApi<Health>('/api/health');
  const free = useApi<{ chain_health: string; latest_audit_record_at: string | null }>('/api/analytics/v2/free');
  const [points, setPoints] = useState<DecisionPoint[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [now, setNow] = useState(Date.now());

  const refresh = useMemo(
    () =>
      throttle(() => {
        loadRecent(1).then((fresh) => setPoints((current) => mergePoints(current, fresh)), setError);
        health.reload();
        free.reload();
      }, 2000),
    [],
  );
  useEffect(() => {
    loadRecent(HISTORY_PAGES).then((fresh) => setPoints((current) => mergePoints(current, fresh)), setError);
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useLiveEvents(['proxy_evaluation', 'hello'], (event) => {
    if (event.type === 'proxy_evaluation') {
      setPoints((current) => mergePoints(current, [pointFromEvent(event.data as ProxyEvaluation, event.at)]));
      setNow(Date.now());
    }
    refresh();
  });

  const minutes = useMemo(() => perMinute(points, now), [points, now]);
  const bins = scoreBins(points);
  const maxBin = Math.max(1, ...bins);
  const filters = topFilters(points);

  return (
    <div class="grid">
      <section class="card wide" aria-labelledby="dpm">
        <h2 id="dpm">Decisions per minute (last 30 minutes)</h2>
        <TimeChart
          title="Decisions per minute"
          data={minutes}
          stacked
          series={[
            { label: 'allow', color: '#2f9e44' },
            { label: 'queue', color: '#e8a33d' },
            { label: 'deny', color: '#d9480f' },
          ]}
        />
        <ErrorNote error={error} />
      </section>
      <section class="card" aria-labelledby="ticker">
        <h2 id="ticker">Live decisions</h2>
        <ol class="ticker" aria-live="polite" aria-relevant="additions">
          {points.slice(0, 12).map((point) => (
            <li key={point.id} class={`decision-${point.action}`}>
              <span class={`pill ${point.action}`}>{point.action}</span> <span class="mono">{formatScore(point.score)}</span>{' '}
              <span>{point.type}</span> <span class="mono trunc" title={point.summary}>{callHeadline(point.summary)}</span>
            </li>
          ))}
          {points.length === 0 ? <li class="muted">No decisions yet.</li> : null}
        </ol>
      </section>
      <section class="card" aria-labelledby="scores">
        <h2 id="scores">Score distribution</h2>
        <p class="muted">Last {points.length} decisions</p>
        <table class="bars">
          <tbody>
            {bins.map((count, index) => (
              <tr key={index}>
                <th scope="row">
                  {index}–{index + 1}
                </th>
                <td>
                  <meter min={0} max={maxBin} value={count} aria-label={`score ${index} to ${index + 1}: ${count}`} />
                </td>
                <td class="num">{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="card" aria-labelledby="filters">
        <h2 id="filters">Top filters that fired</h2>
        {filters.length === 0 ? <p class="muted">No filter matched in the recent decisions.</p> : null}
        <ol>
          {filters.map(([name, count]) => (
            <li key={name}>
              <span class="mono">{name}</span> — {count}
            </li>
          ))}
        </ol>
      </section>
      <section class="card" aria-labelledby="health">
        <h2 id="health">Subsystem health</h2>
        <ErrorNote error={health.error} />
        {health.data ? (
          <>
            <p>
              Overall <span class={`pill ${health.data.status}`}>{health.data.status}</span> · version {health.data.version} · up{' '}
              {Math.round(health.data.uptime_seconds / 60)} min
            </p>
            <table>
              <tbody>
                {Object.entries(health.data.subsystems).map(([name, state]) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>
                      <span class={`pill ${state.status}`}>{state.status}</span>
                    </td>
                    <td class="muted">{state.message ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {health.data.audit_quarantined ? <p class="error">The audit log is quarantined.</p> : null}
            {health.data.audit_read_only ? <p class="error">The audit log is read-only: decisions cannot be recorded.</p> : null}
          </>
        ) : null}
      </section>
      <section class="card" aria-labelledby="chain">
        <h2 id="chain">Audit chain</h2>
        <ErrorNote error={free.error} />
        {free.data ? (
          <p>
            Chain health <span class={`pill chain-${free.data.chain_health}`}>{free.data.chain_health}</span>
            <br />
            Latest record {formatTime(free.data.latest_audit_record_at)}
          </p>
        ) : null}
      </section>
      <section class="card" aria-labelledby="tier">
        <h2 id="tier">Licence tier</h2>
        {tier ? (
          <>
            <p>
              <strong>{tier.tier}</strong> · up to {tier.max_sessions} supervised sessions
            </p>
            <ul class="features">
              {Object.entries(tier.features)
                .sort()
                .map(([name, on]) => (
                  <li key={name} class={on ? 'on' : 'off'}>
                    {on ? '✓' : '✗'} {name}
                  </li>
                ))}
            </ul>
          </>
        ) : (
          <p class="muted">Loading…</p>
        )}
      </section>
    </div>
  );
}
