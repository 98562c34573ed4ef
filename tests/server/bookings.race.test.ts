import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { SLOT_TAKEN } from '../../src/server/errors.js';
import { createCoupon, createCustomer, createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * On PostgreSQL the requests really run at once (a pool of connections) and only the exclusion
 * constraint can stop the losers; on PGlite they are serialized and the same outcome must hold.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

async function salonWithStaff(n: number) {
  const salon = await createSalon(rt);
  const service = await createService(rt, salon.id, { duration: 60 });
  const staff: string[] = [];
  for (let i = 0; i < n; i++) staff.push(await createStaff(rt, salon.id, { name: `Stylist ${i}` }));
  return { salon, service, staff };
}

const customers = (n: number): Promise<Actor[]> => Promise.all(Array.from({ length: n }, () => createCustomer(rt)));

function outcome(results: PromiseSettledResult<unknown>[]) {
  const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  return {
    ok: results.length - rejected.length,
    conflicts: rejected.filter((r) => r.reason?.code === 'CONFLICT' && r.reason?.message === SLOT_TAKEN).length,
    other: rejected.filter((r) => !(r.reason?.code === 'CONFLICT' && r.reason?.message === SLOT_TAKEN)).map((r) => String(r.reason)),
  };
}

describe(`racing bookings (${DB_KIND})`, () => {
  it('20 customers racing for one professional’s slot: exactly 1 booking and 19 × 409', async () => {
    const { salon, service, staff } = await salonWithStaff(1);
    const people = await customers(20);
    const results = await Promise.allSettled(
      people.map((c) =>
        rt.caller(c).users.createBooking({
          merchantId: salon.id,
          serviceIds: [service],
          staffId: staff[0],
          bookingDate: localDate(1),
          bookingTime: '11:00 AM',
        }),
      ),
    );
    expect(outcome(results)).toEqual({ ok: 1, conflicts: 19, other: [] });
    const rows = await rt.deps.db.selectFrom('bookings').select('id').where('merchant_id', '=', salon.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('"any professional" with 2 staff: exactly 2 bookings, one each, and 18 × 409', async () => {
    const { salon, service, staff } = await salonWithStaff(2);
    const people = await customers(20);
    const results = await Promise.allSettled(
      people.map((c) =>
        rt
          .caller(c)
          .users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: localDate(1), bookingTime: '11:30 AM' }),
      ),
    );
    expect(outcome(results)).toEqual({ ok: 2, conflicts: 18, other: [] });
    const rows = await rt.deps.db
      .selectFrom('bookings')
      .select(['id', 'staff_id', 'user_id'])
      .where('merchant_id', '=', salon.id)
      .execute();
    expect(rows.map((r) => r.staff_id).sort()).toEqual([...staff].sort());
    // The services, notifications and jobs are written by the booking's own statement: the 18
    // refused attempts (some of them after a first professional was taken) left none behind.
    const lines = await rt.deps.db
      .selectFrom('booking_services')
      .select('booking_id')
      .where(
        'booking_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(lines).toHaveLength(2);
    const notes = await rt.deps.db
      .selectFrom('notifications')
      .select('account_id')
      .where('account_id', 'in', [salon.id, ...people.map((c) => c.id)])
      .execute();
    expect(notes.map((n) => n.account_id).sort()).toEqual([salon.id, salon.id, ...rows.map((r) => r.user_id)].sort());
    const messages = await rt.deps.db
      .selectFrom('jobs')
      .select('ref')
      .where('kind', '=', 'booking_event_messages')
      .where(
        sql<string>`payload ->> 'accountId'`,
        'in',
        people.map((c) => c.id),
      )
      .execute();
    expect(messages.map((j) => j.ref).sort()).toEqual(rows.map((r) => `booking:${r.id}`).sort());
  });

  it('gives the last use of a coupon to exactly one of the racing bookings', async () => {
    const { salon, service, staff } = await salonWithStaff(1);
    const code = await createCoupon(rt, { merchantId: salon.id, type: 'flat', value: 50, usageLimit: 1 });
    const people = await customers(5);
    const results = await Promise.allSettled(
      people.map((c, i) =>
        rt.caller(c).users.createBooking({
          merchantId: salon.id,
          serviceIds: [service],
          staffId: staff[0],
          bookingDate: localDate(1),
          bookingTime: `${10 + i}:00`,
          couponCode: code,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ code: 'BAD_REQUEST', message: 'couponCode: this coupon has reached its usage limit' });
    }
    const coupon = await rt.deps.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
    expect(coupon.used_count).toBe(1);
  });

  it('racing reschedules into one slot: one moves, the others keep their original slot', async () => {
    const { salon, service, staff } = await salonWithStaff(1);
    const people = await customers(8);
    const originals = new Map<string, string>();
    for (const [i, c] of people.entries()) {
      const r = await rt.caller(c).users.createBooking({
        merchantId: salon.id,
        serviceIds: [service],
        staffId: staff[0],
        bookingDate: localDate(2),
        bookingTime: `${9 + i}:00`,
      });
      originals.set(r.data.booking._id, r.data.booking.bookingTime);
    }
    const ids = [...originals.keys()];
    const results = await Promise.allSettled(
      people.map((c, i) => rt.caller(c).users.rescheduleBooking({ bookingId: ids[i], bookingDate: localDate(3), bookingTime: '10:00 AM' })),
    );
    expect(outcome(results)).toEqual({ ok: 1, conflicts: 7, other: [] });
    const rows = await rt.deps.db
      .selectFrom('bookings')
      .select(['id', 'booking_date', 'booking_time', 'status'])
      .where('id', 'in', ids)
      .execute();
    const moved = rows.filter((r) => r.booking_date === localDate(3));
    expect(moved).toHaveLength(1);
    for (const r of rows.filter((r) => r.booking_date !== localDate(3))) {
      expect(r).toMatchObject({ booking_date: localDate(2), booking_time: originals.get(r.id), status: 'upcoming' });
    }
  });
});
