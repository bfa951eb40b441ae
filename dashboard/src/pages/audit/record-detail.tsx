import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import type { AuditRecord } from '../../api/types.ts';
import { ErrorNote } from '../../components/error-note.tsx';
import { FilterResultsTable } from '../../components/filter-results-table.tsx';
import { formatScore, formatTime } from '../../components/format.ts';

const SHOWN = ['id', 'timestamp', 'proxy_action', 'composite_score', 'tool_call_type', 'session_id', 'plugin_id', 'source', 'evaluation_time_ms', 'arguments_hash', 'supervised_tool', 'supervised_pid', 'project_name'];

/** One audit record as GET /api/audit/{id} answers it. */
export function RecordDetail({ record, onClose }: { record: AuditRecord; onClose: () => void }) {
  const [full, setFull] = useState<AuditRecord>(record);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setFull(record);
    api<AuditRecord>('GET', `/api/audit/${encodeURIComponent(record.id)}`).then(setFull, setError);
  }, [record.id]);
  return (
    <section class="card" aria-labelledby="record-title">
      <h2 id="record-title">
        Record <span class="mono">{full.id}</span>
      </h2>
      <button type="button" onClick={onClose}>
        Close
      </button>
      <ErrorNote error={error} />
      <dl class="kv">
        {SHOWN.filter((key) => full[key] !== undefined && full[key] !== null).map((key) => (
          <>
            <dt key={`k-${key}`}>{key}</dt>
            <dd key={`v-${key}`} class="mono">
              {key === 'timestamp' ? formatTime(String(full[key])) : key === 'composite_score' ? formatScore(full.composite_score) : String(full[key])}
            </dd>
          </>
        ))}
        <dt>arguments_summary</dt>
        <dd>
          <pre>{full.arguments_summary}</pre>
        </dd>
      </dl>
      <h3>Filter results</h3>
      <FilterResultsTable results={full.filter_results ?? []} />
    </section>
  );
}
