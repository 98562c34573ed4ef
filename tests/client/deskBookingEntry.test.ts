import { describe, expect, it } from 'vitest';
import { notToday, paymentText, resolveBookingEntry } from '../../src/client/features/bookingDesk/desk';
import type { BookingWire } from '../../src/shared/schemas/bookings';

const booking = (id: string, status: BookingWire['status'] = 'upcoming') => ({ _id: id, status }) as BookingWire;
const ID = '44947dd4-1b2c-4d5e-8f90-123456789abc';

describe('the desk’s booking entry', () => {
  it('takes a full id as it is, without a look-up', async () => {
    const r = await resolveBookingEntry(`  ${ID} `, () => Promise.reject(new Error('no look-up expected')));
    expect(r).toEqual({ id: ID });
  });

  it('finds the booking a customer’s short reference names, with or without #, in any case', async () => {
    const seen: string[] = [];
    const find = async (prefix: string) => {
      seen.push(prefix);
      return [booking(ID), booking('44947dd5-0000-4000-8000-000000000000')];
    };
    expect(await resolveBookingEntry('#44947DD4', find)).toMatchObject({ id: ID });
    expect(await resolveBookingEntry('44947dd4', find)).toMatchObject({ id: ID });
    expect(seen).toEqual(['44947dd4', '44947dd4']);
  });

  it('prefers the live booking when a finished one shares the reference, and says when it cannot tell', async () => {
    const other = '44947dd4-ffff-4fff-8fff-ffffffffffff';
    expect(await resolveBookingEntry('#44947DD4', async () => [booking(other, 'completed'), booking(ID)])).toMatchObject({
      id: ID,
      booking: { _id: ID },
    });
    expect(await resolveBookingEntry('#44947DD4', async () => [booking(other), booking(ID)])).toEqual({
      error: 'Several bookings start with #44947DD4: enter the full booking ID',
    });
    expect(await resolveBookingEntry('#44947DD4', async () => [])).toEqual({
      error: 'No booking of this salon has the reference #44947DD4',
    });
  });

  it('explains what to type for anything else', async () => {
    expect(await resolveBookingEntry('hello', async () => [])).toEqual({
      error: 'Enter the booking ID, or the reference on the customer’s booking (like #44947DD4)',
    });
  });
});

describe('the desk’s payment line', () => {
  const b = (over: Partial<BookingWire>) =>
    ({ status: 'upcoming', amountPaid: 0, refundAmount: null, refundPercent: null, paymentReceived: false, ...over }) as BookingWire;
  it('says what was prepaid, refunded and kept, or what is due at the salon', () => {
    expect(paymentText(b({ amountPaid: 279.2 }))).toBe('Prepaid ₹279.20 from the customer’s wallet');
    expect(paymentText(b({ status: 'cancelled', amountPaid: 279.2, refundAmount: 279.2, refundPercent: 100 }))).toBe(
      'Prepaid ₹279.20, refunded in full to the customer’s wallet',
    );
    expect(paymentText(b({ status: 'cancelled', amountPaid: 279.2, refundAmount: 139.6, refundPercent: 50 }))).toBe(
      'Prepaid ₹279.20: ₹139.60 (50%) refunded, ₹139.60 kept for the late cancellation',
    );
    expect(paymentText(b({ status: 'cancelled', amountPaid: 279.2, refundAmount: 0, refundPercent: 0 }))).toBe(
      'Prepaid ₹279.20, kept: cancelled less than an hour before',
    );
    expect(paymentText(b({ status: 'cancelled' }))).toBe('Nothing was paid');
    expect(paymentText(b({ status: 'completed', paymentReceived: true }))).toBe('Received at the salon');
    expect(paymentText(b({}))).toBe('To be paid at the salon');
  });
});

describe('checking in on another day', () => {
  const now = new Date('2026-11-24T06:00:00Z'); // 11:30 AM in India
  it('says nothing on the day, and names the day otherwise', () => {
    expect(notToday({ bookingDate: '2026-11-24', timeZone: 'Asia/Kolkata' }, now)).toBeNull();
    expect(notToday({ bookingDate: '2026-11-27', timeZone: 'Asia/Kolkata' }, now)).toBe(
      'This appointment is on Friday, 27 Nov 2026, not today: check the customer in only if they are here for it now.',
    );
    expect(notToday({ bookingDate: '2026-11-23', timeZone: 'Asia/Kolkata' }, now)).toBe('This appointment was on Monday, 23 Nov 2026.');
  });
});
