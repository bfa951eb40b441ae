/** Display helpers shared by the pages. */

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** Time only for today, else date and time: for dense tables. */
export function formatShortTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toDateString() === new Date().toDateString() ? date.toLocaleTimeString() : date.toLocaleString();
}

export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(2) : String(score);
}

/** `queue(High)` → `queue`, `deny(reason)` → `deny`. */
export function decisionKind(action: string): 'allow' | 'queue' | 'deny' | string {
  const open = action.indexOf('(');
  return open < 0 ? action : action.slice(0, open);
}

export function ppmToPercent(ppm: number): string {
  return `${(ppm / 10_000).toFixed(1)}%`;
}

export function shortId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : '—';
}
