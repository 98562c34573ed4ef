import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLiveBookingsOn } from '../../src/server/db/repositories/bookings.js';
import { minutesByStaffDay, salesTotals } from '../../src/server/db/repositories/reports.js';
import type { Actor } from '../../src/server/deps.js';
import { createCustomer, createSalon, createStaff } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 42 item 6: bookings has no (merchant_id, booking_date) index any more; a salon's bookings of
 * some dates are found by their start (startsAroundDates: [from - 1 day, to + 2 days) UTC) beside
 * the booking_date condition. The bounds must hold every booking of the dates in the farthest time
 * zones: a start at 00:05 on the day in UTC+14 is the day before in UTC, one at 23:55 in UTC-11 is
 * the day after. Bookings a day outside the range stay out.
 */

let rt: TestRuntime;
let customer: Actor;
const DAY = '2027-03-10';

async function book(merchantId: string, staffId: string, day: string, startsAt: string, status: 'completed' | 'upcoming') {
  const starts = new Date(startsAt);
  await rt.deps.db
    .insertInto('bookings')
    .values({
      merchant_id: merchantId,
      user_id: customer.id,
      staff_id: staffId,
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 30 * 60_000),
      booking_date: day,
      booking_time: '12:00 AM',
      status,
      subtotal: 700,
      discount_amount: 0,
      total_price: 700,
      total_duration: 30,
      payment_received: status === 'completed',
    })
    .execute();
}

beforeAll(async () => {
  rt = await createTestRuntime();
  customer = await createCustomer(rt, { firstName: 'Zoned' });
});
afterAll(async () => {
  await rt?.close();
});

describe.each([
  // 00:05 on the day in Kiribati (UTC+14) is 10:05 the day before in UTC; 23:55 is 09:55 the same day.
  {
    timeZone: 'Pacific/Kiritimati',
    early: '2027-03-09T10:05:00Z',
    late: '2027-03-10T09:55:00Z',
    before: '2027-03-08T10:05:00Z',
    after: '2027-03-11T09:55:00Z',
  },
  // In Pago Pago (UTC-11): 00:05 is 11:05 UTC the same day, 23:55 is 10:55 UTC the next day.
  {
    timeZone: 'Pacific/Pago_Pago',
    early: '2027-03-10T11:05:00Z',
    late: '2027-03-11T10:55:00Z',
    before: '2027-03-09T11:05:00Z',
    after: '2027-03-12T10:55:00Z',
  },
])('a salon in $timeZone', ({ timeZone, early, late, before, after }) => {
  let salonId: string;
  let staffId: string;
  beforeAll(async () => {
    salonId = (await createSalon(rt, { timeZone, name: `Edge ${timeZone}` })).id;
    staffId = await createStaff(rt, salonId);
    await book(salonId, staffId, DAY, early, 'completed');
    await book(salonId, staffId, DAY, late, 'completed');
    // The days either side, at their own edges: outside a report of DAY alone.
    await book(salonId, staffId, '2027-03-09', before, 'completed');
    await book(salonId, staffId, '2027-03-11', after, 'completed');
    await book(salonId, staffId, DAY, new Date(Date.parse(early) + 3_600_000).toISOString(), 'upcoming');
  });

  it('reports count both edge bookings of the day and nothing of the days beside it', async () => {
    const totals = await salesTotals(rt.deps.db, { merchantId: salonId, from: DAY, to: DAY });
    expect({ ...totals, net: Number(totals.net), discounts: Number(totals.discounts) }).toEqual({ bookings: 2, net: 1400, discounts: 0 });
    const wider = await salesTotals(rt.deps.db, { merchantId: salonId, from: '2027-03-09', to: '2027-03-11' });
    expect(wider.bookings).toBe(4);
    const minutes = await minutesByStaffDay(rt.deps.db, { merchantId: salonId, from: DAY, to: DAY });
    expect(minutes).toEqual([{ staff_id: staffId, day: DAY, blocked: false, minutes: 90 }]);
  });

  it("a customer's live bookings of the day are found", async () => {
    const live = await listLiveBookingsOn(rt.deps.db, { userId: customer.id, merchantId: salonId, date: DAY });
    expect(live.map((b) => b.status)).toEqual(['upcoming']);
  });
});
