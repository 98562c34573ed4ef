import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { releaseLapsedHolds } from '../../src/server/services/payments/holds.js';
import { appendWallet } from '../../src/server/services/wallet/ledger.js';
import { createCustomer, createSalon, createService, createStaff, localDate, openingHours } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * A waitlist offer accepted to pay online holds its time as a pending booking (docs/waitlist.md).
 * When that payment never comes, the release (the minute sweep, or the booking that wants the time)
 * puts the entry back to waiting in its old place, in the same transaction, and tells the customer
 * as other waitlist events do. On PostgreSQL the release and bookings of the same day really run at
 * once: the release must never deadlock with them nor reopen an entry twice.
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
const TITLE = 'Waitlist time released';

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
const lapse = (bookingId: string) =>
  rt.deps.db
    .updateTable('bookings')
    .set({ hold_expires_at: new Date(Date.now() - 60_000) })
    .where('id', '=', bookingId)
    .execute();
const notes = (accountId: string) =>
  rt.deps.db.selectFrom('notifications').select(['title', 'message', 'link']).where('account_id', '=', accountId).execute();

/** Ana waits, is offered 11:00 and accepts it to pay online: the time is held for her payment. */
async function heldFromWaitlist(opts: { walletShare?: number } = {}) {
  const day = await fullDay();
  const ana = await createCustomer(rt);
  if (opts.walletShare) {
    await rt.deps.db
      .transaction()
      .execute((trx) =>
        appendWallet(trx, { accountId: ana.id, amount: opts.walletShare!, kind: 'adjustment', description: 'test credit' }),
      );
  }
  await day.join(ana);
  await rt.caller(day.filler).users.cancelBooking({ bookingId: day.bookings['11:00 AM'] });
  await runJobs();
  const offer = (await myEntry(ana)).offer!;
  const accepted = (
    await rt.caller(ana).users.acceptWaitlistOffer({ offerId: offer._id, paymentMethod: 'online', useWallet: Boolean(opts.walletShare) })
  ).data;
  expect(await myEntry(ana)).toMatchObject({ status: 'booked' });
  return { ...day, ana, offer, accepted };
}

