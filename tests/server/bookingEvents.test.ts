import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { appendPoints, appendWallet } from '../../src/server/services/wallet/ledger.js';
import { longDate } from '../../src/shared/dates.js';
import {
  createCustomer,
  createSalon,
  createService,
  createStaff,
  localDate,
  type SalonFixture,
  startBookingNow,
} from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* What a customer hears of their booking: in-app notifications, e-mails, pushes, and the refund texts. */

let rt: TestRuntime;
let salon: SalonFixture;
let haircut: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Tulsi Studio' });
  haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 60, price: 500 });
  await createStaff(rt, salon.id, { name: 'Asha' });
  await createStaff(rt, salon.id, { name: 'Kiran' });
});
afterAll(async () => {
  await rt.close();
});

let slot = 0;
/** Each booking of this file gets its own hour, so none clashes with another. */
const book = (c: Actor, over: Record<string, unknown> = {}) => {
  const n = slot++;
  return rt.caller(c).users.createBooking({
    merchantId: salon.id,
    serviceIds: [haircut],
    bookingDate: localDate(3 + Math.floor(n / 8)),
    bookingTime: `${9 + (n % 8)}:00`,
    ...over,
  });
};
const desk = () => rt.caller(salon.owner).merchants;

async function notes(accountId: string) {
  return rt.deps.db
    .selectFrom('notifications')
    .select(['title', 'message', 'link'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
}
const titles = async (accountId: string) => (await notes(accountId)).map((n) => n.title);
async function latest(accountId: string, title: string) {
  const n = (await notes(accountId)).find((x) => x.title === title);
  expect(n, title).toBeDefined();
  return n!.message;
}
async function emailsTo(email: string) {
  await runJobsUntilIdle(rt.deps);
  return rt.deps.db
    .selectFrom('outbox_messages')
    .select(['subject', 'body', 'meta'])
    .where('channel', '=', 'email')
    .where('recipient', '=', email)
    .orderBy('created_at')
    .execute();
}
const fund = (c: Actor, amount: number) =>
  rt.deps.db.transaction().execute((trx) => appendWallet(trx, { accountId: c.id, amount, kind: 'adjustment', description: 'test credit' }));

describe('booking events notify the customer', () => {
  it('made, rescheduled, checked in (scan, then confirm) and completed each leave an in-app notification', async () => {
    const c = await createCustomer(rt);
    const b = (await book(c)).data.booking;
    expect(await titles(c.id)).toEqual(['Booking confirmed']);

    const moved = await rt.caller(c).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(9), bookingTime: '3:00 PM' });
    expect(moved.data.booking.bookingDate).toBe(localDate(9));
    const rescheduled = await latest(c.id, 'Booking rescheduled');
    expect(rescheduled).toContain('Tulsi Studio');
    expect(rescheduled).toContain('3:00 PM');
    expect(await titles(salon.id)).toContain('Booking rescheduled');

    // Scanning the QR only finds the booking; the Confirm step checks the customer in.
    await desk().scanQRForBooking({ bookingId: b._id, merchantId: salon.id, userId: c.id });
    expect(await titles(c.id)).not.toContain('Checked in');
    await desk().updateBookingStatus({ bookingId: b._id, status: 'confirmed', merchantId: salon.id });
    expect(await latest(c.id, 'Checked in')).toContain('Tulsi Studio checked you in');

    await startBookingNow(rt, b._id);

    await desk().updateBookingStatus({ bookingId: b._id, status: 'completed', merchantId: salon.id, paymentReceived: true });
    expect(await latest(c.id, 'Booking completed')).toContain('Leave a review');
    expect(await titles(c.id)).toEqual(['Booking completed', 'Checked in', 'Booking rescheduled', 'Booking confirmed']);
    for (const n of await notes(c.id)) expect(n.link).toBe('/bookings');
  });

  it('tells the salon who booked, moved or cancelled what, as its notification settings allow', async () => {
    const c = await createCustomer(rt, { firstName: 'Meera' });
    const b = (await book(c)).data.booking;
    const when = (date: string, time: string) => `${longDate(date)} at ${time}`;
    expect(await latest(salon.id, 'New booking')).toBe(`Meera Test booked Haircut on ${when(b.bookingDate, b.bookingTime)}.`);
    await rt.caller(c).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(12), bookingTime: '4:00 PM' });
    expect(await latest(salon.id, 'Booking rescheduled')).toBe(
      `Meera Test moved Haircut from ${when(b.bookingDate, b.bookingTime)} to ${when(localDate(12), '4:00 PM')}.`,
    );
    await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    expect(await latest(salon.id, 'Booking cancelled')).toBe(`Meera Test cancelled Haircut on ${when(localDate(12), '4:00 PM')}.`);

    // New Bookings off: no notice of the next booking; Booking Changes still on.
    await rt
      .caller(salon.owner)
      .merchants.updateNotificationSettings({ merchantId: salon.id, preferences: [{ id: 'newBooking', enabled: false }] });
    const before = (await notes(salon.id)).length;
    const quiet = (await book(c)).data.booking;
    expect((await notes(salon.id)).length).toBe(before);
    expect(await titles(c.id)).toContain('Booking confirmed');
    await rt.caller(c).users.cancelBooking({ bookingId: quiet._id });
    expect((await notes(salon.id)).length).toBe(before + 1);
    // Booking Changes off too: a cancellation leaves the salon no notice.
    await rt
      .caller(salon.owner)
      .merchants.updateNotificationSettings({ merchantId: salon.id, preferences: [{ id: 'bookingChanges', enabled: false }] });
    const third = (await book(c)).data.booking;
    await rt.caller(c).users.cancelBooking({ bookingId: third._id });
    expect((await notes(salon.id)).length).toBe(before + 1);
    await rt.caller(salon.owner).merchants.updateNotificationSettings({
      merchantId: salon.id,
      preferences: [
        { id: 'newBooking', enabled: true },
        { id: 'bookingChanges', enabled: true },
      ],
    });
  });

  it('e-mails every booking event to a customer whose e-mail preference is on, and none when it is off', async () => {
    const on = await createCustomer(rt);
    const b = (await book(on)).data.booking;
    await rt.caller(on).users.rescheduleBooking({ bookingId: b._id, bookingDate: localDate(10), bookingTime: '4:00 PM' });
    await desk().updateBookingStatus({ bookingId: b._id, status: 'confirmed', merchantId: salon.id });
    await startBookingNow(rt, b._id);
    await desk().updateBookingStatus({ bookingId: b._id, status: 'completed', merchantId: salon.id, paymentReceived: true });
    const cancelled = (await book(on)).data.booking;
    await rt.caller(on).users.cancelBooking({ bookingId: cancelled._id });

    const mails = await emailsTo(on.email);
    expect(mails.map((m) => (m.meta as { event: string }).event)).toEqual([
      'made',
      'rescheduled',
      'confirmed',
      'completed',
      'made',
      'cancelledByCustomer',
    ]);
    expect(mails[0].subject).toBe('Booking confirmed · Tulsi Studio');
    expect(mails[1].body).toContain('is now on');
    expect(mails[1].body).toContain('http://localhost:3000/bookings');
    expect(mails[5].body).toContain('No payment was taken');

    const off = await createCustomer(rt);
    await rt.caller(off).users.updateNotificationPreferences({ preferences: { email: false } });
    const quiet = (await book(off)).data.booking;
    await rt.caller(off).users.cancelBooking({ bookingId: quiet._id });
    expect(await emailsTo(off.email)).toEqual([]);
    expect(await titles(off.id)).toEqual(['Booking cancelled', 'Booking confirmed']);
  });
});

