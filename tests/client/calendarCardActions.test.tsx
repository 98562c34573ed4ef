import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salonToday } from '../../src/client/features/booking/format';
import { BookingCardModal } from '../../src/client/features/calendar/CalendarModals';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import type { CalendarBooking } from '../../src/shared/schemas/calendar';
import { renderWithTrpc, type StubHandler } from './trpcStub';

/*
 * The desk's actions on a calendar card send what the List view sends (merchants/updateBookingStatus)
 * and ask for what the server would refuse without: a payment tick to complete, a reason to cancel.
 */

const MERCHANT = '44444444-4444-4444-8444-444444444444';
const RUTUJA = '55555555-5555-4555-8555-555555555555';
const BOOKING = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const TODAY = salonToday('Asia/Kolkata');

function booking(status: CalendarBooking['status']): CalendarBooking {
  return {
    _id: BOOKING,
    reference: 'BBBBBBBB',
    staffId: RUTUJA,
    bookingDate: TODAY,
    bookingTime: '10:00 AM',
    start: 600,
    end: 630,
    startsAt: `${TODAY}T04:30:00.000Z`,
    endsAt: `${TODAY}T05:00:00.000Z`,
    status,
    customerName: 'Anaya Guest',
    customerPhone: null,
    services: [{ _id: '66666666-6666-4666-8666-666666666666', serviceName: "Men's Haircut", duration: 30, price: 400 }],
    totalPrice: 400,
    totalDuration: 30,
  };
}

const professionals = [
  {
    _id: RUTUJA,
    name: 'Rutuja Patil',
    role: 'Manager',
    image: null,
    specializations: [],
    hours: [{ date: TODAY, span: { start: 600, end: 1200 } }],
  },
];

function open(status: CalendarBooking['status'], handlers: Record<string, StubHandler> = { 'merchants.updateBookingStatus': () => ({}) }) {
  const onStatusChanged = vi.fn();
  const view = renderWithTrpc(
    <BookingCardModal
      booking={booking(status)}
      merchantId={MERCHANT}
      timeZone="Asia/Kolkata"
      professionals={professionals}
      onClose={() => undefined}
      onMove={async () => true}
      onStatusChanged={onStatusChanged}
      moving={false}
    />,
    handlers,
  );
  return { ...view, onStatusChanged };
}

const actions = () =>
  within(screen.getByRole('group', { name: 'Desk actions' }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

afterEach(() => {
  cleanup();
  toast.clear();
});
/** The card's result is the mutation's meta toast; the card then tells the calendar it is done. */
const toasts = () => appStore.get(toastsAtom).map((t) => t.message);

describe('the desk’s actions on a calendar card', () => {
  it('checks an upcoming booking in with the List view’s procedure', async () => {
    const { calls, onStatusChanged } = open('upcoming');
    expect(actions()).toEqual(expect.arrayContaining(['Check in', 'Cancel booking']));
    expect(actions()).not.toContain('Complete');
    expect(screen.queryByTestId('card-not-today')).toBeNull();
    await click('card-action-confirmed');
    expect(calls).toEqual([
      { path: 'merchants.updateBookingStatus', input: { merchantId: MERCHANT, bookingId: BOOKING, status: 'confirmed' } },
    ]);
    await vi.waitFor(() => expect(onStatusChanged).toHaveBeenCalled());
    expect(toasts()).toEqual(['Anaya Guest is checked in.']);
  });

  it('completes a checked-in booking only with the payment ticked, showing the commission first', async () => {
    const { calls, onStatusChanged } = open('confirmed');
    expect(actions()).toEqual(['Complete', 'Cancel booking']);
    await click('card-action-completed');
    expect(screen.getByTestId('card-complete').textContent).toContain('−₹40.00');
    await click('card-action-submit');
    expect(calls).toEqual([]);
    expect(screen.getByTestId('card-complete').textContent).toContain('Please confirm that you have received the payment');
    await act(async () => fireEvent.click(screen.getByLabelText('I have received the payment')));
    expect(screen.getByTestId('card-complete').textContent).not.toContain('Please confirm');
    await click('card-action-submit');
    expect(calls).toEqual([
      {
        path: 'merchants.updateBookingStatus',
        input: { merchantId: MERCHANT, bookingId: BOOKING, status: 'completed', paymentReceived: true },
      },
    ]);
    await vi.waitFor(() => expect(onStatusChanged).toHaveBeenCalled());
    expect(toasts()).toEqual(['Anaya Guest’s booking is completed: ₹360 is yours after the ₹40 commission.']);
  });

  it('cancels only with a reason, and shows the server’s refusal in its words', async () => {
    const { calls } = open('upcoming', {
      'merchants.updateBookingStatus': () => {
        throw new Error('status: a booking that is cancelled cannot be changed to cancelled');
      },
    });
    await click('card-action-cancelled');
    await click('card-action-submit');
    expect(calls).toEqual([]);
    expect(screen.getByTestId('card-cancel').textContent).toContain('Please provide a reason for cancellation');
    fireEvent.change(screen.getByTestId('card-cancel-reason'), { target: { value: '  Stylist unwell  ' } });
    await click('card-action-submit');
    expect(calls).toEqual([
      {
        path: 'merchants.updateBookingStatus',
        input: { merchantId: MERCHANT, bookingId: BOOKING, status: 'cancelled', cancellationReason: 'Stylist unwell' },
      },
    ]);
    expect((await screen.findByTestId('card-action-error')).textContent).toMatch(/cannot be changed to cancelled/);
  });

  it('offers nothing on a finished booking', () => {
    open('completed');
    expect(screen.queryByRole('group', { name: 'Desk actions' })).toBeNull();
    expect(screen.getByTestId('calendar-booking-modal').textContent).toContain('A completed booking cannot be moved.');
  });
});
