import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { matchWaitlistDay } from '../../src/server/services/waitlist/match.js';
import { createCustomer, createSalon, createService, createStaff, localDate, openingHours } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * On PostgreSQL these requests really run at once (a pool of connections): only the offer row's
 * lock, the advisory lock of a matching run, and the exclusion constraints can keep the outcome
 * right. On PGlite they are serialized and the same outcome must hold.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

const DAY = localDate(2);

async function fullDay() {
  const salon = await createSalon(rt, { openingHours: openingHours('10:00', '13:00') });
  const service = await createService(rt, salon.id, { duration: 60 });
  const staff = await createStaff(rt, salon.id);
  const filler = await createCustomer(rt);
  const bookings: Record<string, string> = {};
  for (const time of ['10:00 AM', '11:00 AM', '12:00 PM']) {
    const made = await rt
      .caller(filler)
      .users.createBooking({ merchantId: salon.id, serviceIds: [service], staffId: staff, bookingDate: DAY, bookingTime: time });
    bookings[time] = made.data.booking._id;
  }
  const join = (c: Actor) =>
    rt.caller(c).users.joinWaitlist({ merchantId: salon.id, serviceIds: [service], date: DAY, fromTime: '10:00', toTime: '13:00' });
  const activeAt = async (time: string) =>
    rt.deps.db
      .selectFrom('bookings')
      .select(['id', 'user_id'])
      .where('merchant_id', '=', salon.id)
      .where('booking_date', '=', DAY)
      .where('booking_time', '=', time)
      .where('status', 'in', ['pending', 'upcoming', 'confirmed'])
      .execute();
  return { salon, service, staff, filler, bookings, join, activeAt };
}

const myEntry = async (c: Actor) => (await rt.caller(c).users.getMyWaitlist()).data.entries[0];

describe(`waitlist races (${DB_KIND})`, () => {
  it('one offer accepted twice at once and by another customer: one booking, the same answer twice, a 404', async () => {
    const { filler, bookings, join, activeAt } = await fullDay();
    const [ana, mallory] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['11:00 AM'] });
    await runJobsUntilIdle(rt.deps);
    const offerId = (await myEntry(ana)).offer!._id;
    const results = await Promise.allSettled([
      rt.caller(ana).users.acceptWaitlistOffer({ offerId }),
      rt.caller(ana).users.acceptWaitlistOffer({ offerId }),
      rt.caller(mallory).users.acceptWaitlistOffer({ offerId }),
    ]);
    const [a, b, m] = results;
    expect(a.status === 'fulfilled' && b.status === 'fulfilled' && a.value.data.bookingId === b.value.data.bookingId).toBe(true);
    expect(m).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
    expect(await activeAt('11:00 AM')).toEqual([
      { id: (a as PromiseFulfilledResult<{ data: { bookingId: string } }>).value.data.bookingId, user_id: ana.id },
    ]);
  });

  it('an accepted offer racing a booking from the booking page for the same time: exactly one booking', async () => {
    const { salon, service, filler, bookings, join, activeAt } = await fullDay();
    const [ana, walkIn] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['12:00 PM'] });
    await runJobsUntilIdle(rt.deps);
    const offer = (await myEntry(ana)).offer!;
    const [accepted, booked] = await Promise.allSettled([
      rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id }),
      rt.caller(walkIn).users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime: '12:00 PM' }),
    ]);
    const holders = await activeAt('12:00 PM');
    expect(holders).toHaveLength(1);
    expect([accepted.status, booked.status].sort()).toEqual(['fulfilled', 'rejected']);
    const loser = (accepted.status === 'rejected' ? accepted : booked) as PromiseRejectedResult;
    expect(loser.reason.code).toBe('CONFLICT');
    if (accepted.status === 'rejected') {
      expect(holders[0].user_id).toBe(walkIn.id);
      expect(await myEntry(ana)).toMatchObject({ status: 'waiting', offer: { status: 'taken' } });
    } else {
      expect(holders[0].user_id).toBe(ana.id);
      expect((await myEntry(ana)).status).toBe('booked');
    }
  });

  it('a cancellation racing a new booking for its time: never two bookings, and an offer only for a time left free', async () => {
    const { salon, service, filler, bookings, join, activeAt } = await fullDay();
    const [ana, walkIn] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    const [cancelled, booked] = await Promise.allSettled([
      rt.caller(filler).users.cancelBooking({ bookingId: bookings['10:00 AM'] }),
      rt.caller(walkIn).users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime: '10:00 AM' }),
    ]);
    expect(cancelled.status).toBe('fulfilled');
    await runJobsUntilIdle(rt.deps);
    const holders = await activeAt('10:00 AM');
    const offer = (await myEntry(ana)).offer;
    if (booked.status === 'fulfilled') {
      expect(holders).toEqual([{ id: booked.value.data.booking._id, user_id: walkIn.id }]);
      expect(offer).toBeNull();
    } else {
      expect(booked.reason.code).toBe('CONFLICT');
      expect(holders).toEqual([]);
      expect(offer).toMatchObject({ status: 'open', bookingTime: '10:00 AM' });
    }
  });

  it('matching runs for one day at once: the freed time is offered once, to the first in line', async () => {
    const { salon, bookings, join } = await fullDay();
    const people = await Promise.all(Array.from({ length: 5 }, () => createCustomer(rt)));
    for (const c of people) await join(c);
    await rt.deps.db.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', bookings['11:00 AM']).execute();
    const now = new Date();
    const made = await Promise.all(
      Array.from({ length: 4 }, () => rt.deps.db.transaction().execute((trx) => matchWaitlistDay(trx, salon.id, DAY, now))),
    );
    expect(made.reduce((n, m) => n + m, 0)).toBe(1);
    const open = await rt.deps.db
      .selectFrom('waitlist_offers')
      .select('entry_id')
      .where('merchant_id', '=', salon.id)
      .where('status', '=', 'open')
      .execute();
    expect(open).toEqual([{ entry_id: (await myEntry(people[0]))._id }]);
  });
});
