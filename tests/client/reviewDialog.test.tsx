import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReviewDialog } from '../../src/client/features/booking/BookingActions';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import type { BookingWire } from '../../src/shared/schemas/bookings';
import { REVIEW_MAX_LENGTH, type ReviewWire } from '../../src/shared/schemas/reviews';
import { mswTrpc, Refusal, renderApp } from './mswTrpc';

/*
 * The review dialog on react-hook-form with the shared review schema, against a fake /trpc (msw):
 * a wrong rating or comment is refused under its field before anything is sent, and a server
 * refusal that names a field lands under that field.
 */
const api = mswTrpc();
beforeAll(api.listen);
afterEach(() => {
  cleanup();
  api.reset();
  toast.clear();
});
afterAll(api.close);

const BOOKING = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const REVIEW = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const booking = { _id: BOOKING, salonName: 'Glow Studio', bookingDate: '2026-10-01' } as BookingWire;
/** The review as the server answers it, saved with this rating and comment. */
const saved = (rating: number, comment: string): { review: ReviewWire } => ({
  review: {
    _id: REVIEW,
    bookingId: BOOKING,
    merchantId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    salonName: 'Glow Studio',
    customerId: { _id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', firstName: 'Asha', lastName: 'Rao', avatar: null },
    userName: 'Asha Rao',
    comment,
    rating,
    createdAt: '2026-10-01T12:00:00.000Z',
    updatedAt: '2026-10-01T12:00:00.000Z',
    response: null,
  },
});
const toasts = () => appStore.get(toastsAtom).map((t) => t.message);
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));
const comment = (text: string) => fireEvent.input(screen.getByTestId('review-comment'), { target: { value: text } });
const errorText = (testId: string) => screen.queryByTestId(testId)?.textContent ?? null;

function open(existing?: { _id: string; rating: number; comment: string }) {
  const onReviewed = vi.fn();
  const onClose = vi.fn();
  renderApp(<ReviewDialog booking={existing ? null : booking} existing={existing} onClose={onClose} onReviewed={onReviewed} />);
  return { onReviewed, onClose };
}

describe('ReviewDialog', () => {
  it('asks for a rating first, clears the prompt as soon as a star is picked, then sends the review', async () => {
    api.answer({ 'reviewRoutes.createReview': () => saved(4, 'Lovely haircut.') });
    const { onReviewed, onClose } = open();
    await click('review-submit');
    expect(errorText('review-rating-error')).toBe('Please choose a rating from 1 to 5 stars.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByTestId('review-star-1'));
    expect(api.calls).toEqual([]);

    await click('review-star-4');
    expect(errorText('review-rating-error')).toBeNull();
    comment('  Lovely haircut.  ');
    await click('review-submit');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The schema's output: the comment trimmed.
    expect(api.sent('reviewRoutes.createReview')).toEqual([{ bookingId: BOOKING, rating: 4, comment: 'Lovely haircut.' }]);
    expect(onReviewed).toHaveBeenCalledWith(BOOKING);
    expect(toasts()).toEqual(['Thanks for your review!']);
  });

  it('refuses a comment over the limit under the comment, with the shared schema’s words', async () => {
    open();
    await click('review-star-5');
    comment('x'.repeat(REVIEW_MAX_LENGTH + 1));
    await click('review-submit');
    expect(errorText('review-comment-error')).toBe(`Keep the comment under ${REVIEW_MAX_LENGTH} characters.`);
    expect(screen.getByTestId('review-comment').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('puts the server’s refusal of the comment under the comment, and keeps the dialog open', async () => {
    api.answer({
      'reviewRoutes.createReview': () => new Refusal('comment: links are not allowed in a review', 'comment'),
    });
    const { onClose } = open();
    await click('review-star-3');
    comment('See www.example.com');
    await click('review-submit');
    await waitFor(() => expect(errorText('review-comment-error')).toBe('Links are not allowed in a review'));
    expect(document.activeElement).toBe(screen.getByTestId('review-comment'));
    expect(screen.queryByTestId('review-error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.sent('reviewRoutes.createReview')).toHaveLength(1);

    // Editing the comment re-checks it: the server's word about the old text goes.
    comment('Lovely haircut.');
    await waitFor(() => expect(errorText('review-comment-error')).toBeNull());
  });

  it('shows a refusal about no field of the form as the dialog’s error', async () => {
    api.answer({
      'reviewRoutes.createReview': () => new Refusal('You have already reviewed this booking.', null, 409),
    });
    const { onReviewed } = open();
    await click('review-star-5');
    await click('review-submit');
    await waitFor(() => expect(errorText('review-error')).toBe('You have already reviewed this booking.'));
    // Reviewed from another tab: the booking shows its review.
    expect(onReviewed).toHaveBeenCalledWith(BOOKING);
    // A new pick is a new answer: the stale refusal goes.
    await click('review-star-4');
    expect(errorText('review-error')).toBeNull();
  });

  it('edits an existing review from what it says now', async () => {
    api.answer({ 'reviewRoutes.updateReview': () => saved(4, 'Slow.') });
    const { onClose } = open({ _id: REVIEW, rating: 2, comment: 'Slow.' });
    expect(screen.getByTestId('review-star-2').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('review-comment') as HTMLTextAreaElement).value).toBe('Slow.');
    await click('review-star-4');
    await click('review-submit');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('reviewRoutes.updateReview')).toEqual([{ reviewId: REVIEW, rating: 4, comment: 'Slow.' }]);
    expect(toasts()).toEqual(['Your review is updated.']);
  });
});
