import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelBookingDialog, DeleteReviewDialog, DisputeNoShowDialog } from '../../src/client/features/booking/BookingActions';
import { CategoriesModal } from '../../src/client/features/shop/CategoriesModal';
import { RespondModal } from '../../src/client/features/shop/RespondModal';
import { appStore, sessionAtom } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import type { BookingWire } from '../../src/shared/schemas/bookings';
import type { ReviewWire } from '../../src/shared/schemas/reviews';
import { renderWithTrpc } from './trpcStub';

afterEach(() => {
  cleanup();
  toast.clear();
});

/*
 * Screens whose mutation results (toast, refreshed queries) are declared as meta and carried out
 * by the app's MutationCache: the same toasts and refreshes as when each screen did them by hand.
 */

const BOOKING = '22222222-2222-4222-8222-222222222222';
const REVIEW = '33333333-3333-4333-8333-333333333333';
const CUSTOMER = '44444444-4444-4444-8444-444444444444';
const toasts = () => appStore.get(toastsAtom).map((t) => ({ kind: t.kind, message: t.message }));
const click = (el: HTMLElement) => act(async () => fireEvent.click(el));
/** The query keys a screen's mutation refreshed, as tRPC paths ('users.getWallet'). */
function refreshed(queryClient: { invalidateQueries: (...args: never[]) => unknown }) {
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  return () => spy.mock.calls.map(([filters]) => ((filters as { queryKey: string[][] }).queryKey[0] ?? []).join('.'));
}

const booking = {
  _id: BOOKING,
  salonName: 'Glow Studio',
  bookingDate: '2026-12-01',
  bookingTime: '10:00 AM',
  startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  paymentMethod: 'wallet',
  amountPaid: 500,
} as BookingWire;

describe('a customer’s booking actions', () => {
  it('cancelling toasts the refund and refreshes the bookings, the wallet and the booking', async () => {
    const { queryClient } = renderWithTrpc(<CancelBookingDialog booking={booking} onClose={() => undefined} />, {
      'users.cancelBooking': () => ({ data: { success: true, refundPercent: 100, refundAmount: 500, walletCredit: 500 } }),
    });
    const keys = refreshed(queryClient);
    await click(screen.getByTestId('cancel-confirm'));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        kind: 'success',
        message: expect.stringMatching(/^Booking cancelled\. ₹\s?500(\.00)? \(100%\) is back in your wallet\.$/),
      }),
    );
    expect(keys()).toEqual(expect.arrayContaining(['users.getAllBookings', 'users.getWallet', 'users.getBookingById']));
  });

  it('a refused cancellation stays in the dialog, in the server’s words, with no toast', async () => {
    const onClose = vi.fn();
    renderWithTrpc(<CancelBookingDialog booking={booking} onClose={onClose} />, {
      'users.cancelBooking': () => {
        throw TRPCClientError.from({
          error: { message: 'This booking has already started', code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST' } },
        });
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await click(screen.getByTestId('cancel-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('This booking has already started');
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('deleting a review toasts; a failure toasts the reason and keeps the dialog', async () => {
    const onDeleted = vi.fn();
    let fail = true;
    renderWithTrpc(
      <DeleteReviewDialog review={{ _id: BOOKING, rating: 4, comment: '' }} onClose={() => undefined} onDeleted={onDeleted} />,
      {
        'reviewRoutes.deleteReview': () => {
          if (fail) throw new Error('Failed to fetch');
          return { message: 'Review deleted.' };
        },
      },
    );
    await click(screen.getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(toasts()).toContainEqual({ kind: 'error', message: 'Could not delete your review. Please try again.' }));
    expect(onDeleted).not.toHaveBeenCalled();
    fail = false;
    await click(screen.getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(toasts()).toContainEqual({ kind: 'success', message: 'Your review is deleted.' });
  });

  it('a no-show dispute toasts the server’s answer and refreshes the bookings', async () => {
    const onClose = vi.fn();
    const { queryClient, calls } = renderWithTrpc(
      <DisputeNoShowDialog booking={{ ...booking, status: 'no_show' } as BookingWire} onClose={onClose} />,
      {
        'users.disputeNoShow': () => ({ success: true, message: 'Sent to GlowBook support. We answer by e-mail within one working day.' }),
      },
    );
    const keys = refreshed(queryClient);
    fireEvent.change(screen.getByTestId('dispute-message'), { target: { value: 'Too short' } });
    await click(screen.getByTestId('dispute-submit'));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('Tell us what happened (at least 10 characters).');
    fireEvent.change(screen.getByTestId('dispute-message'), { target: { value: 'I arrived at 10:55 and waited.' } });
    await click(screen.getByTestId('dispute-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts()).toContainEqual({ kind: 'success', message: 'Sent to GlowBook support. We answer by e-mail within one working day.' });
    expect(keys()).toContain('users.getAllBookings');
    // The booking is the dialog's own: sent with the text, never a form field an error could hide on.
    expect(calls[0].input).toEqual({ bookingId: BOOKING, message: 'I arrived at 10:55 and waited.' });
  });
});

describe('Respond to Review', () => {
  it('sends the review and the text even without a salon id in the session, and shows a refusal by the text', async () => {
    const review = {
      _id: REVIEW,
      customerId: { _id: CUSTOMER },
      userName: 'Asha',
      rating: 4,
      comment: 'Lovely',
      response: null,
    } as unknown as ReviewWire;
    const { calls } = renderWithTrpc(<RespondModal review={review} merchantId={null} onClose={() => undefined} />, {
      'reviewRoutes.respondToReviewByMerchant': () => {
        throw TRPCClientError.from({
          error: { message: 'This review already has a response', code: -32600, data: { httpStatus: 409, code: 'CONFLICT' } },
        });
      },
    });
    fireEvent.change(screen.getByLabelText('Your response'), { target: { value: 'Thank you, Asha!' } });
    await click(screen.getByTestId('submit-response'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toEqual({ reviewId: REVIEW, customerId: CUSTOMER, responseText: 'Thank you, Asha!' });
    await waitFor(() => expect(screen.getByText('This review already has a response')).toBeTruthy());
  });
});

describe('Manage Categories', () => {
  it('adds the picked categories, toasts and refreshes the salon’s list; then nothing new is picked', async () => {
    appStore.set(sessionAtom, { ...appStore.get(sessionAtom), shopType: ['salon'] } as never);
    const catalogue = {
      data: [{ _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Hair', shopCategory: ['salon'], image: null, icon: null, sortOrder: 0 }],
    };
    const onClose = vi.fn();
    const handlers = {
      'categories.getSpecificCategoryToSelect': () => catalogue,
      'categories.selectCategoriesByMarchent': () => ({ message: 'Added', selectedCategories: [] }),
    };
    const { queryClient, calls } = renderWithTrpc(<CategoriesModal onClose={onClose} merchantId={null} selected={[]} />, handlers);
    const keys = refreshed(queryClient);
    await click(await screen.findByText('Hair'));
    await click(screen.getByTestId('categories-add'));
    await waitFor(() => expect(toasts()).toContainEqual({ kind: 'success', message: 'Selected categories added successfully.' }));
    expect(calls.filter((c) => c.path === 'categories.selectCategoriesByMarchent').map((c) => c.input)).toEqual([
      { selectedCategories: ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'] },
    ]);
    expect(keys()).toContain('categories.getMerchantSelectedCategories');
    // Added: nothing new is picked any more.
    await click(screen.getByTestId('categories-add'));
    expect(toasts()).toContainEqual({ kind: 'info', message: 'No new categories selected.' });
  });
});
