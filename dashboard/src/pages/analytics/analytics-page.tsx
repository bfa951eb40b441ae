import type { Static } from '@sinclair/typebox';
import type { DecisionTotalsSchema } from '../../../../core/schemas/analytics.ts';
import { useMemo } from 'preact/hooks';
import type { Freshness } from '../../api/types.ts';
import { useApi } from '../../api/use-api.ts';
import { ErrorNote, isGated } from '../../components/error-note.tsx';
import { formatScore, formatTime, ppmToPercent } from '../../components/format.ts';
import { FreshnessNote } from '../../components/freshness-note.tsx';
import { ProGate } from '../../components/pro-gate.tsx';
import { TimeChart } from '../../components/time-chart.tsx';

type Counts = Static<typeof DecisionTotalsSchema>;

interface FreePayload {
  window: { start_day: string; end_day: string; current_day_partial: boolean };
  decisions: Counts;
  chain_health: string;
  latest_audit_record_at: string | null;
  recent_queue_and_deny: Array<{ audit_id: string; at: string; tool_call_type: string; action: string; composite_score: number; reason: string }>;
  freshness: Freshness;
  pro_available: boolean;
}

interface ProPayload {
  usage_rows: Array<Counts & { day: string; mean_composite_score: number }>;
  filter_rows: Array<{ day: string; filter: string; evaluated: number; matched: number }>;
  session_rows: Array<{ session_id: string; total: number; deny: number; max_composite_score: number }>;
  llm_rows: Array<{ llm: string; total: number; deny: number }>;
  destination_rows: Array<{ host: string; total: number; deny: number }>;
  windows: Array<Counts & { days: number; start_day: string; end_day: string; sessions: number; destinations: number; filter_matches: number }>;
  generated_at: string;
  freshness: Freshness;
  truncated: boolean;
}

const PRO_UNLOCKS = [
  '30- and 90-day windows of decisions, sessions and destinations',
  'Daily usage charts and per-filter match rates',
  'Per-session, per-agent and per-destination tables',
  'Security events over 90 days, exportable as JSON or CSV',
];

