import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../src/shared/slots.js';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Per-customer coupon rules hold under parallel bookings, and after a move. */

let rt: TestRuntime;
let salon: SalonFixture;
let facial: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Race Salon' });
  facial = await createService(rt, salon.id, { name: 'Gold Facial', duration: 30, price: 2000, category: 'Facial' });
  for (let i = 0; i < 10; i++) await createStaff(rt, salon.id, { name: `Stylist ${i}` });
  await rt.deps.db
    .insertInto('coupons')
    .values([
      {
        merchant_id: null,
        code: 'FIRSTRACE',
        description: '₹200 off first booking',
        discount_type: 'flat',
        discount_value: 200,
        min_amount: 499,
        first_booking_only: true,
      },
      {
        merchant_id: null,
        code: 'WKND',
        description: 'Buy 1 get 1',
        discount_type: 'percentage',
        discount_value: 50,
        max_discount: 1500,
        weekend_only: true,
      },
    ])
    .execute();
});
afterAll(async () => {
  await rt.close();
});

function nextDate(days: string[], from = 3): string {
  for (let i = from; i < from + 8; i++) if (days.includes(weekdayOf(localDate(i)))) return localDate(i);
  throw new Error('no such day');
}

describe('coupon rules per customer', () => {
  it('ten parallel bookings of one new customer with a first-booking coupon: one gets the discount', async () => {
    const c = await createCustomer(rt);
    const day = nextDate(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        rt.caller(c).users.createBooking({
          merchantId: salon.id,
          serviceIds: [facial],
          bookingDate: day,
          bookingTime: `${9 + i}:00`,
          couponCode: 'FIRSTRACE',
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ code: 'BAD_REQUEST', message: 'couponCode: this coupon is for your first booking only' });
    const discounted = await rt.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', c.id)
      .where('discount_amount', '>', 0)
      .execute();
    expect(discounted).toHaveLength(1);
  });

  it('a weekend coupon does not survive a reschedule to a weekday (400 naming couponCode)', async () => {
    const c = await createCustomer(rt);
    const saturday = nextDate(['Saturday']);
    const booked = (
      await rt.caller(c).users.createBooking({
        merchantId: salon.id,
        serviceIds: [facial],
        bookingDate: saturday,
        bookingTime: '10:00 AM',
        couponCode: 'WKND',
      })
    ).data.booking;
    const weekday = nextDate(['Tuesday']);
    await expect(
      rt.caller(c).users.rescheduleBooking({ bookingId: booked._id, bookingDate: weekday, bookingTime: '11:00 AM' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^couponCode: this booking used WKND/),
    });
    const sunday = nextDate(['Sunday']);
    const moved = (await rt.caller(c).users.rescheduleBooking({ bookingId: booked._id, bookingDate: sunday, bookingTime: '11:00 AM' })).data
      .booking;
    expect(moved).toMatchObject({ bookingDate: sunday, discount: booked.discount });
  });
});