describe('refunds come from what was prepaid', () => {
  it('a pay-at-salon booking cancelled by the customer: no refund figure, "No payment was taken"', async () => {
    const c = await createCustomer(rt);
    const b = (await book(c)).data.booking;
    const r = await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    expect(r.data).toEqual({ success: true, refundPercent: 100, refundAmount: 0, walletCredit: 0 });
    const message = await latest(c.id, 'Booking cancelled');
    expect(message).toContain('No payment was taken, so there is nothing to refund.');
    expect(message).not.toContain('100%');
    const wire = (await rt.caller(c).users.getBookingById({ bookingId: b._id })).data.booking;
    expect(wire).toMatchObject({ status: 'cancelled', refundPercent: 100, refundAmount: 0, amountPaid: 0, paymentMethod: 'pay_at_salon' });
  });

  it('a pay-at-salon booking cancelled by the salon does not promise a full refund', async () => {
    const c = await createCustomer(rt);
    const b = (await book(c)).data.booking;
    await desk().updateBookingStatus({ bookingId: b._id, status: 'cancelled', merchantId: salon.id, cancellationReason: 'Stylist unwell' });
    const message = await latest(c.id, 'Booking cancelled');
    expect(message).toContain('No payment was taken');
    expect(message).not.toContain('full refund');
  });

  it('a wallet-paid booking states the share of what was paid and the credit', async () => {
    const c = await createCustomer(rt);
    await fund(c, 500);
    const b = (await book(c, { paymentMethod: 'wallet' })).data.booking;
    const r = await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    expect(r.data).toMatchObject({ refundPercent: 100, refundAmount: 500, walletCredit: 500 });
    expect(await latest(c.id, 'Booking cancelled')).toContain('Refund: 100% of the ₹500 you paid. ₹500 is back in your wallet.');
    const wire = (await rt.caller(c).users.getBookingById({ bookingId: b._id })).data.booking;
    expect(wire).toMatchObject({ refundAmount: 500, amountPaid: 500 });
  });
});

