import { cleanup, screen, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RescheduleDialog } from '../../src/client/features/booking/BookingActions';
import Bookings from '../../src/client/pages/customer/Bookings';
import { readSessionFromStorage, sessionAtom } from '../../src/client/state/session';
import type { BookingWire } from '../../src/shared/schemas/bookings';
import { renderWithTrpc } from './trpcStub';

const CUSTOMER = '33333333-3333-4333-8333-333333333333';

/** A booking three days from now (the salon's clock: India), movable and cancellable. */
function booking(id: string, over: Partial<BookingWire> & { salonBookable?: boolean } = {}): BookingWire & { salonBookable?: boolean } {
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    startsAt,
  );
  return {
    _id: id,
    userId: CUSTOMER,
    merchantId: '44444444-4444-4444-8444-444444444444',
    staffId: '55555555-5555-4555-8555-555555555555',
    salonName: `Salon ${id.slice(0, 4)}`,
    salonImage: null,
    shop_Images: [],
    address: '12 FC Road, Pune',
    timeZone: 'Asia/Kolkata',
    bookingDate: date,
    bookingTime: '12:00 PM',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
    status: 'upcoming',
    subtotal: 500,
    discount: 0,
    totalPrice: 500,
    totalDuration: 30,
    couponCode: null,
    professional: { _id: '55555555-5555-4555-8555-555555555555', name: 'Rutuja Patil', role: 'Stylist', image: null, specialization: [] },
    services: [{ _id: '66666666-6666-4666-8666-666666666666', serviceName: "Men's Haircut", duration: 30, price: 500 }],
    userDetails: { firstName: 'Tanvi', lastName: 'Deshpande', email: 'tanvi@example.in', phone: null, profileImage: null },
    deskConfirmation: null,
    qrCodeImage: null,
    scanned: false,
    scannedAt: null,
    paymentReceived: false,
    paymentMethod: 'pay_at_salon',
    amountPaid: 0,
    cancellationReason: null,
    cancelledBy: null,
    cancelledAt: null,
    refundPercent: null,
    refundAmount: null,
    completedAt: null,
    noShowAt: null,
    noShowDispute: null,
    commission: null,
    merchantEarning: null,
    rating: 4.5,
    reviewCount: 10,
    reviewed: false,
    review: null,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

const UNPUBLISHED = '77777777-7777-4777-8777-777777777777';
const LIVE = '88888888-8888-4888-8888-888888888888';
const OLDER_SERVER = '99999999-9999-4999-8999-999999999999';

beforeEach(() => {
  getDefaultStore().set(sessionAtom, {
    ...readSessionFromStorage(),
    token: 'token',
    userType: 'customer',
    userRole: 'customer',
    userId: CUSTOMER,
  });
});
afterEach(() => {
  cleanup();
  getDefaultStore().set(sessionAtom, readSessionFromStorage());
});

describe('My Bookings: a salon that is not taking online bookings', () => {
  it('offers no Reschedule on its booking and says why; Cancel stays', async () => {
    renderWithTrpc(<Bookings />, {
      'users.getAllBookings': () => ({
        data: {
          bookings: [booking(UNPUBLISHED, { salonBookable: false }), booking(LIVE, { salonBookable: true }), booking(OLDER_SERVER)],
          paging: { page: 1, limit: 100, total: 3, hasMore: false },
        },
      }),
    });
    const cards = await screen.findAllByTestId('booking-card');
    const card = (id: string) => cards.find((c) => c.getAttribute('data-booking-id') === id)!;

    const stranded = card(UNPUBLISHED);
    expect(within(stranded).queryByTestId('reschedule-booking')).toBeNull();
    expect(within(stranded).getByTestId('salon-not-bookable').textContent).toBe(
      'This salon is not taking online bookings right now; you can still cancel.',
    );
    expect(within(stranded).getByTestId('cancel-booking')).toBeTruthy();

    // A bookable salon, and an answer without the flag (treated as bookable), keep Reschedule.
    for (const id of [LIVE, OLDER_SERVER]) {
      expect(within(card(id)).getByTestId('reschedule-booking')).toBeTruthy();
      expect(within(card(id)).queryByTestId('salon-not-bookable')).toBeNull();
    }
  });

  it('the Reschedule dialog, if opened anyway, asks for no times and moves nothing', () => {
    const { calls } = renderWithTrpc(
      <RescheduleDialog booking={booking(UNPUBLISHED, { salonBookable: false })} onClose={() => undefined} />,
      {},
    );
    expect(screen.getByTestId('reschedule-dialog').textContent).toContain(
      'This salon is not taking online bookings right now, so this booking cannot be moved online. You can still cancel it.',
    );
    expect((screen.getByTestId('reschedule-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('the Reschedule picker asks for times around the booking being moved and does not offer its own time', async () => {
    const b = booking(LIVE, { salonBookable: true });
    const { calls } = renderWithTrpc(<RescheduleDialog booking={b} onClose={() => undefined} />, {
      'users.getAvailableSlots': () => ({
        data: {
          date: b.bookingDate,
          timeZone: 'Asia/Kolkata',
          totalDuration: 30,
          totalPrice: 500,
          slots: ['11:45 AM', '12:00 PM', '12:15 PM'].map((time) => ({ time, staffIds: [b.staffId] })),
        },
      }),
    });
    const slots = await screen.findAllByTestId('reschedule-slot');
    expect(slots.map((el) => el.getAttribute('data-time'))).toEqual(['11:45 AM', '12:15 PM']);
    expect(JSON.stringify(calls)).toContain(b._id);
  });
});

describe('My Bookings: more than a page', () => {
  it('shows the first page, says how many there are, and loads the next page on "Load more"', async () => {
    const ids = Array.from({ length: 3 }, (_, i) => `7777777${i}-7777-4777-8777-777777777777`);
    const { calls } = renderWithTrpc(<Bookings />, {
      'users.getAllBookings': (input) => {
        const { page = 1 } = (input ?? {}) as { page?: number };
        return {
          data: {
            bookings: page === 1 ? [booking(ids[0]), booking(ids[1])] : [booking(ids[2])],
            paging: { page, limit: 100, total: 102, hasMore: page === 1 },
          },
        };
      },
    });
    expect(await screen.findAllByTestId('booking-card')).toHaveLength(2);
    expect(screen.getByTestId('bookings-paging').textContent).toContain('Showing 2 of 102 bookings');
    screen.getByTestId('bookings-load-more').click();
    await screen.findByText(/Showing 3 of 102 bookings/);
    expect(screen.getAllByTestId('booking-card')).toHaveLength(3);
    expect(screen.queryByTestId('bookings-load-more')).toBeNull();
    expect(calls.filter((c) => c.path === 'users.getAllBookings').map((c) => (c.input as { page: number }).page)).toEqual(
      expect.arrayContaining([1, 2]),
    );
  });
});