/** The free 7-day analytics, and the Pro 30/90-day tables and charts (or what Pro would unlock). */
export function AnalyticsPage() {
  const free = useApi<FreePayload>('/api/analytics/v2/free');
  const pro = useApi<ProPayload>('/api/analytics/v2/pro');
  return (
    <div>
      <section class="card" aria-labelledby="free-title">
        <h2 id="free-title">Last 7 days</h2>
        <ErrorNote error={free.error} />
        {free.data ? (
          <>
            <p>
              {free.data.window.start_day} – {free.data.window.end_day}
              {free.data.window.current_day_partial ? ' (today so far)' : ''} · chain{' '}
              <span class={`pill chain-${free.data.chain_health}`}>{free.data.chain_health}</span>
            </p>
            <CountsLine counts={free.data.decisions} />
            <FreshnessNote freshness={free.data.freshness} />
            <h3>Recent queue and deny</h3>
            {free.data.recent_queue_and_deny.length === 0 ? <p class="muted">None in the window.</p> : null}
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Type</th>
                  <th scope="col">Score</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {free.data.recent_queue_and_deny.map((event) => (
                  <tr key={event.audit_id}>
                    <td>{formatTime(event.at)}</td>
                    <td>
                      <span class={`pill ${event.action}`}>{event.action}</span> {event.tool_call_type}
                    </td>
                    <td class="num">{formatScore(event.composite_score)}</td>
                    <td>{event.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
      </section>
      {isGated(pro.error) ? <ProGate error={pro.error} title="Analytics over 30 and 90 days" unlocks={PRO_UNLOCKS} /> : <ErrorNote error={pro.error} />}
      {pro.data ? <ProAnalytics data={pro.data} /> : null}
    </div>
  );
}

function CountsLine({ counts }: { counts: Counts }) {
  return (
    <p>
      {counts.total} decisions: <span class="pill allow">{counts.allow} allow ({ppmToPercent(counts.allow_rate_ppm)})</span>{' '}
      <span class="pill queue">{counts.queue} queue ({ppmToPercent(counts.queue_rate_ppm)})</span>{' '}
      <span class="pill deny">{counts.deny} deny ({ppmToPercent(counts.deny_rate_ppm)})</span>
    </p>
  );
}

function sumBy<T>(rows: T[], key: (row: T) => string, value: (row: T) => [number, number]): Array<[string, number, number]> {
  const sums = new Map<string, [number, number]>();
  for (const row of rows) {
    const [a, b] = value(row);
    const current = sums.get(key(row)) ?? [0, 0];
    sums.set(key(row), [current[0] + a, current[1] + b]);
  }
  return [...sums.entries()].map(([k, [a, b]]) => [k, a, b] as [string, number, number]).sort((x, y) => y[1] - x[1]).slice(0, 10);
}

const DAY_MS = 86_400_000;

/** allow / queue / deny per UTC day over the 90-day window, zero on days without a row. */
function dailySeries(data: ProPayload): [number[], number[], number[], number[]] {
  const window = data.windows.find((w) => w.days === 90) ?? data.windows[0];
  const start = Date.parse(`${window?.start_day ?? data.usage_rows[0]?.day ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${window?.end_day ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const byDay = new Map(data.usage_rows.map((r) => [r.day, r]));
  const series: [number[], number[], number[], number[]] = [[], [], [], []];
  for (let t = start; t <= end; t += DAY_MS) {
    const row = byDay.get(new Date(t).toISOString().slice(0, 10));
    series[0].push(t / 1000);
    series[1].push(row?.allow ?? 0);
    series[2].push(row?.queue ?? 0);
    series[3].push(row?.deny ?? 0);
  }
  return series;
}

function ProAnalytics({ data }: { data: ProPayload }) {
  const chart = useMemo(() => dailySeries(data), [data]);
  const filters = sumBy(data.filter_rows, (r) => r.filter, (r) => [r.matched, r.evaluated]);
  const destinations = sumBy(data.destination_rows, (r) => r.host, (r) => [r.total, r.deny]);
  const llms = sumBy(data.llm_rows, (r) => r.llm, (r) => [r.total, r.deny]);
  return (
    <>
      <section class="card" aria-labelledby="windows-title">
        <h2 id="windows-title">30 and 90 days</h2>
        <FreshnessNote freshness={data.freshness} />
        {data.truncated ? <p class="note warn">Some row families hit their cap; the oldest days were dropped.</p> : null}
        {data.windows.map((w) => (
          <div key={w.days}>
            <h3>
              {w.days} days ({w.start_day} – {w.end_day})
            </h3>
            <CountsLine counts={w} />
            <p class="muted">
              {w.sessions} sessions · {w.destinations} destinations · {w.filter_matches} filter matches
            </p>
          </div>
        ))}
        <TimeChart
          title="Decisions per day (90 days)"
          data={chart}
          stacked
          series={[
            { label: 'allow', color: '#2f9e44' },
            { label: 'queue', color: '#e8a33d' },
            { label: 'deny', color: '#d9480f' },
          ]}
        />
      </section>
      <div class="grid">
        <RankTable title="Filters (matched / evaluated)" rows={filters} />
        <RankTable title="Destinations (calls / denied)" rows={destinations} />
        <RankTable title="Agents (calls / denied)" rows={llms} />
      </div>
    </>
  );
}

function RankTable({ title, rows }: { title: string; rows: Array<[string, number, number]> }) {
  return (
    <section class="card">
      <h3>{title}</h3>
      {rows.length === 0 ? <p class="muted">No data in the window.</p> : null}
      <table>
        <tbody>
          {rows.map(([name, a, b]) => (
            <tr key={name}>
              <th scope="row" class="mono">
                {name}
              </th>
              <td class="num">{a}</td>
              <td class="num">{b}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
