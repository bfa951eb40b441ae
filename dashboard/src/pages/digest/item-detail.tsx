import type { DigestItem } from '../../api/types.ts';
import { FilterResultsTable } from '../../components/filter-results-table.tsx';
import { callHeadline } from '../../../../core/audit/call-headline.ts';
import { formatScore, formatTime } from '../../components/format.ts';
import { REVIEW_ACTIONS, type ReviewRoute } from './review-actions.ts';

/** One digest item in full: breakdown, arguments, session, task context, and the review form. */
export function ItemDetail({
  item,
  notes,
  onNotes,
  onReview,
  busy,
}: {
  item: DigestItem;
  notes: string;
  onNotes: (notes: string) => void;
  onReview: (route: ReviewRoute) => void;
  busy: boolean;
}) {
  return (
    <div class="detail">
      {item.informational_only ? (
        <p class="note">Informational: the session already resolved this call itself; it is logged here for the record.</p>
      ) : null}
      <dl class="kv">
        <dt>Score</dt>
        <dd>
          <span class="mono score">{formatScore(item.composite_score)}</span>{' '}
          <span class={`pill ${item.severity}`}>{item.severity}</span>
        </dd>
        <dt>Call</dt>
        <dd>
          {item.tool_call_type} <span class="mono">{callHeadline(item.arguments_summary)}</span>
        </dd>
        <dt>Reason</dt>
        <dd>{item.decision_reason}</dd>
        <dt>Arguments</dt>
        <dd>
          <pre>{item.arguments_summary}</pre>
        </dd>
        <dt>Session</dt>
        <dd class="mono">{item.session_id}</dd>
        <dt>Plugin</dt>
        <dd class="mono">{item.plugin_id}</dd>
        <dt>Filed</dt>
        <dd>{formatTime(item.created_at)}</dd>
        <dt>Status</dt>
        <dd>
          {item.status}
          {item.escalated_by ? ` (escalated by ${item.escalated_by} at ${formatTime(item.escalated_at)})` : ''}
        </dd>
        <dt>Task context</dt>
        <dd>{item.task_context === null || item.task_context === undefined ? <span class="muted">none</span> : <pre>{JSON.stringify(item.task_context, null, 2)}</pre>}</dd>
      </dl>
      <h3>Filter breakdown</h3>
      <FilterResultsTable results={item.filter_breakdown} />
      <h3>Review</h3>
      <label class="block">
        Notes (optional, stored with the review)
        <textarea value={notes} maxLength={4096} rows={2} onInput={(event) => onNotes((event.currentTarget as HTMLTextAreaElement).value)} />
      </label>
      <div class="actions">
        {REVIEW_ACTIONS.map((action) => (
          <button
            key={action.route}
            type="button"
            class={action.tone}
            disabled={busy}
            aria-keyshortcuts={action.key ?? undefined}
            onClick={() => onReview(action.route)}
          >
            {action.label}
            {action.key ? <kbd>{action.key}</kbd> : null}
          </button>
        ))}
      </div>
    </div>
  );
}
