import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createCustomer, createSalon, createStaff, localDate, type SalonFixture, workingHours } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 41 item 6: every figure of the reports agrees with the rows. The salon's bookings are
 * written here, then each figure is worked out again from the bookings table by plain code and
 * compared with what the server answers; hours come from how the fixture was built.
 */

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let asha: Actor;
let bala: Actor;
let chitra: Actor;
const staff: Record<'anil' | 'bina' | 'chetan', string> = { anil: '', bina: '', chetan: '' };
const FROM = localDate(1);
const TO = localDate(7);
const IST = 330 * 60_000;

/** The instant of `hour`:00 in India on a salon-local date. */
const at = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000 - IST);

async function book(b: {
  merchantId?: string;
  user?: Actor;
  contactEmail?: string;
  staffId: string;
  day: string;
  hour: number;
  minutes?: number;
  status: 'upcoming' | 'completed' | 'cancelled' | 'no_show' | 'confirmed';
  services: [string, number][];
  discount?: number;
  wallet?: boolean;
  cancelled?: { by: 'customer' | 'merchant'; hoursBefore: number };
}) {
  const startsAt = at(b.day, b.hour);
  const minutes = b.minutes ?? 60;
  const subtotal = b.services.reduce((n, [, p]) => n + p, 0);
  const total = subtotal - (b.discount ?? 0);
  const row = await rt.deps.db
    .insertInto('bookings')
    .values({
      merchant_id: b.merchantId ?? salon.id,
      user_id: b.user?.id ?? null,
      contact_email: b.contactEmail ?? null,
      contact_name: b.contactEmail ? 'Desk contact' : null,
      confirmation: b.contactEmail ? 'accepted' : null,
      staff_id: b.staffId,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + minutes * 60_000),
      booking_date: b.day,
      booking_time: `${b.hour}:00`,
      status: b.status,
      subtotal,
      discount_amount: b.discount ?? 0,
      total_price: total,
      total_duration: minutes,
      payment_method: b.wallet ? 'wallet' : 'pay_at_salon',
      amount_paid: b.wallet ? total : 0,
      payment_received: b.status === 'completed',
      cancelled_by: b.cancelled?.by ?? null,
      cancelled_at: b.cancelled ? new Date(startsAt.getTime() - b.cancelled.hoursBefore * 3_600_000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rt.deps.db
    .insertInto('booking_services')
    .values(
      b.services.map(([name, price], position) => ({
        booking_id: row.id,
        position,
        service_id: null,
        service_name: name,
        duration_min: 30,
        price,
      })),
    )
    .execute();
  return row.id;
}

beforeAll(async () => {
  rt = await createTestRuntime();
  // Open 09:00–18:00 every day (the fixture's hours).
  salon = await createSalon(rt, { name: 'Figures Salon' });
  other = await createSalon(rt, { name: 'Elsewhere' });
  staff.anil = await createStaff(rt, salon.id, { name: 'Anil' });
  // Works 10:00–14:00, not on the third day of the range.
  staff.bina = await createStaff(rt, salon.id, { name: 'Bina', workingHours: workingHours('10:00', '14:00'), daysOff: [localDate(3)] });
  staff.chetan = await createStaff(rt, salon.id, { name: 'Chetan', status: 'On Leave' });
  const elsewhere = await createStaff(rt, other.id, { name: 'Other' });
  asha = await createCustomer(rt, { firstName: 'Asha' });
  bala = await createCustomer(rt, { firstName: 'Bala' });
  chitra = await createCustomer(rt, { firstName: 'Chitra' });

  // Asha came before the range (returning), twice in it, and booked again after.
  await book({ user: asha, staffId: staff.anil, day: localDate(-10), hour: 10, status: 'completed', services: [['Haircut', 500]] });
  await book({
    user: asha,
    staffId: staff.anil,
    day: localDate(1),
    hour: 10,
    status: 'completed',
    services: [
      ['Haircut', 500],
      ['Beard', 200],
    ],
    discount: 70,
  });
  await book({
    user: asha,
    staffId: staff.bina,
    day: localDate(2),
    hour: 11,
    minutes: 90,
    status: 'completed',
    services: [['Colour', 1800]],
    wallet: true,
  });
  await book({ user: asha, staffId: staff.anil, day: localDate(12), hour: 10, status: 'upcoming', services: [['Haircut', 500]] });
  // Bala is new: one visit, a no-show and a late cancellation by her; nothing after.
  await book({
    user: bala,
    staffId: staff.anil,
    day: localDate(4),
    hour: 15,
    status: 'completed',
    services: [['Facial', 1200]],
    wallet: true,
  });
  await book({ user: bala, staffId: staff.bina, day: localDate(5), hour: 12, status: 'no_show', services: [['Haircut', 500]] });
  await book({
    user: bala,
    staffId: staff.anil,
    day: localDate(6),
    hour: 16,
    status: 'cancelled',
    services: [['Haircut', 500]],
    cancelled: { by: 'customer', hoursBefore: 1 },
  });
  // Chitra cancelled early; the salon cancelled another late (neither is a late cancellation by a client).
  await book({
    user: chitra,
    staffId: staff.anil,
    day: localDate(3),
    hour: 9,
    status: 'cancelled',
    services: [['Facial', 1200]],
    cancelled: { by: 'customer', hoursBefore: 30 },
  });
  await book({
    user: chitra,
    staffId: staff.bina,
    day: localDate(7),
    hour: 10,
    status: 'cancelled',
    services: [['Facial', 1200]],
    cancelled: { by: 'merchant', hoursBefore: 1 },
  });
  // A desk contact: new, came once, has a later booking the same week.
  await book({
    contactEmail: 'desk@example.in',
    staffId: staff.anil,
    day: localDate(5),
    hour: 9,
    minutes: 30,
    status: 'completed',
    services: [['Haircut', 500]],
  });
  await book({
    contactEmail: 'desk@example.in',
    staffId: staff.bina,
    day: localDate(7),
    hour: 12,
    status: 'upcoming',
    services: [['Haircut', 500]],
  });
  // Outside the range, and at another salon: not in these figures.
  await book({ user: bala, staffId: staff.anil, day: localDate(8), hour: 10, status: 'completed', services: [['Haircut', 500]] });
  await book({
    merchantId: other.id,
    user: asha,
    staffId: elsewhere,
    day: localDate(2),
    hour: 10,
    status: 'completed',
    services: [['Haircut', 9999]],
  });
  // Anil's lunch break on day 2 (blocked time is no booking; it leaves the hours he has).
  await rt
    .caller(salon.owner)
    .merchants.createBlock({ staffId: staff.anil, kind: 'break', date: localDate(2), startTime: '13:00', endTime: '14:00' });
});
afterAll(async () => {
  await rt.close();
});

/** The salon's rows, read plainly, to work each figure out again. */
async function rows() {
  const bookings = await rt.deps.db
    .selectFrom('bookings')
    .selectAll()
    .where('merchant_id', '=', salon.id)
    .where('status', '<>', 'blocked')
    .execute();
  const lines = await rt.deps.db
    .selectFrom('booking_services')
    .selectAll()
    .where(
      'booking_id',
      'in',
      bookings.map((b) => b.id),
    )
    .execute();
  return { bookings, lines };
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const sum = (xs: number[]) => r2(xs.reduce((n, x) => n + x, 0));

describe('reports', () => {
  it('agrees with the bookings, figure by figure', async () => {
    const report = (await rt.caller(salon.owner).merchants.getReports({ from: FROM, to: TO })).data;
    const { bookings, lines } = await rows();
    const inRange = bookings.filter((b) => String(b.booking_date) >= FROM && String(b.booking_date) <= TO);
    const done = inRange.filter((b) => b.status === 'completed');

    // Sales: net = Σ total charged; gross − discounts = net; each table adds up to it.
    expect(report.sales).toEqual({
      bookings: done.length,
      net: sum(done.map((b) => Number(b.total_price))),
      discounts: sum(done.map((b) => Number(b.discount_amount))),
      gross: sum(done.map((b) => Number(b.subtotal))),
    });
    expect(report.sales).toEqual({ bookings: 4, net: 4130, discounts: 70, gross: 4200 });
    const doneLines = lines.filter((l) => done.some((b) => b.id === l.booking_id));
    const services = [...new Set(doneLines.map((l) => l.service_name))];
    expect(Object.fromEntries(report.byService.map((s) => [s.service, [s.count, s.gross]]))).toEqual(
      Object.fromEntries(
        services.map((name) => {
          const of = doneLines.filter((l) => l.service_name === name);
          return [name, [of.length, sum(of.map((l) => Number(l.price)))]];
        }),
      ),
    );
    expect(r2(sum(report.byService.map((s) => s.gross)) - report.sales.discounts)).toBe(report.sales.net);
    expect(Object.fromEntries(report.byProfessional.map((p) => [p.name, [p.bookings, p.sales]]))).toEqual({
      Anil: [3, sum(done.filter((b) => b.staff_id === staff.anil).map((b) => Number(b.total_price)))],
      Bina: [1, sum(done.filter((b) => b.staff_id === staff.bina).map((b) => Number(b.total_price)))],
    });
    expect(sum(report.byProfessional.map((p) => p.sales))).toBe(report.sales.net);
    expect(Object.fromEntries(report.byPaymentMethod.map((p) => [p.method, [p.bookings, p.sales]]))).toEqual(
      Object.fromEntries(
        ['pay_at_salon', 'wallet'].map((m) => {
          const of = done.filter((b) => b.payment_method === m);
          return [m, [of.length, sum(of.map((b) => Number(b.total_price)))]];
        }),
      ),
    );
    expect(sum(report.byPaymentMethod.map((p) => p.sales))).toBe(report.sales.net);

    // Occupancy: hours as built (Anil 7 × 9 h less a 1 h break; Bina 6 × 4 h; Chetan on leave).
    const booked = (id: string) =>
      r2(
        inRange
          .filter((b) => b.staff_id === id && b.status !== 'cancelled')
          .reduce((n, b) => n + (b.ends_at.getTime() - b.starts_at.getTime()) / 3_600_000, 0),
      );
    const occ = Object.fromEntries(report.occupancy.map((o) => [o.name, o]));
    expect(occ.Anil).toMatchObject({ availableHours: 62, blockedHours: 1, bookedHours: booked(staff.anil) });
    expect(occ.Anil.rate).toBe(Math.round((booked(staff.anil) / 62) * 10_000) / 10_000);
    expect(occ.Bina).toMatchObject({ availableHours: 24, blockedHours: 0, bookedHours: booked(staff.bina) });
    expect(occ.Bina.rate).toBe(Math.round((booked(staff.bina) / 24) * 10_000) / 10_000);
    expect(occ.Chetan).toMatchObject({ availableHours: 0, bookedHours: 0, rate: null });

    // Clients: who came in the range; new if their first visit ever is in it; rebooked if they have
    // a later booking, not cancelled, after their last visit in it.
    const key = (b: (typeof bookings)[number]) => b.user_id ?? `walk-in:${b.contact_email}`;
    const visitors = [...new Set(done.map(key))];
    const firstVisit = (k: string) =>
      bookings
        .filter((b) => key(b) === k && b.status === 'completed')
        .map((b) => String(b.booking_date))
        .sort()[0];
    const lastInRange = (k: string) => Math.max(...done.filter((b) => key(b) === k).map((b) => b.starts_at.getTime()));
    const rebooked = visitors.filter((k) =>
      bookings.some((b) => key(b) === k && b.status !== 'cancelled' && b.starts_at.getTime() > lastInRange(k)),
    );
    expect(report.clients).toEqual({
      visited: visitors.length,
      new: visitors.filter((k) => firstVisit(k) >= FROM).length,
      returning: visitors.filter((k) => firstVisit(k) < FROM).length,
      rebooked: rebooked.length,
      rebookingRate: Math.round((rebooked.length / visitors.length) * 10_000) / 10_000,
    });
    expect(report.clients).toMatchObject({ visited: 3, new: 2, returning: 1, rebooked: 3 });

    // Attendance over every booking dated in the range.
    const late = inRange.filter(
      (b) =>
        b.status === 'cancelled' &&
        b.cancelled_by === 'customer' &&
        b.cancelled_at &&
        b.starts_at.getTime() - b.cancelled_at.getTime() < 2 * 3_600_000,
    );
    const noShows = inRange.filter((b) => b.status === 'no_show');
    expect(report.attendance).toEqual({
      bookings: inRange.length,
      noShows: noShows.length,
      noShowRate: Math.round((noShows.length / inRange.length) * 10_000) / 10_000,
      cancelled: inRange.filter((b) => b.status === 'cancelled').length,
      lateCancellations: late.length,
      lateCancelRate: Math.round((late.length / inRange.length) * 10_000) / 10_000,
      lateCancelHours: 2,
    });
    expect(report.attendance).toMatchObject({ bookings: 9, noShows: 1, cancelled: 3, lateCancellations: 1 });
  });

  it('is the salon’s own, and refuses a range that makes no sense', async () => {
    const theirs = (await rt.caller(other.owner).merchants.getReports({ from: FROM, to: TO })).data;
    expect(theirs.sales).toEqual({ bookings: 1, net: 9999, discounts: 0, gross: 9999 });
    await expect(rt.caller(other.owner).merchants.getReports({ merchantId: salon.id, from: FROM, to: TO })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(asha).merchants.getReports({ from: FROM, to: TO })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(salon.owner).merchants.getReports({ from: TO, to: FROM })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('to'),
    });
    await expect(rt.caller(salon.owner).merchants.getReports({ from: '2025-01-01', to: '2026-06-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('366'),
    });
    await expect(rt.caller(salon.owner).merchants.getReports({ from: '2026-02-30', to: TO })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const empty = (await rt.caller(salon.owner).merchants.getReports({ from: '2020-01-01', to: '2020-01-31' })).data;
    expect(empty).toMatchObject({
      sales: { bookings: 0, net: 0 },
      byService: [],
      clients: { visited: 0, rebookingRate: null },
      attendance: { noShowRate: null },
    });
  });
});
