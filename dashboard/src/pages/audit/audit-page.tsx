import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.ts';
import type { AuditRecord } from '../../api/types.ts';
import { throttle } from '../../api/use-api.ts';
import { callHeadline } from '../../../../core/audit/call-headline.ts';
import { ErrorNote } from '../../components/error-note.tsx';
import { decisionKind, formatScore, formatShortTime, shortId } from '../../components/format.ts';
import { useLiveEvents } from '../../live/live-store.ts';
import { AuditSide } from './audit-side.tsx';
import { scanAudit, type AuditFilters, type ScanResult } from './audit-scan.ts';
import { RecordDetail } from './record-detail.tsx';

const PAGE = 20;
const TYPES = ['FileRead', 'FileWrite', 'ShellExec', 'ProcessSpawn', 'HttpRequest', 'NetConnect', 'DnsQuery', 'McpToolCall'];
const EMPTY: AuditFilters = { decision: '', type: '', date: '', session: '', include: 'full' };

/** Paged audit records with filters, one record's detail, summaries, exfil stats, export and chain status. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const [cursor, setCursor] = useState<number[]>([0]);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [selected, setSelected] = useState<AuditRecord | null>(null);
  const [tick, setTick] = useState(0);
  const from = cursor[cursor.length - 1]!;

  useEffect(() => {
    let cancelled = false;
    scanAudit(filters, from, PAGE).then(
      (page) => {
        if (cancelled) return;
        setResult(page);
        setError(null);
      },
      (failure: unknown) => !cancelled && setError(failure),
    );
    return () => {
      cancelled = true;
    };
  }, [filters, from, tick]);
  const [refresh] = useState(() => throttle(() => setTick((n) => n + 1), 2000));
  useLiveEvents(['proxy_evaluation'], () => {
    if (from === 0) refresh();
  });

  const sessionValid = draft.session === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(draft.session);
  const page = cursor.length;

  return (
    <div class="split wide-left">
      <div>
        <section class="card" aria-labelledby="records-title">
          <h2 id="records-title">Records</h2>
          <form
            class="filters"
            onSubmit={(event) => {
              event.preventDefault();
              if (!sessionValid) return;
              setFilters(draft);
              setCursor([0]);
              setSelected(null);
            }}
          >
            <label>
              Decision
              <select value={draft.decision} onChange={(e) => setDraft({ ...draft, decision: (e.currentTarget as HTMLSelectElement).value })}>
                <option value="">any</option>
                <option value="allow">allow</option>
                <option value="queue">queue</option>
                <option value="deny">deny</option>
              </select>
            </label>
            <label>
              Type
              <select value={draft.type} onChange={(e) => setDraft({ ...draft, type: (e.currentTarget as HTMLSelectElement).value })}>
                <option value="">any</option>
                {TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Date (UTC)
              <input type="date" value={draft.date} onInput={(e) => setDraft({ ...draft, date: (e.currentTarget as HTMLInputElement).value })} />
            </label>
            <label>
              Session id
              <input
                type="text"
                value={draft.session}
                placeholder="UUID"
                aria-invalid={!sessionValid}
                onInput={(e) => setDraft({ ...draft, session: (e.currentTarget as HTMLInputElement).value.trim() })}
              />
            </label>
            <label>
              <input
                type="checkbox"
                checked={draft.include === 'all'}
                onChange={(e) => setDraft({ ...draft, include: (e.currentTarget as HTMLInputElement).checked ? 'all' : 'full' })}
              />{' '}
              include short-circuit rows
            </label>
            <button type="submit" class="primary">
              Apply
            </button>
            {!sessionValid ? <span class="error">A session id is a UUID.</span> : null}
          </form>
          <ChainError error={error} />
          {result ? (
            <>
              <table class="records">
                <caption>
                  Page {page}
                  {filters.decision || filters.type || filters.date ? ` · ${result.records.length} matching of ${result.scanned} read` : ` · ${result.total} records`}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Decision</th>
                    <th scope="col">Score</th>
                    <th scope="col">Type</th>
                    <th scope="col">Session</th>
                    <th scope="col">Arguments</th>
                  </tr>
                </thead>
                <tbody>
                  {result.records.map((record) => (
                    <tr key={record.id} class={selected?.id === record.id ? 'selected' : ''}>
                      <td>
                        <button type="button" class="link" onClick={() => setSelected(record)} aria-label={`Show record ${shortId(record.id)}`}>
                          {formatShortTime(record.timestamp)}
                        </button>
                      </td>
                      <td>
                        <span class={`pill ${decisionKind(record.proxy_action)}`}>{decisionKind(record.proxy_action)}</span>
                      </td>
                      <td class="num">{formatScore(record.composite_score)}</td>
                      <td>{record.tool_call_type}</td>
                      <td class="mono">{shortId(record.session_id)}</td>
                      <td class="mono trunc" title={record.arguments_summary}>{callHeadline(record.arguments_summary)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {result.records.length === 0 ? <p class="muted">No records match.</p> : null}
              <div class="pager">
                <button type="button" disabled={cursor.length <= 1} onClick={() => setCursor(cursor.slice(0, -1))}>
                  Newer
                </button>
                <button type="button" disabled={result.next === null} onClick={() => result.next !== null && setCursor([...cursor, result.next])}>
                  Older
                </button>
              </div>
            </>
          ) : null}
        </section>
        {selected ? <RecordDetail record={selected} onClose={() => setSelected(null)} /> : null}
      </div>
      <AuditSide />
    </div>
  );
}

/** Chain errors (500 AUDIT_CHAIN_BROKEN, ...) said as what they mean. */
export function ChainError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code.startsWith('AUDIT_CHAIN')) {
    return (
      <p class="error" role="alert">
        The audit chain does not verify: {error.message} ({error.code}). Nothing is repaired automatically.
      </p>
    );
  }
  return <ErrorNote error={error} />;
}
