import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { buildDemoData } from '../../src/server/seed/demo.js';
import type { OpeningHoursDay } from '../../src/shared/hours.js';
import { instantToZoned, salonWindow, zonedTimeToInstant } from '../../src/shared/slots.js';
import {
  createCustomer,
  createSalon,
  createService,
  createStaff,
  insertBookingRow,
  localDate,
  type SalonFixture,
} from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * What salon owners tripped on (issue 43, items 8, 9 and 13), as the server's figures:
 *  8. Upcoming counts bookings from now on; yesterday's never-settled ones are "Not checked in".
 *  9. A customer's "Last visit" is the last visit that happened (completed or checked in).
 * 13. A walk-in row carries the visit's time, not the row's creation time.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const TZ = 'Asia/Kolkata';
const at = (days: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  const date = localDate(days, TZ);
  return { startsAt: zonedTimeToInstant(date, h * 60 + m, TZ), bookingDate: date };
};

async function salonWithStaff(): Promise<{ salon: SalonFixture; staff: string }> {
  const salon = await createSalon(rt);
  await createService(rt, salon.id, { duration: 30, price: 500 });
  const staff = await createStaff(rt, salon.id, { name: 'Kiran' });
  return { salon, staff };
}

describe('upcoming bookings and the ones needing action (43.8)', () => {
  it('counts live bookings from now on as upcoming, and yesterday’s unsettled ones as not checked in', async () => {
    const { salon, staff } = await salonWithStaff();
    const c = await createCustomer(rt);
    const row = (when: { startsAt: Date; bookingDate: string }, status: 'pending' | 'upcoming' | 'confirmed' | 'completed' | 'no_show') =>
      insertBookingRow(rt, { userId: c.id, merchantId: salon.id, staffId: staff, ...when, status });
    // Yesterday: two never settled (booked, and awaiting payment), one completed, one no-show.
    await row(at(-1, '10:00'), 'upcoming');
    await row(at(-1, '11:00'), 'pending');
    await row(at(-1, '12:00'), 'completed');
    await row(at(-1, '13:00'), 'no_show');
    // From now on: two booked, one checked in early.
    await row(at(2, '10:00'), 'upcoming');
    await row(at(3, '10:00'), 'upcoming');
    await row(at(3, '11:00'), 'confirmed');
    const expected = { totalBookings: 7, upcomingBookings: 3, notCheckedIn: 2, completedBookings: 1 };
    const list = await rt.caller(salon.owner).merchants.merchantGetAllBookings({});
    expect(list.stats).toMatchObject(expected);
    const dash = await rt.caller(salon.owner).merchants.getDashboard({});
    expect(dash.stats).toMatchObject(expected);
  });
});

describe('a customer’s last visit (43.9)', () => {
  let salon: SalonFixture;
  let staff: string;
  let customer: Actor;
  const lastVisitOf = async (who: Actor) =>
    (await rt.caller(salon.owner).merchants.getCustomers({})).data.customers.find((x) => x._id === who.id)!.lastVisit;

  beforeAll(async () => {
    ({ salon, staff } = await salonWithStaff());
    customer = await createCustomer(rt);
  });
  const row = (when: { startsAt: Date; bookingDate: string }, status: 'upcoming' | 'confirmed' | 'completed' | 'cancelled' | 'no_show') =>
    insertBookingRow(rt, { userId: customer.id, merchantId: salon.id, staffId: staff, ...when, status });

  it('is the completed visit, not a later no-show, cancellation, unsettled booking or upcoming one', async () => {
    const visit = at(-10, '10:00');
    await row(visit, 'completed');
    await row(at(-5, '10:00'), 'no_show');
    await row(at(-3, '10:00'), 'cancelled');
    await row(at(-1, '10:00'), 'upcoming');
    await row(at(4, '10:00'), 'upcoming');
    expect(await lastVisitOf(customer)).toBe(visit.startsAt.toISOString());
  });

  it('counts a checked-in visit, and is null for someone who never came', async () => {
    const checkedIn = at(-2, '15:00');
    await row(checkedIn, 'confirmed');
    expect(await lastVisitOf(customer)).toBe(checkedIn.startsAt.toISOString());
    const never = await createCustomer(rt);
    await insertBookingRow(rt, { userId: never.id, merchantId: salon.id, staffId: staff, ...at(-4, '12:00'), status: 'no_show' });
    await insertBookingRow(rt, { userId: never.id, merchantId: salon.id, staffId: staff, ...at(5, '12:00'), status: 'upcoming' });
    expect(await lastVisitOf(never)).toBeNull();
  });
});

describe('walk-ins carry the visit’s time (43.13)', () => {
  it('shows when the visit was on the desk’s rows and as the walk-in’s last visit, not when the row was written', async () => {
    const { salon } = await salonWithStaff();
    const visit = at(-1, '11:30').startsAt;
    const written = at(0, '02:10').startsAt;
    await rt.deps.db
      .insertInto('manual_bookings')
      .values({
        merchant_id: salon.id,
        name: 'Sakshi',
        mobile: '9765432109',
        email: 'sakshi@walk.test',
        visited_at: visit,
        created_at: written,
      })
      .execute();
    const desk = rt.caller(salon.owner).merchants;
    const [row] = (await desk.getManualBookings({})).bookings;
    expect(row).toMatchObject({ name: 'Sakshi', visitedAt: visit.toISOString(), createdAt: written.toISOString() });
    expect((await desk.getDashboard({})).recentManualBookings[0].visitedAt).toBe(visit.toISOString());
    const walkIn = (await desk.getCustomers({})).data.customers.find((c) => c.source === 'walk-in')!;
    expect(walkIn.lastVisit).toBe(visit.toISOString());
    // A walk-in noted at the counter now is a visit now.
    const before = Date.now();
    await desk.createManualBooking({ name: 'Omkar', mobile: '9881234567', email: 'omkar@walk.test' });
    const noted = (await desk.getManualBookings({})).bookings.find((b) => b.name === 'Omkar')!;
    expect(new Date(noted.visitedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('the demo’s walk-ins (43.13)', () => {
  it('fall within the demo salon’s opening hours on days it is open, whatever the time the demo is built', async () => {
    // 02:10 UTC is 07:40 in India: walk-ins noted "hours before now" landed in the night.
    for (const now of [new Date('2026-12-02T02:10:00Z'), new Date('2026-12-05T20:30:00Z'), new Date('2027-03-14T11:00:00Z')]) {
      const data = buildDemoData('hash', now);
      const salon = data.merchants.find((m) => m.id === data.manual_bookings[0].merchant_id)!;
      const hours = JSON.parse(String(salon.opening_hours)) as OpeningHoursDay[];
      expect(data.manual_bookings.length).toBeGreaterThanOrEqual(3);
      for (const w of data.manual_bookings) {
        const visit = instantToZoned(new Date(w.visited_at as Date), TZ);
        const open = salonWindow(hours, visit.date);
        expect(open, `${w.name} on ${visit.date}`).not.toBeNull();
        expect(visit.minutes).toBeGreaterThanOrEqual(open!.start);
        expect(visit.minutes).toBeLessThanOrEqual(open!.end - 60);
        expect(new Date(w.visited_at as Date).getTime()).toBeLessThan(now.getTime());
      }
    }
  });
});