describe('reward coupons and review replies', () => {
  it('a reward coupon used on a booking that is then cancelled is usable again, by customer or salon cancellation', async () => {
    const c = await createCustomer(rt);
    await rt.deps.db
      .transaction()
      .execute((trx) => appendPoints(trx, { accountId: c.id, points: 500, kind: 'adjustment', description: 'test points' }));
    const { code } = (await rt.caller(c).users.redeemReward({})).data.coupon;

    const first = (await book(c, { couponCode: code })).data.booking;
    expect(first.totalPrice).toBe(400);
    expect((await rt.caller(c).users.getLoyalty({})).data.rewards[0]).toMatchObject({ code, used: true });
    await expect(book(c, { couponCode: code })).rejects.toMatchObject({ message: expect.stringMatching(/^couponCode: /) });

    await rt.caller(c).users.cancelBooking({ bookingId: first._id });
    expect((await rt.caller(c).users.getLoyalty({})).data.rewards[0]).toMatchObject({ code, used: false });

    const second = (await book(c, { couponCode: code })).data.booking;
    expect(second.discount).toBe(100);
    await desk().updateBookingStatus({
      bookingId: second._id,
      status: 'cancelled',
      merchantId: salon.id,
      cancellationReason: 'Closed for repairs',
    });
    expect((await rt.caller(c).users.getLoyalty({})).data.rewards[0]).toMatchObject({ code, used: false });
    const third = (await book(c, { couponCode: code })).data.booking;
    expect(third.totalPrice).toBe(400);
  });

  it('a cancelled booking does not give back a use of a salon coupon', async () => {
    const c = await createCustomer(rt);
    await rt.deps.db
      .insertInto('coupons')
      .values({ merchant_id: salon.id, code: 'TULSI50', description: '₹50 off', discount_type: 'flat', discount_value: 50, usage_limit: 5 })
      .execute();
    const b = (await book(c, { couponCode: 'TULSI50' })).data.booking;
    await rt.caller(c).users.cancelBooking({ bookingId: b._id });
    const row = await rt.deps.db.selectFrom('coupons').select('used_count').where('code', '=', 'TULSI50').executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
  });

  it('the first reply to a review reaches the customer in the app and by push', async () => {
    const c = await createCustomer(rt);
    await rt.deps.db
      .insertInto('push_subscriptions')
      .values({
        account_id: c.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/review-${c.id}`,
        p256dh: 'B'.repeat(87),
        auth: 'A'.repeat(22),
      })
      .execute();
    const b = (await book(c)).data.booking;
    await desk().updateBookingStatus({ bookingId: b._id, status: 'confirmed', merchantId: salon.id });
    await startBookingNow(rt, b._id);
    await desk().updateBookingStatus({ bookingId: b._id, status: 'completed', merchantId: salon.id, paymentReceived: true });
    const review = await rt.caller(c).reviewRoutes.createReview({ bookingId: b._id, rating: 5, comment: 'Lovely cut' });
    const reviewId = (review as { review: { _id: string } }).review._id;
    await rt.caller(salon.owner).reviewRoutes.respondToReview({ reviewId, merchantId: salon.id, responseText: 'Thank you, see you soon!' });
    expect(await latest(c.id, 'Your review got a reply')).toContain('Tulsi Studio replied');
    const pushes = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body', 'meta'])
      .where('channel', '=', 'push')
      .where('account_id', '=', c.id)
      .execute();
    const reply = pushes.find((p) => (p.meta as { purpose?: string }).purpose === 'review_reply');
    expect(reply).toBeDefined();
    expect(JSON.parse(reply!.body)).toMatchObject({ title: 'Your review got a reply', url: '/bookings' });
  });
});
