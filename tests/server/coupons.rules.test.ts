import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { weekdayOf } from '../../src/shared/slots.js';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Coupons whose words carry rules: "20% off facials", "₹200 off first booking", "buy 1 get 1" (weekends). */

let rt: TestRuntime;
let salon: SalonFixture;
let facial: string;
let cleanup: string;
let haircut: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Rule Salon' });
  facial = await createService(rt, salon.id, { name: 'Gold Facial', duration: 60, price: 2000, category: 'Facial' });
  cleanup = await createService(rt, salon.id, { name: 'Clean-up', duration: 30, price: 800, category: 'facial' });
  haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 600, category: 'Hair' });
  for (const name of ['Asha', 'Kiran', 'Meena']) await createStaff(rt, salon.id, { name });
  const rows = [
    {
      code: 'GLOW20',
      description: '20% off facials',
      discount_type: 'percentage' as const,
      discount_value: 20,
      max_discount: 500,
      service_category: 'Facial',
    },
    {
      code: 'NEWUSER',
      description: '₹200 off first booking',
      discount_type: 'flat' as const,
      discount_value: 200,
      min_amount: 499,
      first_booking_only: true,
    },
    {
      code: 'WEEKEND',
      description: 'Buy 1 get 1',
      discount_type: 'percentage' as const,
      discount_value: 50,
      max_discount: 1500,
      weekend_only: true,
      buy_one_get_one: true,
    },
  ];
  for (const r of rows)
    await rt.deps.db
      .insertInto('coupons')
      .values({ merchant_id: null, ...r })
      .execute();
});
afterAll(async () => {
  await rt.close();
});

/** The next salon-local date, at least `from` days ahead, whose weekday is one of `days`. */
function nextDate(days: string[], from = 2): string {
  for (let i = from; i < from + 8; i++) if (days.includes(weekdayOf(localDate(i)))) return localDate(i);
  throw new Error('no such day');
}
const SAT_SUN = ['Saturday', 'Sunday'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

let hour = 9;
const book = (c: Actor, serviceIds: string[], couponCode: string, bookingDate = nextDate(WEEKDAYS)) =>
  rt.caller(c).users.createBooking({ merchantId: salon.id, serviceIds, bookingDate, bookingTime: `${(hour++ % 8) + 9}:00`, couponCode });
const apply = (c: Actor, serviceIds: string[], code: string, bookingDate?: string) =>
  rt.caller(c).users.validateCoupon({ merchantId: salon.id, serviceIds, code, ...(bookingDate ? { bookingDate } : {}) });

describe('a coupon for one category of services (GLOW20: 20% off facials)', () => {
  it('discounts only the facials of a booking, whatever the category’s letter case', async () => {
    const c = await createCustomer(rt);
    const b = (await book(c, [facial, haircut], 'GLOW20')).data.booking;
    expect(b).toMatchObject({ subtotal: 2600, discount: 400, totalPrice: 2200 });
    const two = await apply(c, [facial, cleanup], 'GLOW20');
    // 20% of 2,800 is 560, capped at 500.
    expect(two).toMatchObject({ valid: true, discount: 500, total: 2300 });
  });

  it('refuses a booking without facials, naming couponCode', async () => {
    const c = await createCustomer(rt);
    await expect(book(c, [haircut], 'GLOW20')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'couponCode: this coupon is for Facial services only',
    });
    expect(await apply(c, [haircut], 'GLOW20')).toMatchObject({
      valid: false,
      discount: 0,
      message: 'This coupon is for Facial services only',
    });
  });
});

describe('a first-booking coupon (NEWUSER: ₹200 off first booking)', () => {
  it('works on a customer’s first booking only; a cancelled booking does not count', async () => {
    const c = await createCustomer(rt);
    expect(await apply(c, [haircut], 'NEWUSER')).toMatchObject({ valid: true, discount: 200 });
    const first = (await book(c, [haircut], 'NEWUSER')).data.booking;
    expect(first).toMatchObject({ discount: 200, totalPrice: 400 });
    await expect(book(c, [haircut], 'NEWUSER')).rejects.toMatchObject({
      message: 'couponCode: this coupon is for your first booking only',
    });
    expect(await apply(c, [haircut], 'NEWUSER')).toMatchObject({ valid: false, message: 'This coupon is for your first booking only' });
    await rt.caller(c).users.cancelBooking({ bookingId: first._id });
    expect((await book(c, [haircut], 'NEWUSER')).data.booking.discount).toBe(200);
  });
});

describe('a weekend buy-one-get-one coupon (WEEKEND: buy 1 get 1)', () => {
  it('makes the cheapest of two or more services free on a Saturday or Sunday', async () => {
    const c = await createCustomer(rt);
    const weekend = nextDate(SAT_SUN);
    const b = (await book(c, [facial, haircut], 'WEEKEND', weekend)).data.booking;
    expect(b).toMatchObject({ subtotal: 2600, discount: 600, totalPrice: 2000 });
    expect(await apply(c, [facial, cleanup, haircut], 'WEEKEND', weekend)).toMatchObject({ valid: true, discount: 600 });
  });

  it('refuses a weekday appointment and a single service', async () => {
    const c = await createCustomer(rt);
    await expect(book(c, [facial, haircut], 'WEEKEND', nextDate(WEEKDAYS))).rejects.toMatchObject({
      message: 'couponCode: this coupon is for Saturday and Sunday appointments',
    });
    expect(await apply(c, [facial, haircut], 'WEEKEND', nextDate(WEEKDAYS))).toMatchObject({
      valid: false,
      message: 'This coupon is for Saturday and Sunday appointments',
    });
    await expect(book(c, [facial], 'WEEKEND', nextDate(SAT_SUN))).rejects.toMatchObject({
      message: 'couponCode: choose two or more services: the cheapest one is free',
    });
  });
});
