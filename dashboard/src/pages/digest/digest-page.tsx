import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../../api/client.ts';
import type { DigestItem, DigestList, ReviewEvent } from '../../api/types.ts';
import { useApi } from '../../api/use-api.ts';
import { callHeadline } from '../../../../core/audit/call-headline.ts';
import { ErrorNote } from '../../components/error-note.tsx';
import { formatScore, formatTime, shortId } from '../../components/format.ts';
import { useLiveEvents } from '../../live/live-store.ts';
import { ItemDetail } from './item-detail.tsx';
import { explainReviewError, isTyping, type ReviewRoute } from './review-actions.ts';

const OPEN = ['pending', 'escalated'];

function sortQueue(items: DigestItem[]): DigestItem[] {
  return [...items].sort((a, b) => b.composite_score - a.composite_score || a.created_at.localeCompare(b.created_at));
}

/** The open queue, highest score first, with one item's detail and every review action. */
export function DigestPage() {
  const list = useApi<DigestList>('/api/digest?limit=100');
  const [items, setItems] = useState<DigestItem[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const queueRef = useRef<HTMLUListElement>(null);

  // Live events may overtake the list request: keep what they said until the list has it.
  const liveQueued = useRef(new Map<string, DigestItem>());
  const liveResolved = useRef(new Set<string>());
  useEffect(() => {
    if (!list.data) return;
    const merged = new Map(list.data.items.map((i) => [i.id, i]));
    for (const [id, item] of liveQueued.current) {
      if (merged.has(id)) liveQueued.current.delete(id);
      else merged.set(id, item);
    }
    for (const id of liveResolved.current) merged.delete(id);
    setItems(sortQueue([...merged.values()]));
  }, [list.data]);
  useLiveEvents(['digest_queued', 'digest_reviewed', 'hello'], (event) => {
    if (event.type === 'hello') return list.reload();
    if (event.type === 'digest_queued') {
      const item = event.data as DigestItem;
      liveQueued.current.set(item.id, item);
      setItems((current) => sortQueue([...current.filter((i) => i.id !== item.id), item]));
      return;
    }
    const review = event.data as ReviewEvent;
    if (!OPEN.includes(review.status)) {
      liveQueued.current.delete(review.digest_id);
      liveResolved.current.add(review.digest_id);
      if (liveResolved.current.size > 1000) liveResolved.current.delete(liveResolved.current.values().next().value!);
    }
    setItems((current) =>
      OPEN.includes(review.status)
        ? current.map((i) => (i.id === review.digest_id ? { ...i, status: review.status, reviewer_notes: review.reviewer_notes } : i))
        : current.filter((i) => i.id !== review.digest_id),
    );
  });

  const selected = items.find((i) => i.id === selectedId) ?? items[0] ?? null;
  const index = selected ? items.indexOf(selected) : -1;

  async function review(route: ReviewRoute) {
    if (!selected || busy) return;
    setBusy(true);
    const body = notes.trim() === '' ? {} : { notes: notes.trim() };
    try {
      const result = await api<{ status: string; id: string; containment_released?: boolean }>('POST', `/api/digest/${encodeURIComponent(selected.id)}/${route}`, body);
      const released = result.containment_released === undefined ? '' : result.containment_released ? ' Containment released.' : ' The session was not contained.';
      setMessage({ text: `Item ${shortId(result.id)}: ${result.status}.${released}`, error: false });
      setNotes('');
      if (route !== 'escalate') {
        const next = items[index + 1] ?? items[index - 1] ?? null;
        setItems((current) => current.filter((i) => i.id !== selected.id));
        setSelectedId(next?.id ?? null);
      }
    } catch (error) {
      setMessage({ text: explainReviewError(error), error: true });
      list.reload();
    } finally {
      setBusy(false);
    }
  }

  async function clearAll() {
    if (!window.confirm('Expire every open item? Nothing is approved or run.')) return;
    try {
      const result = await api<{ cleared: number }>('POST', '/api/digest/clear-all');
      setMessage({ text: `Cleared ${result.cleared} item(s).`, error: false });
      setItems([]);
    } catch (error) {
      setMessage({ text: explainReviewError(error), error: true });
    }
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const down = event.key === 'j' || (event.key === 'ArrowDown' && event.target === queueRef.current);
      const up = event.key === 'k' || (event.key === 'ArrowUp' && event.target === queueRef.current);
      if (down && items.length > 0) setSelectedId(items[Math.min(index + 1, items.length - 1)]!.id);
      else if (up && items.length > 0) setSelectedId(items[Math.max(index - 1, 0)]!.id);
      else if (event.key === 'a') void review('approve');
      else if (event.key === 'd') void review('deny');
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div class="split">
      <section class="card" aria-labelledby="queue-title">
        <h2 id="queue-title">
          Open queue <span class="badge">{items.length}</span>
        </h2>
        <p class="muted">
          Keys: <kbd>j</kbd>/<kbd>k</kbd> (or arrows in the list) move, <kbd>a</kbd> approve, <kbd>d</kbd> deny.
        </p>
        <ErrorNote error={list.error} />
        {items.length === 0 && !list.loading ? <p class="muted">Nothing waits for review.</p> : null}
        <ul ref={queueRef} tabIndex={0} class="queue" role="listbox" aria-label="Open digest items" aria-activedescendant={selected ? `item-${selected.id}` : undefined}>
          {items.map((item) => (
            <li
              key={item.id}
              id={`item-${item.id}`}
              role="option"
              aria-selected={item === selected}
              class={item === selected ? 'selected' : ''}
              onClick={() => setSelectedId(item.id)}
            >
              <span class="mono score">{formatScore(item.composite_score)}</span> <span>{item.tool_call_type}</span>
              {item.status === 'escalated' ? <span class="pill queue"> escalated</span> : null}
              {item.informational_only ? <span class="pill info"> informational</span> : null}
              <br />
              <span class="mono trunc" title={item.arguments_summary}>{callHeadline(item.arguments_summary)}</span>
              <br />
              <span class="muted small">{formatTime(item.created_at)}</span>
            </li>
          ))}
        </ul>
        {items.length > 0 ? (
          <button type="button" class="danger" onClick={clearAll}>
            Clear all…
          </button>
        ) : null}
      </section>
      <section class="card" aria-labelledby="detail-title">
        <h2 id="detail-title">Item</h2>
        {message ? (
          <p class={message.error ? 'error' : 'ok'} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
        {selected ? (
          <ItemDetail item={selected} notes={notes} onNotes={setNotes} onReview={review} busy={busy} />
        ) : (
          <p class="muted">Select an item.</p>
        )}
      </section>
    </div>
  );
}