describe(`waitlist: an online payment's hold lapsing (${DB_KIND})`, () => {
  it('the sweep puts the entry back to waiting in its place, tells the customer once, and gives the wallet share back', async () => {
    const { salon, filler, bookings, join, activeAt, ana, offer, accepted } = await heldFromWaitlist({ walletShare: 300 });
    const bo = await createCustomer(rt);
    await join(bo);
    await lapse(accepted.bookingId);
    const released = await releaseLapsedHolds(rt.deps.db, new Date());
    expect(released.map((b) => b.id)).toContain(accepted.bookingId);
    expect(await activeAt('11:00 AM')).toEqual([]);
    const entry = await myEntry(ana);
    expect(entry).toMatchObject({ status: 'waiting', offer: { _id: offer._id, status: 'expired' } });
    // Told once, as the waitlist's other events tell: in the app (not the plain "Booking not confirmed"), by e-mail.
    const anaNotes = await notes(ana.id);
    expect(anaNotes.filter((n) => n.title === TITLE)).toEqual([
      { title: TITLE, message: expect.stringContaining('You are still on the waitlist'), link: '/bookings?tab=waitlist' },
    ]);
    expect(anaNotes.find((n) => n.title === TITLE)!.message).toContain('₹300');
    expect(anaNotes.filter((n) => n.title === 'Booking not confirmed')).toEqual([]);
    expect((await rt.caller(ana).users.getWallet({})).data.balance).toBe(300);
    // A second sweep changes nothing.
    await releaseLapsedHolds(rt.deps.db, new Date());
    expect((await notes(ana.id)).filter((n) => n.title === TITLE)).toHaveLength(1);
    await runJobs();
    const mails = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['channel', 'subject'])
      .where('account_id', '=', ana.id)
      .where('meta', '@>', JSON.stringify({ event: 'waitlistHoldLapsed' }) as never)
      .execute();
    expect(mails).toEqual([{ channel: 'email', subject: expect.stringMatching(new RegExp(`^${TITLE} · Salon`)) }]);
    // The released 11:00 went to the next in line (never to ana twice); ana, still first, gets the next time.
    expect((await myEntry(bo)).offer).toMatchObject({ bookingTime: '11:00 AM', status: 'open' });
    await rt.caller(filler).users.cancelBooking({ bookingId: bookings['12:00 PM'] });
    await runJobs();
    expect((await myEntry(ana)).offer).toMatchObject({ bookingTime: '12:00 PM', status: 'open' });
    const day = await rt.caller(salon.owner).merchants.getWaitlist({ date: DAY });
    expect(day.data.entries.map((e) => [e.position, e.status])).toEqual([
      [1, 'waiting'],
      [2, 'waiting'],
    ]);
  });

  it('a booking that takes the lapsed time releases it in its own transaction, and the entry waits again', async () => {
    const { salon, service, activeAt, ana, accepted } = await heldFromWaitlist();
    await lapse(accepted.bookingId);
    const walkIn = await createCustomer(rt);
    const made = await rt
      .caller(walkIn)
      .users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime: '11:00 AM' });
    expect(made.data.booking.status).toBe('upcoming');
    expect(await activeAt('11:00 AM')).toEqual([expect.objectContaining({ user_id: walkIn.id })]);
    expect(await myEntry(ana)).toMatchObject({ status: 'waiting', offer: { status: 'expired' } });
    expect((await notes(ana.id)).filter((n) => n.title === TITLE)).toHaveLength(1);
  });

  it('a hold paid in time keeps the entry booked; the sweep leaves it', async () => {
    const { ana, accepted } = await heldFromWaitlist();
    const proof = (
      await rt.caller(ana).payments.testCheckout({ paymentId: accepted.payment!._id, method: 'upi', upiId: 'success@razorpay' })
    ).data;
    await rt.caller(ana).payments.verifyBookingPayment({ paymentId: accepted.payment!._id, ...proof });
    await releaseLapsedHolds(rt.deps.db, new Date(Date.now() + 24 * 3_600_000));
    expect(await myEntry(ana)).toMatchObject({ status: 'booked', offer: { status: 'accepted', bookingId: accepted.bookingId } });
  });

  it('the release racing bookings of the same day, many times: no deadlock, no 500, one booking a time, told once', async () => {
    const rounds = DB_KIND === 'pg' ? 10 : 2;
    for (let round = 0; round < rounds; round++) {
      const { salon, service, filler, bookings, activeAt, ana, accepted } = await heldFromWaitlist();
      // 10:00 frees too (its matching job not yet run), so one booking takes another time of the day.
      await rt.caller(filler).users.cancelBooking({ bookingId: bookings['10:00 AM'] });
      await lapse(accepted.bookingId);
      const [walkIn, other] = [await createCustomer(rt), await createCustomer(rt)];
      const book = (c: Actor, bookingTime: string) =>
        rt.caller(c).users.createBooking({ merchantId: salon.id, serviceIds: [service], bookingDate: DAY, bookingTime });
      const results = await Promise.allSettled([
        rt.deps.db.transaction().execute((trx) => releaseLapsedHolds(trx, new Date())),
        book(walkIn, '11:00 AM'),
        book(other, '10:00 AM'),
        rt.deps.db.transaction().execute((trx) => releaseLapsedHolds(trx, new Date())),
      ]);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      // The other time's booking never conflicts with the release.
      expect(results[2].status).toBe('fulfilled');
      // The lapsed hold is gone either way; the walk-in has 11:00 unless it looked while the sweep held the hold.
      const at11 = await activeAt('11:00 AM');
      expect(at11.length).toBeLessThanOrEqual(1);
      expect(at11.every((b) => b.user_id === walkIn.id)).toBe(true);
      if (results[1].status === 'rejected') expect(at11).toEqual([]);
      expect(
        (await rt.deps.db.selectFrom('bookings').select('status').where('id', '=', accepted.bookingId).executeTakeFirstOrThrow()).status,
      ).toBe('cancelled');
      expect(await myEntry(ana)).toMatchObject({ status: 'waiting', offer: { status: 'expired' } });
      expect((await notes(ana.id)).filter((n) => n.title === TITLE)).toHaveLength(1);
      await runJobs();
    }
  });
});
