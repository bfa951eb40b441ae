import type { Freshness } from '../api/types.ts';
import { formatTime } from './format.ts';

/** How current the analytics rollups are (the payload's freshness block). */
export function FreshnessNote({ freshness }: { freshness: Freshness }) {
  const behind = freshness.dirty_day_count > 0 || freshness.rebuilding;
  return (
    <p class={behind ? 'note warn' : 'note'} aria-live="polite">
      Data through {freshness.materialized_through_at ? formatTime(freshness.materialized_through_at) : 'no record yet'} (sequence{' '}
      {freshness.materialized_through_sequence}).{' '}
      {freshness.rebuilding ? 'Rebuilding now. ' : ''}
      {freshness.dirty_day_count > 0 ? `${freshness.dirty_day_count} day(s) still to catch up. ` : 'Up to date. '}
      {freshness.gap_count > 0 ? `${freshness.gap_count} gap(s) in the projected sequence.` : ''}
    </p>
  );
}
