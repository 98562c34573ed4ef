import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingWire } from '../../src/shared/schemas/bookings';

const createReview = vi.fn(async (_input: unknown) => ({ data: {} }));

// The dialog needs only the review mutation; the real client module pulls in the whole app.
vi.mock('../../src/client/trpc', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return {
    trpc: {
      reviewRoutes: {
        createReview: { useMutation: (opts?: object) => useMutation({ mutationFn: createReview, ...opts }) },
        // Editing an existing review: not exercised here (the booking has none).
        updateReview: { useMutation: (opts?: object) => useMutation({ mutationFn: vi.fn(), ...opts }) },
      },
    },
    errorMessage: (_err: unknown, fallback: string) => fallback,
    httpStatusOf: () => undefined,
  };
});

const { ReviewDialog } = await import('../../src/client/features/booking/BookingActions');

afterEach(cleanup);

const booking = { _id: 'b1', salonName: 'Glow Studio', bookingDate: '2026-10-01' } as BookingWire;

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewDialog booking={booking} onClose={() => undefined} onReviewed={() => undefined} />
    </QueryClientProvider>,
  );
}

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe('ReviewDialog', () => {
  it('clears the "choose a rating" error as soon as a star is picked', async () => {
    renderDialog();
    await act(async () => fireEvent.click(screen.getByTestId('review-submit')));
    expect(alertText()).toBe('Please choose a rating from 1 to 5 stars.');
    expect(createReview).not.toHaveBeenCalled();

    act(() => fireEvent.click(screen.getByTestId('review-star-4')));
    expect(alertText()).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('review-submit')));
    expect(createReview).toHaveBeenCalledWith(expect.objectContaining({ bookingId: 'b1', rating: 4 }), expect.anything());
  });
});
