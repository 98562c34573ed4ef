import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { createCustomer, createSalon, createService, createStaff, localDate, openingHours } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * The waitlist's gaps closed with rebooking (issue 40): accepting an offer pays as checkout does
 * (online: a held booking and the gateway's order), and an offered time booked through the normal
 * path withdraws the offer at once, so nobody is offered a time that is gone. On PostgreSQL the
 * races really run at once.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

const DAY = localDate(2);
const runJobs = () => runJobsUntilIdle(rt.deps);

async function fullDay() {
  const salon = await createSalon(rt, { openingHours: openingHours('10:00', '13:00') });
  const service = await createService(rt, salon.id, { duration: 60, price: 800 });
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
      .select(['id', 'user_id', 'status'])
      .where('merchant_id', '=', salon.id)
      .where('booking_date', '=', DAY)
      .where('booking_time', '=', time)
      .where('status', 'in', ['pending', 'upcoming', 'confirmed'])
      .execute();
  return { salon, service, staff, filler, bookings, join, activeAt };
}

const myEntry = async (c: Actor) => (await rt.caller(c).users.getMyWaitlist()).data.entries[0];
const offersAt = (merchantId: string, time: string) =>
  rt.deps.db
    .selectFrom('waitlist_offers')
    .select(['entry_id', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('booking_time', '=', time)
    .execute();

describe(`waitlist: paying like checkout, and times booked elsewhere (${DB_KIND})`, () => {
  it('accepting to pay online holds the time as a pending booking with the gateway order; paying confirms it', async () => {
    const { filler, bookings, join, activeAt } = await fullDay();
    const ana = await createCustomer(rt);
    await join(ana);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['11:00 AM'] });
    await runJobs();
    const offer = (await myEntry(ana)).offer!;
    const accepted = (await rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id, paymentMethod: 'online' })).data;
    expect(accepted.payment).toMatchObject({ bookingId: accepted.bookingId, amount: 800, status: 'created', gateway: 'test' });
    expect(accepted.checkout).toMatchObject({ amountPaise: 80_000, currency: 'INR', orderId: accepted.payment!.orderId });
    expect(await activeAt('11:00 AM')).toEqual([{ id: accepted.bookingId, user_id: ana.id, status: 'pending' }]);
    expect(await myEntry(ana)).toMatchObject({ status: 'booked', offer: { status: 'accepted', bookingId: accepted.bookingId } });

    const proof = (
      await rt.caller(ana).payments.testCheckout({ paymentId: accepted.payment!._id, method: 'upi', upiId: 'success@razorpay' })
    ).data;
    const paid = await rt.caller(ana).payments.verifyBookingPayment({ paymentId: accepted.payment!._id, ...proof });
    expect(paid.data.booking).toMatchObject({ _id: accepted.bookingId, status: 'upcoming', paymentMethod: 'online' });
  });

  it('accepting to pay from the wallet pays as checkout does; pay at the salon stays the default', async () => {
    const { filler, bookings, join } = await fullDay();
    const [ana, bo] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await join(bo);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['10:00 AM'] });
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['12:00 PM'] });
    await runJobs();
    // An empty wallet: refused as checkout refuses it, and nothing is booked.
    const anaOffer = (await myEntry(ana)).offer!;
    await expect(rt.caller(ana).users.acceptWaitlistOffer({ offerId: anaOffer._id, paymentMethod: 'wallet' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await myEntry(ana)).offer).toMatchObject({ _id: anaOffer._id, status: 'open' });
    const boOffer = (await myEntry(bo)).offer!;
    const booked = (await rt.caller(bo).users.acceptWaitlistOffer({ offerId: boOffer._id })).data;
    expect(booked).toMatchObject({ payment: null, checkout: null });
    const row = await rt.deps.db
      .selectFrom('bookings')
      .select(['payment_method', 'status'])
      .where('id', '=', booked.bookingId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_method: 'pay_at_salon', status: 'upcoming' });
    await expect(rt.caller(bo).users.acceptWaitlistOffer({ offerId: boOffer._id, paymentMethod: 'cash' as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('paymentMethod'),
    });
  });

  it('a time booked through the booking page is never offered to the next person in line', async () => {
    const { salon, service, filler, bookings, join, activeAt } = await fullDay();
    const [ana, bo] = [await createCustomer(rt), await createCustomer(rt)];
    await join(ana);
    await join(bo);
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['11:00 AM'] });
    await runJobs();
    const anaEntry = await myEntry(ana);
    const offer = anaEntry.offer!;
    expect(offer.bookingTime).toBe('11:00 AM');
    const walkIn = await createCustomer(rt);
    await rt.caller(walkIn).users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime: '11:00 AM' });
    await runJobs();
    expect(await offersAt(salon.id, '11:00 AM')).toEqual([{ entry_id: anaEntry._id, status: 'taken' }]);
    expect((await myEntry(bo)).offer).toBeNull();
    expect(await activeAt('11:00 AM')).toEqual([expect.objectContaining({ user_id: walkIn.id })]);
    // When another time frees, it goes to ana first (still first in line), then bo.
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['12:00 PM'] });
    await runJobs();
    expect((await myEntry(ana)).offer).toMatchObject({ bookingTime: '12:00 PM', status: 'open' });
    expect((await myEntry(bo)).offer).toBeNull();
  });

  it('an online accept racing a booking of the same time, and two accepts of two offers of it: one booking, no 500', async () => {
    for (let round = 0; round < 3; round++) {
      const { salon, service, filler, bookings, join, activeAt } = await fullDay();
      const ana = await createCustomer(rt);
      await join(ana);
      await rt.caller(filler).users.cancelBooking({ bookingId: bookings['10:00 AM'] });
      await runJobs();
      const offer = (await myEntry(ana)).offer!;
      const walkIn = await createCustomer(rt);
      const results = await Promise.allSettled([
        rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id, paymentMethod: round === 1 ? 'pay_at_salon' : 'online' }),
        rt.caller(walkIn).users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime: '10:00 AM' }),
        rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id }),
      ]);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      const active = await activeAt('10:00 AM');
      expect(active).toHaveLength(1);
      const winner = active[0].user_id;
      const entry = await myEntry(ana);
      if (winner === ana.id) expect(entry).toMatchObject({ status: 'booked', offer: { status: 'accepted', bookingId: active[0].id } });
      else expect(entry).toMatchObject({ status: 'waiting', offer: { _id: offer._id, status: 'taken' } });
    }
  });
});
