import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salonToday } from '../../src/client/features/booking/format';
import { BlockTimeModal } from '../../src/client/features/calendar/BlockTimeModal';
import { BookingCardModal } from '../../src/client/features/calendar/BookingCardModal';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import type { CalendarBooking } from '../../src/shared/schemas/calendar';
import { renderWithTrpc, type StubHandler } from './trpcStub';
import { bookingFixture } from './wireFixtures';

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

function open(
  status: CalendarBooking['status'],
  handlers: Record<string, StubHandler> = { 'merchants.updateBookingStatus': () => ({ booking: bookingFixture() }) },
) {
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
/** A refusal as the server sends it: a 400 naming the field it is about. */
const refusal = (message: string, field: string) =>
  TRPCClientError.from({ error: { message, code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST', field } } });
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

// happy-dom has no HTMLSelectElement.size (0 in browsers); react-hook-form reads it to tell a box
// the person changed before the form was ready, and without it keeps a select's first option.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', { configurable: true, get: () => 0 });
}

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
        throw refusal('status: a booking that is cancelled cannot be changed to cancelled', 'status');
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

  it('puts the server’s refusal of the reason under the reason', async () => {
    open('upcoming', {
      'merchants.updateBookingStatus': () => {
        throw refusal('cancellationReason: keep the reason under 500 characters', 'cancellationReason');
      },
    });
    await click('card-action-cancelled');
    fireEvent.change(screen.getByTestId('card-cancel-reason'), { target: { value: 'Stylist unwell' } });
    await click('card-action-submit');
    await vi.waitFor(() =>
      expect(within(screen.getByTestId('card-cancel')).getByRole('alert').textContent).toBe('Keep the reason under 500 characters'),
    );
    expect(screen.queryByTestId('card-action-error')).toBeNull();
  });

  it('says a refused move in the Move form, under the field the server names, and stays open', async () => {
    const moves: unknown[] = [];
    const onClose = vi.fn();
    renderWithTrpc(
      <BookingCardModal
        booking={booking('upcoming')}
        merchantId={MERCHANT}
        timeZone="Asia/Kolkata"
        professionals={professionals}
        onClose={onClose}
        onMove={async (m, opts) => {
          moves.push(m);
          opts?.onRefused?.(
            moves.length === 1
              ? refusal('bookingTime: the booking is already at this time with this professional', 'bookingTime')
              : TRPCClientError.from({
                  error: {
                    message: 'This booking has just been changed; please reload it',
                    code: -32600,
                    data: { httpStatus: 409, code: 'CONFLICT' },
                  },
                }),
          );
          return false;
        }}
        onStatusChanged={() => undefined}
        moving={false}
      />,
      {},
    );
    await click('move-submit');
    const timeError = () => document.getElementById(`${screen.getByTestId('move-time').id}-error`)?.textContent ?? null;
    await vi.waitFor(() => expect(timeError()).toBe('The booking is already at this time with this professional'));
    // A refusal naming no field of the form is said under the form.
    await click('move-submit');
    expect((await screen.findByTestId('move-error')).textContent).toBe('This booking has just been changed; please reload it');
    expect(moves).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('offers nothing on a finished booking', () => {
    open('completed');
    expect(screen.queryByRole('group', { name: 'Desk actions' })).toBeNull();
    expect(screen.getByTestId('calendar-booking-modal').textContent).toContain('A completed booking cannot be moved.');
  });
});

describe('the Block time form', () => {
  const draft = { staffId: RUTUJA, date: TODAY, start: 780 };
  function openBlock(handlers: Record<string, StubHandler>) {
    const onDone = vi.fn();
    const view = renderWithTrpc(
      <BlockTimeModal draft={draft} merchantId={MERCHANT} professionals={professionals} onClose={() => undefined} onDone={onDone} />,
      handlers,
    );
    return { ...view, onDone };
  }
  const select = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const errorOf = (testId: string) => document.getElementById(`${screen.getByTestId(testId).id}-error`)?.textContent ?? null;

  it('refuses a block that ends before it starts under its end, with the server’s rule, and sends nothing', async () => {
    const { calls } = openBlock({});
    select('block-end', '12:00');
    await click('block-submit');
    expect(errorOf('block-end')).toBe('The block must end after it starts');
    expect(calls).toEqual([]);
  });

  it('sends an all-day block over a date range as the server takes it', async () => {
    const last = '2099-12-31';
    const { calls, onDone } = openBlock({ 'merchants.createBlock': () => ({ blockId: 'x', placed: 3, skipped: [] }) });
    fireEvent.change(screen.getByTestId('block-date'), { target: { value: '2099-12-29' } });
    fireEvent.change(screen.getByTestId('block-end-date'), { target: { value: last } });
    await act(async () => fireEvent.click(screen.getByTestId('block-all-day')));
    select('block-kind', 'leave');
    await click('block-submit');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((c) => c.input)).toEqual([
      {
        merchantId: MERCHANT,
        staffId: RUTUJA,
        kind: 'leave',
        reason: '',
        date: '2099-12-29',
        startTime: '00:00',
        endTime: '24:00',
        repeatWeekly: false,
        endDate: last,
        skipConflicts: false,
      },
    ]);
    expect(toasts()).toEqual(['Rutuja Patil: leave blocked from 29 Dec 2099 to 31 Dec 2099.']);
  });

  it('offers to leave out the weeks a weekly block is refused for, until the form changes', async () => {
    let refused = true;
    const { calls } = openBlock({
      'merchants.createBlock': () => {
        if (refused) throw TRPCClientError.from({ error: { message: '1 booking is in the way', code: -32600, data: { httpStatus: 409 } } });
        return { blockId: 'x', placed: 3, skipped: [TODAY] };
      },
    });
    await act(async () => fireEvent.click(screen.getByTestId('block-weekly')));
    await click('block-submit');
    expect((await screen.findByTestId('block-error')).textContent).toBe('1 booking is in the way');
    expect(screen.getByTestId('block-skip-conflicts')).toBeTruthy();
    fireEvent.change(screen.getByTestId('block-reason'), { target: { value: 'Lunch' } });
    expect(screen.queryByTestId('block-skip-conflicts')).toBeNull();
    await click('block-submit');
    await screen.findByTestId('block-skip-conflicts');
    refused = false;
    await click('block-skip-conflicts');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2].input).toMatchObject({ repeatWeekly: true, reason: 'Lunch', skipConflicts: true });
  });
});
