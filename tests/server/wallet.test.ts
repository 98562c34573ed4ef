import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { appendWallet } from '../../src/server/services/wallet/ledger.js';
import { pointsFor, refundOf, tierFor } from '../../src/shared/loyalty.js';
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

let rt: TestRuntime;
let salon: SalonFixture;
let facial: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Ledger Salon' });
  facial = await createService(rt, salon.id, { name: 'Facial', duration: 60, price: 1000, category: 'Skin' });
  await createStaff(rt, salon.id, { name: 'Nisha' });
  await createStaff(rt, salon.id, { name: 'Ravi' });
});
afterAll(async () => {
  await rt.close();
});

async function fund(c: Actor, amount: number) {
  await rt.deps.db
    .transaction()
    .execute((trx) => appendWallet(trx, { accountId: c.id, amount, kind: 'adjustment', description: 'test credit' }));
}
const book = (c: Actor, over: Record<string, unknown> = {}) =>
  rt
    .caller(c)
    .users.createBooking({ merchantId: salon.id, serviceIds: [facial], bookingDate: localDate(3), bookingTime: '10:00 AM', ...over });

describe('ledger arithmetic', () => {
  it('points, tiers and refunds', () => {
    expect(pointsFor(1999)).toBe(199);
    expect(pointsFor(9)).toBe(0);
    expect(tierFor(0)).toMatchObject({ name: 'Silver', next: { name: 'Gold', from: 1000 } });
    expect(tierFor(3000)).toMatchObject({ name: 'Platinum', next: null });
    expect(refundOf(999, 50)).toBe(499.5);
    expect(refundOf(1000, 0)).toBe(0);
  });

  it('every row carries the balance after it; the balance never goes below zero', async () => {
    const c = await createCustomer(rt);
    await fund(c, 300);
    await expect(
      rt.deps.db
        .transaction()
        .execute((trx) => appendWallet(trx, { accountId: c.id, amount: -300.01, kind: 'adjustment', description: 'x' })),
    ).rejects.toMatchObject({
      message: expect.stringContaining('not enough'),
    });
    await rt.deps.db
      .transaction()
      .execute((trx) => appendWallet(trx, { accountId: c.id, amount: -120.5, kind: 'adjustment', description: 'y' }));
    const w = await rt.caller(c).users.getWallet({});
    expect(w.data.balance).toBe(179.5);
    expect(w.data.entries.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [-120.5, 179.5],
      [300, 300],
    ]);
  });

  it('concurrent debits cannot overdraw the wallet', async () => {
    const c = await createCustomer(rt);
    await fund(c, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        rt.deps.db
          .transaction()
          .execute((trx) => appendWallet(trx, { accountId: c.id, amount: -300, kind: 'adjustment', description: 'race' })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await rt.caller(c).users.getWallet({})).data.balance).toBe(100);
  });
});

