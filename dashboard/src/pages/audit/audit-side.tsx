import { useState } from 'preact/hooks';
import { ApiError, apiText, describeError } from '../../api/client.ts';
import { useApi } from '../../api/use-api.ts';
import { useRouteExists } from '../../api/use-route.ts';
import { ErrorNote } from '../../components/error-note.tsx';
import { formatTime } from '../../components/format.ts';

interface Summary {
  window: string;
  since: string | null;
  total: number;
  allow: number;
  queue: number;
  deny: number;
}

interface ExfilStats {
  total_blocked: number;
  total_queued: number;
  total_redacted: number;
  by_protocol: Record<string, number>;
  top_blocked_destinations: Array<{ domain: string; count: number }>;
}

interface Checkpoint {
  sequence: number;
  hash: string;
  at: string;
  public_key: string;
  signature: string;
}

/** Summaries, exfiltration stats, export, chain status and the signed checkpoint. */
export function AuditSide() {
  const [window, setWindow] = useState('7d');
  const summary = useApi<Summary>(`/api/audit/summary?window=${window}`);
  const exfil = useApi<ExfilStats>('/api/audit/exfil-stats');
  const free = useApi<{ chain_health: string }>('/api/analytics/v2/free');
  const hasCheckpoint = useRouteExists('/api/audit/checkpoint');
  const checkpoint = useApi<Checkpoint>(hasCheckpoint ? '/api/audit/checkpoint' : null);
  return (
    <div>
      <section class="card" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        <label>
          Window{' '}
          <select value={window} onChange={(e) => setWindow((e.currentTarget as HTMLSelectElement).value)}>
            <option value="today">today (UTC)</option>
            <option value="7d">7 days</option>
            <option value="30d">30 days</option>
            <option value="all">all</option>
          </select>
        </label>
        <ErrorNote error={summary.error} />
        {summary.data ? (
          <p>
            {summary.data.total} decisions{summary.data.since ? ` since ${formatTime(summary.data.since)}` : ''}: <span class="pill allow">{summary.data.allow} allow</span>{' '}
            <span class="pill queue">{summary.data.queue} queue</span> <span class="pill deny">{summary.data.deny} deny</span>
          </p>
        ) : null}
      </section>
      <section class="card" aria-labelledby="chain-title">
        <h2 id="chain-title">Chain</h2>
        {free.data ? (
          <p>
            Chain health <span class={`pill chain-${free.data.chain_health}`}>{free.data.chain_health}</span>
          </p>
        ) : (
          <ErrorNote error={free.error} />
        )}
        {hasCheckpoint === false ? <p class="muted">This daemon does not sign checkpoints yet.</p> : <CheckpointView data={checkpoint.data} error={checkpoint.error} />}
      </section>
      <section class="card" aria-labelledby="exfil-title">
        <h2 id="exfil-title">Exfiltration (last 500 records)</h2>
        <ErrorNote error={exfil.error} />
        {exfil.data ? (
          <>
            <p>
              {exfil.data.total_blocked} blocked · {exfil.data.total_queued} queued · {exfil.data.total_redacted} redacted
            </p>
            <p class="muted">
              By protocol:{' '}
              {Object.entries(exfil.data.by_protocol).map(([name, count]) => `${name} ${count}`).join(', ') || 'none'}
            </p>
            <ol>
              {exfil.data.top_blocked_destinations.map((d) => (
                <li key={d.domain}>
                  <span class="mono">{d.domain}</span> — {d.count}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
      <ExportForm />
    </div>
  );
}

function CheckpointView({ data, error }: { data: Checkpoint | null; error: unknown }) {
  if (data) {
    return (
      <dl class="kv small">
        <dt>Signed checkpoint</dt>
        <dd>
          sequence {data.sequence} at {formatTime(data.at)}
        </dd>
        <dt>Head hash</dt>
        <dd class="mono wrap">{data.hash}</dd>
        <dt>Public key</dt>
        <dd class="mono wrap">{data.public_key}</dd>
        <dt>Signature</dt>
        <dd class="mono wrap">{data.signature}</dd>
      </dl>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <p class="muted">No signed checkpoint yet: {error.message}</p>;
  return <ErrorNote error={error} />;
}

function ExportForm() {
  const [format, setFormat] = useState<'json' | 'csv'>('json');
  const [includeCold, setIncludeCold] = useState(false);
  const [limit, setLimit] = useState('1000');
  const [fromDate, setFromDate] = useState('');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  async function download(event: Event) {
    event.preventDefault();
    const params = new URLSearchParams({ format, include_cold: String(includeCold), limit });
    if (fromDate) params.set('from_date', fromDate);
    try {
      const text = await apiText(`/api/audit/export?${params}`);
      const blob = new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `svc-audit-${new Date().toISOString().slice(0, 10)}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setStatus({ text: `Exported ${blob.size} bytes.`, error: false });
    } catch (error) {
      setStatus({ text: describeError(error), error: true });
    }
  }

  return (
    <section class="card" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <form class="stack" onSubmit={download}>
        <label>
          Format{' '}
          <select value={format} onChange={(e) => setFormat((e.currentTarget as HTMLSelectElement).value as 'json' | 'csv')}>
            <option value="json">JSON</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <label>
          Records (at most){' '}
          <input type="number" min={1} value={limit} onInput={(e) => setLimit((e.currentTarget as HTMLInputElement).value)} />
        </label>
        <label>
          <input type="checkbox" checked={includeCold} onChange={(e) => setIncludeCold((e.currentTarget as HTMLInputElement).checked)} /> include
          cold archives
        </label>
        <label>
          Archives from (UTC){' '}
          <input type="date" value={fromDate} onInput={(e) => setFromDate((e.currentTarget as HTMLInputElement).value)} />
        </label>
        <button type="submit">Download</button>
      </form>
      {status ? (
        <p class={status.error ? 'error' : 'ok'} role="status">
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
