import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { movedText, RescheduleDialog } from '../../src/client/features/booking/BookingActions';
import { appStore, readSessionFromStorage, sessionAtom } from '../../src/client/state/session';
import { toastsAtom } from '../../src/client/state/toast';
import type { BookingWire } from '../../src/shared/schemas/bookings';
import { renderWithTrpc } from './trpcStub';

/*
 * Issue 43 item 5: rescheduling a booking made with "Any professional" may change the professional:
 * the dialog says so before Confirm, and the confirmation names the new professional. A booking
 * with a chosen professional is offered that professional's times only.
 */

const ASHA = { _id: '55555555-5555-4555-8555-555555555555', name: 'Asha Rao', role: 'Stylist', image: null, specialization: [] };
const BALA = { _id: '56555555-5555-4555-8555-555555555555', name: 'Bala K', role: 'Stylist', image: null, specialization: [] };

function booking(over: Partial<BookingWire> = {}): BookingWire {
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    startsAt,
  );
  return {
    _id: '77777777-7777-4777-8777-777777777777',
    userId: '33333333-3333-4333-8333-333333333333',
    merchantId: '44444444-4444-4444-8444-444444444444',
    staffId: ASHA._id,
    salonName: 'Glow Studio',
    salonBookable: true,
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
    professional: ASHA,
    anyProfessional: true,
    services: [{ _id: '66666666-6666-4666-8666-666666666666', serviceName: "Men's Haircut", duration: 30, price: 500 }],
    userDetails: { firstName: 'Tanvi', lastName: 'D', email: 'tanvi@example.in', phone: null, profileImage: null },
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

const slots = (b: BookingWire) => () => ({
  data: {
    date: b.bookingDate,
    timeZone: 'Asia/Kolkata',
    totalDuration: 30,
    totalPrice: 500,
    slots: ['3:00 PM', '3:30 PM'].map((time) => ({ time, staffIds: [BALA._id] })),
  },
});

beforeEach(() => {
  appStore.set(toastsAtom, []);
  getDefaultStore().set(sessionAtom, { ...readSessionFromStorage(), token: 'token', userType: 'customer', userRole: 'customer' });
});
afterEach(() => {
  cleanup();
  getDefaultStore().set(sessionAtom, readSessionFromStorage());
});

describe('rescheduling a booking made with "Any professional"', () => {
  it('says before Confirm that the professional may change, asks for every free time, and the confirmation names the new one', async () => {
    const b = booking();
    let closed = false;
    const { calls } = renderWithTrpc(<RescheduleDialog booking={b} onClose={() => (closed = true)} />, {
      'users.getAvailableSlots': slots(b),
      'users.rescheduleBooking': () => ({
        data: {
          booking: { ...b, bookingTime: '3:00 PM', professional: BALA, staffId: BALA._id },
          professionalChanged: true,
          previousProfessional: { _id: ASHA._id, name: ASHA.name },
        },
      }),
    });
    const note = screen.getByTestId('reschedule-professional-note');
    expect(note.textContent).toContain('Any professional');
    expect(note.textContent).toContain('may be with another professional');
    const [slot] = await screen.findAllByTestId('reschedule-slot');
    // Every professional's free times: no staffId asked for.
    const asked = calls.find((c) => c.path === 'users.getAvailableSlots')!.input as { staffId?: string };
    expect(asked.staffId).toBeUndefined();
    await act(() => void fireEvent.click(slot));
    await act(() => void fireEvent.click(screen.getByTestId('reschedule-confirm')));
    await waitFor(() => expect(closed).toBe(true));
    const toasts = appStore.get(toastsAtom).map((t) => t.message);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatch(/^Booking moved to .* at 3:00 PM, now with Bala K \(instead of Asha Rao\)\.$/);
  });
});

describe('rescheduling a booking with a chosen professional', () => {
  it('says it stays with them and asks for their times only', async () => {
    const b = booking({ anyProfessional: false });
    const { calls } = renderWithTrpc(<RescheduleDialog booking={b} onClose={() => undefined} />, { 'users.getAvailableSlots': slots(b) });
    expect(screen.getByTestId('reschedule-professional-note').textContent).toContain('Stays with Asha Rao');
    await screen.findAllByTestId('reschedule-slot');
    const asked = calls.find((c) => c.path === 'users.getAvailableSlots')!.input as { staffId?: string };
    expect(asked.staffId).toBe(ASHA._id);
  });

  it('a move that kept the professional is confirmed with their name', () => {
    const b = booking({ anyProfessional: false, bookingTime: '4:00 PM' });
    expect(
      movedText({ data: { booking: b, professionalChanged: false, previousProfessional: { _id: ASHA._id, name: ASHA.name } } }),
    ).toMatch(/^Booking moved to .* at 4:00 PM, still with Asha Rao\.$/);
  });
});