describe('paying from the wallet and refunds', () => {
  it('a wallet-paid booking is debited with it; cancelling credits the tier’s share back, once', async () => {
    const c = await createCustomer(rt);
    await fund(c, 1500);
    const made = await book(c, { paymentMethod: 'wallet' });
    expect(made.data.booking).toMatchObject({ paymentMethod: 'wallet', amountPaid: 1000, paymentReceived: true });
    expect((await rt.caller(c).users.getWallet({})).data.balance).toBe(500);
    const cancelled = await rt.caller(c).users.cancelBooking({ bookingId: made.data.booking._id });
    expect(cancelled.data).toMatchObject({ refundPercent: 100, walletCredit: 1000 });
    const w = await rt.caller(c).users.getWallet({});
    expect(w.data.balance).toBe(1500);
    expect(w.data.entries[0]).toMatchObject({ kind: 'refund', amount: 1000, bookingId: made.data.booking._id });
    const note = await rt.deps.db
      .selectFrom('notifications')
      .select('message')
      .where('account_id', '=', c.id)
      .where('title', '=', 'Booking cancelled')
      .executeTakeFirstOrThrow();
    expect(note.message).toContain('₹1,000 is back in your wallet');
  });

  it('refuses a wallet payment the balance does not cover, naming paymentMethod, and books nothing', async () => {
    const c = await createCustomer(rt);
    await fund(c, 200);
    await expect(book(c, { paymentMethod: 'wallet', bookingTime: '11:00 AM' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^paymentMethod: /),
    });
    expect(await rt.deps.db.selectFrom('bookings').select('id').where('user_id', '=', c.id).execute()).toHaveLength(0);
  });

  it('a salon cancellation refunds a prepaid booking in full; a pay-at-salon booking credits nothing', async () => {
    const c = await createCustomer(rt);
    await fund(c, 1000);
    const prepaid = await book(c, { paymentMethod: 'wallet', bookingTime: '12:00 PM' });
    const atSalon = await book(c, { bookingTime: '2:00 PM' });
    for (const b of [prepaid, atSalon]) {
      await rt
        .caller(salon.owner)
        .merchants.updateBookingStatus({ bookingId: b.data.booking._id, status: 'cancelled', cancellationReason: 'Stylist unwell' });
    }
    const w = await rt.caller(c).users.getWallet({});
    expect(w.data.balance).toBe(1000);
    expect(w.data.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
  });
});

describe('loyalty and rewards', () => {
  it("points for many completed bookings at once run on from each account's balance, in order, and skip bookings already awarded", async () => {
    const { appendPoints, awardBookingPoints, awardBookingPointsAll } = await import('../../src/server/services/wallet/ledger.js');
    const [a, b] = [await createCustomer(rt), await createCustomer(rt)];
    const ids = {
      a1: (await book(a, { bookingDate: localDate(5), bookingTime: '10:00 AM' })).data.booking._id,
      b1: (await book(b, { bookingDate: localDate(5), bookingTime: '10:00 AM' })).data.booking._id,
      a2: (await book(a, { bookingDate: localDate(5), bookingTime: '12:00 PM' })).data.booking._id,
      a3: (await book(a, { bookingDate: localDate(5), bookingTime: '2:00 PM' })).data.booking._id,
    };
    await rt.deps.db.transaction().execute(async (trx) => {
      await appendPoints(trx, { accountId: a.id, points: 40, kind: 'adjustment', description: 'welcome' });
      await awardBookingPoints(trx, { userId: a.id, bookingId: ids.a2, total: 250, salonName: 'Ledger Salon' });
      await awardBookingPointsAll(trx, [
        { userId: a.id, bookingId: ids.a1, total: 1000, salonName: 'Ledger Salon' },
        { userId: b.id, bookingId: ids.b1, total: 1234, salonName: 'Ledger Salon' },
        // Already awarded above: not written twice.
        { userId: a.id, bookingId: ids.a2, total: 250, salonName: 'Ledger Salon' },
        { userId: a.id, bookingId: ids.a3, total: 505, salonName: 'Ledger Salon' },
        // Named twice in the list: awarded once.
        { userId: a.id, bookingId: ids.a1, total: 1000, salonName: 'Ledger Salon' },
        // Under ₹10 earns nothing.
        { userId: b.id, bookingId: ids.b1, total: 5, salonName: 'Ledger Salon' },
      ]);
    });
    const entries = async (c: Actor) =>
      (await rt.caller(c).users.getLoyalty({})).data.entries.map((e) => [e.kind, e.points, e.balanceAfter]);
    expect(await entries(a)).toEqual([
      ['booking_completed', 50, 215],
      ['booking_completed', 100, 165],
      ['booking_completed', 25, 65],
      ['adjustment', 40, 40],
    ]);
    expect(await entries(b)).toEqual([['booking_completed', 123, 123]]);
    expect((await rt.caller(a).users.getLoyalty({})).data.points).toBe(215);
  });

  it('a completed booking earns points once; 500 points buy a personal ₹100 coupon that only its owner can use', async () => {
    const c = await createCustomer(rt);
    const other = await createCustomer(rt);
    await rt.deps.db.transaction().execute(async (trx) => {
      const { appendPoints } = await import('../../src/server/services/wallet/ledger.js');
      await appendPoints(trx, { accountId: c.id, points: 450, kind: 'adjustment', description: 'welcome' });
    });
    const b = await book(c, { bookingTime: '3:00 PM' });
    await rt.caller(salon.owner).merchants.updateBookingStatus({ bookingId: b.data.booking._id, status: 'confirmed' });
    await startBookingNow(rt, b.data.booking._id);
    await rt
      .caller(salon.owner)
      .merchants.updateBookingStatus({ bookingId: b.data.booking._id, status: 'completed', paymentReceived: true });
    let loyalty = await rt.caller(c).users.getLoyalty({});
    expect(loyalty.data.points).toBe(550);
    expect(loyalty.data.entries[0]).toMatchObject({ kind: 'booking_completed', points: 100 });

    const r = await rt.caller(c).users.redeemReward({});
    expect(r.data.points).toBe(50);
    expect(r.data.coupon).toMatchObject({ value: 100, used: false });
    await expect(rt.caller(c).users.redeemReward({})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^points: /),
    });
    loyalty = await rt.caller(c).users.getLoyalty({});
    expect(loyalty.data.rewards.map((x) => x.code)).toEqual([r.data.coupon.code]);

    await expect(book(other, { couponCode: r.data.coupon.code, bookingTime: '4:00 PM' })).rejects.toMatchObject({
      message: 'couponCode: this coupon belongs to another account',
    });
    const used = await book(c, { couponCode: r.data.coupon.code, bookingTime: '4:00 PM' });
    expect(used.data.booking.totalPrice).toBe(900);
    await expect(book(c, { couponCode: r.data.coupon.code, bookingTime: '5:00 PM' })).rejects.toMatchObject({
      message: expect.stringMatching(/^couponCode: /),
    });
  });
});

