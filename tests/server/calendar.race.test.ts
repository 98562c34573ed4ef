import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Blocked time and bookings racing for the same professional's time. On PostgreSQL the requests
 * really run at once and only the exclusion constraint (bookings_no_overlap, which sees blocks and
 * bookings alike) can decide; on PGlite they are serialized and the same outcome must hold.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

async function setup() {
  const salon = await createSalon(rt);
  const service = await createService(rt, salon.id, { duration: 60 });
  const staff = await createStaff(rt, salon.id, { name: 'Asha' });
  const other = await createStaff(rt, salon.id, { name: 'Ravi' });
  return { salon, service, staff, other };
}

/** Whether any two time-holding rows of one professional overlap (there must be none). */
async function overlaps(merchantId: string): Promise<number> {
  const rows = await rt.deps.db
    .selectFrom('bookings as a')
    .innerJoin('bookings as b', (j) => j.onRef('a.staff_id', '=', 'b.staff_id').onRef('a.id', '<', 'b.id'))
    .select('a.id')
    .where('a.merchant_id', '=', merchantId)
    .where('a.status', 'in', ['pending', 'upcoming', 'confirmed', 'blocked' as never])
    .where('b.status', 'in', ['pending', 'upcoming', 'confirmed', 'blocked' as never])
    .whereRef('a.starts_at', '<', 'b.ends_at')
    .whereRef('b.starts_at', '<', 'a.ends_at')
    .execute();
  return rows.length;
}

describe(`blocked time racing bookings (${DB_KIND})`, () => {
  it('10 blocks and 10 bookings racing for one hour of one professional: exactly one wins, the rest are 409', async () => {
    const { salon, service, staff } = await setup();
    const people = await Promise.all(Array.from({ length: 10 }, () => createCustomer(rt)));
    const date = localDate(2);
    const attempts = [
      ...people.map(
        (c) => () =>
          rt.caller(c).users.createBooking({
            merchantId: salon.id,
            serviceIds: [service],
            staffId: staff,
            bookingDate: date,
            bookingTime: '11:00 AM',
          }),
      ),
      ...Array.from(
        { length: 10 },
        () => () =>
          rt.caller(salon.owner).merchants.createBlock({ staffId: staff, kind: 'break', date, startTime: '11:30', endTime: '12:30' }),
      ),
    ];
    const results = await Promise.allSettled(attempts.map((a) => a()));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => r.reason?.code)).toEqual(Array(19).fill('CONFLICT'));
    expect(await overlaps(salon.id)).toBe(0);
    const held = await rt.deps.db
      .selectFrom('bookings')
      .select('status')
      .where('staff_id', '=', staff)
      .where('status', '<>', 'cancelled')
      .execute();
    expect(held).toHaveLength(1);
    // A block that lost left no rule behind without occurrences.
    const rules = await rt.deps.db.selectFrom('staff_blocks').select('id').where('merchant_id', '=', salon.id).execute();
    expect(rules.length).toBe(held[0].status === 'blocked' ? 1 : 0);
  });

  it('leave over three days racing bookings on its middle day: the leave is placed whole or not at all', async () => {
    const { salon, service, staff } = await setup();
    const people = await Promise.all(Array.from({ length: 6 }, () => createCustomer(rt)));
    const [first, middle, last] = [5, 6, 7].map((d) => localDate(d));
    const results = await Promise.allSettled([
      ...people.map((c, i) =>
        rt.caller(c).users.createBooking({
          merchantId: salon.id,
          serviceIds: [service],
          staffId: staff,
          bookingDate: middle,
          bookingTime: `${10 + i}:00`,
        }),
      ),
      rt
        .caller(salon.owner)
        .merchants.createBlock({ staffId: staff, kind: 'leave', date: first, endDate: last, startTime: '00:00', endTime: '24:00' }),
    ]);
    const leave = results[people.length];
    const bookings = results.slice(0, people.length);
    expect(await overlaps(salon.id)).toBe(0);
    const blocked = await rt.deps.db
      .selectFrom('bookings')
      .select('booking_date')
      .where('staff_id', '=', staff)
      .where('status', '=', 'blocked')
      .orderBy('booking_date')
      .execute();
    if (leave.status === 'fulfilled') {
      expect(blocked.map((b) => b.booking_date)).toEqual([first, middle, last]);
      expect(bookings.filter((r) => r.status === 'fulfilled')).toEqual([]);
      for (const r of bookings) expect((r as PromiseRejectedResult).reason?.code).toBe('CONFLICT');
    } else {
      expect(leave.reason?.code).toBe('CONFLICT');
      expect(blocked).toEqual([]);
      expect(await rt.deps.db.selectFrom('staff_blocks').select('id').where('merchant_id', '=', salon.id).execute()).toEqual([]);
      expect(bookings.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    }
  });

  it('desk moves racing a block and bookings into the same time: no overlap ever, the losers stay where they were', async () => {
    const { salon, service, staff, other } = await setup();
    const date = localDate(3);
    const people = await Promise.all(Array.from({ length: 6 }, () => createCustomer(rt)));
    // Six bookings with Ravi at different times, all moved at once into Asha's 15:00.
    const made = [];
    for (const [i, c] of people.entries()) {
      made.push(
        await rt.caller(c).users.createBooking({
          merchantId: salon.id,
          serviceIds: [service],
          staffId: other,
          bookingDate: date,
          bookingTime: `${9 + i}:00`,
        }),
      );
    }
    const results = await Promise.allSettled([
      ...made.map((m) =>
        rt
          .caller(salon.owner)
          .merchants.moveBooking({ bookingId: m.data.booking._id, staffId: staff, bookingDate: date, bookingTime: '15:00' }),
      ),
      rt.caller(salon.owner).merchants.createBlock({ staffId: staff, kind: 'training', date, startTime: '15:00', endTime: '16:00' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason?.code)).toEqual(
      Array(6).fill('CONFLICT'),
    );
    expect(await overlaps(salon.id)).toBe(0);
    const stayed = await rt.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('staff_id', '=', other)
      .where('booking_date', '=', date)
      .execute();
    expect(stayed.length).toBeGreaterThanOrEqual(5);
  });
});
