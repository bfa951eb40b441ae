import type { SqlValue } from '../../storage/types.ts';
import { ACTION_RULES, assertAccepts, type RouteAction } from './review-actions.ts';
import type { DigestStore, ItemRow } from './digest-store.ts';
import type { LearnedRules } from './learned-rules.ts';

export interface ReviewInput {
  notes?: string | undefined;
  /** Who acted: `dashboard`, `webhook:<reviewer>`, ... (stored as `reviewed_by` / `escalated_by`). */
  by: string;
}

/**
 * Applies one review action to an item, synchronously (call it inside a
 * transaction): checks the state table (409), writes the new state and, for
 * learn and allow-always, the learned rule. Returns the updated row.
 */
export function applyReview(
  store: DigestStore,
  rules: LearnedRules,
  row: ItemRow,
  action: RouteAction,
  input: ReviewInput,
  nowIso: string,
  newId: () => string,
): ItemRow {
  assertAccepts(action, row.id, row.status, row);
  const rule = ACTION_RULES[action];
  const notes = input.notes ?? null;
  const fields: Partial<Record<keyof ItemRow, SqlValue>> =
    rule.reviewAction === null
      ? { status: rule.next, escalated_at: nowIso, escalated_by: input.by, reviewer_notes: notes ?? row.reviewer_notes }
      : { status: rule.next, reviewed_at: nowIso, review_action: rule.reviewAction, reviewer_notes: notes, reviewed_by: input.by };
  store.update(row.id, fields);
  if (action === 'learn' || action === 'allow-always') {
    const exact = action === 'learn';
    rules.add({
      id: newId(),
      kind: exact ? 'exact' : 'pattern',
      key: exact ? row.exact_key : row.pattern_key,
      toolCallType: row.tool_call_type,
      pattern: exact ? `exact call of digest item ${row.id}` : row.rule_pattern,
      digestId: row.id,
      createdAt: nowIso,
    });
  }
  return { ...row, ...fields } as ItemRow;
}