describe('gift cards', () => {
  it('bought with the test card, e-mailed to the recipient, redeemed once into the redeemer’s wallet', async () => {
    const buyer = await createCustomer(rt);
    const friend = await createCustomer(rt);
    await expect(
      rt.caller(buyer).users.purchaseGiftCard({ amount: 1000, paymentMethod: 'test_card', cardNumber: '4000 0000 0000 0002' }),
    ).rejects.toMatchObject({ message: 'cardNumber: the card was declined (test mode)' });
    const bought = await rt.caller(buyer).users.purchaseGiftCard({
      amount: 1500,
      paymentMethod: 'test_card',
      cardNumber: '4111 1111 1111 1111',
      recipientName: 'Anu',
      recipientEmail: friend.email,
      message: 'Enjoy!',
    });
    const code = bought.data.giftCard.code;
    expect(code).toMatch(/^GB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const mail = await rt.deps.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', friend.email).executeTakeFirstOrThrow();
    expect(mail.body).toContain(code);

    const [a, b] = await Promise.allSettled([
      rt.caller(friend).users.redeemGiftCard({ code }),
      rt.caller(buyer).users.redeemGiftCard({ code }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
    const winner = a.status === 'fulfilled' ? friend : buyer;
    expect((await rt.caller(winner).users.getWallet({})).data.balance).toBe(1500);
    await expect(rt.caller(friend).users.redeemGiftCard({ code: code.toLowerCase() })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(rt.caller(friend).users.redeemGiftCard({ code: 'GB-AAAA-BBBB-CCCC' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('bought from the wallet only when it covers the amount; validates the amount', async () => {
    const c = await createCustomer(rt);
    await fund(c, 600);
    await expect(rt.caller(c).users.purchaseGiftCard({ amount: 400, paymentMethod: 'wallet' })).rejects.toMatchObject({
      message: expect.stringMatching(/^amount: at least/),
    });
    await expect(rt.caller(c).users.purchaseGiftCard({ amount: 700, paymentMethod: 'wallet' })).rejects.toMatchObject({
      message: expect.stringMatching(/^paymentMethod: /),
    });
    await rt.caller(c).users.purchaseGiftCard({ amount: 500, paymentMethod: 'wallet' });
    expect((await rt.caller(c).users.getWallet({})).data.balance).toBe(100);
    expect((await rt.caller(c).users.getGiftCards({})).data.giftCards[0]).toMatchObject({
      amount: 500,
      status: 'active',
      purchasedByMe: true,
    });
  });

  it('needs a signed-in caller', async () => {
    await expect(rt.caller(null).users.getWallet({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(rt.caller(null).users.redeemGiftCard({ code: 'GB-AAAA-BBBB-CCCC' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('profile and preferences', () => {
  it('edits name and phone, validating the phone; preferences are stored and read back', async () => {
    const c = await createCustomer(rt);
    await expect(rt.caller(c).users.updateProfile({ firstName: 'Meera', lastName: 'Iyer', phone: '12345' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('phone'),
    });
    const r = await rt.caller(c).users.updateProfile({ firstName: 'Meera', lastName: 'Iyer', phone: '9876543210' });
    expect(r.user).toMatchObject({ firstName: 'Meera', lastName: 'Iyer', phone: '9876543210' });
    // A partial update changes only what it names; an empty last name clears it.
    expect((await rt.caller(c).users.updateProfile({ firstName: 'Meera R' })).user).toMatchObject({
      firstName: 'Meera R',
      lastName: 'Iyer',
      phone: '9876543210',
    });
    expect((await rt.caller(c).users.updateProfile({ firstName: 'Meera', lastName: '' })).user).toMatchObject({ lastName: '' });
    expect((await rt.caller(c).users.getNotificationPreferences({})).preferences).toEqual({
      reminders: true,
      email: true,
      push: true,
      marketing: false,
    });
    const p = await rt.caller(c).users.updateNotificationPreferences({ preferences: { email: false, marketing: true } });
    expect(p.preferences).toEqual({ reminders: true, email: false, push: true, marketing: true });
  });
});
