import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../dashboard/src/api/client.ts';
import { explainReviewError } from '../../../dashboard/src/pages/digest/review-actions.ts';

describe('the digest page says what a refused review means', () => {
  it('a 409 ITEM_ALREADY_REVIEWED reads as who got there first', () => {
    const error = new ApiError(409, 'ITEM_ALREADY_REVIEWED', 'digest item x is already approved by dashboard', {
      current_status: 'approved',
      review_action: 'approve',
      reviewed_by: 'webhook:alice',
      reviewed_at: null,
    });
    expect(explainReviewError(error)).toBe('Someone got there first: this item was already approved by webhook:alice.');
  });

  it('a 409 ITEM_NOT_PENDING says the action needs a pending item', () => {
    const error = new ApiError(409, 'ITEM_NOT_PENDING', 'x', { current_status: 'escalated' });
    expect(explainReviewError(error)).toBe('This item is already escalated; that action needs a pending item.');
  });

  it('a 404 says the item is gone, anything else keeps its message and code', () => {
    expect(explainReviewError(new ApiError(404, 'NOT_FOUND', 'no item', {}))).toBe('This item no longer exists.');
    expect(explainReviewError(new ApiError(403, 'CSRF_REQUIRED', 'missing x-svc-csrf', {}))).toBe('missing x-svc-csrf (CSRF_REQUIRED)');
  });
});
