import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGatewayPayment } from '../../src/server/adapters/payments/index.js';
import type { Actor } from '../../src/server/deps.js';
import { SLOT_TAKEN } from '../../src/server/errors.js';
import { RAZORPAY_WEBHOOK_PATH } from '../../src/server/http/paymentWebhook.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { releaseLapsedHolds } from '../../src/server/services/payments/holds.js';
import { appendWallet } from '../../src/server/services/wallet/ledger.js';
import { createCustomer, createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

const WEBHOOK_SECRET = 'whsec_test_glowbook';
let rt: TestRuntime;
let base: string;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

let day = 2;
/** A salon with one professional and a ₹500 hour, and a fresh date for each test (no two tests share a slot). */
async function salon() {
  const s = await createSalon(rt);
  const service = await createService(rt, s.id, { duration: 60, price: 500 });
  const staff = await createStaff(rt, s.id);
  return { salon: s, service, staff, date: localDate(day++) };
}

type Setup = Awaited<ReturnType<typeof salon>>;
const booking = (s: Setup, time = '11:00 AM') => ({
  merchantId: s.salon.id,
  serviceIds: [s.service],
  staffId: s.staff,
  bookingDate: s.date,
  bookingTime: time,
});

async function start(c: Actor, s: Setup, opts: { useWallet?: boolean; time?: string } = {}) {
  return (await rt.caller(c).payments.startBookingPayment({ ...booking(s, opts.time), useWallet: opts.useWallet })).data;
}

/** Pays in the test checkout and verifies, as the browser does. */
async function payAndVerify(c: Actor, paymentId: string) {
  const proof = (await rt.caller(c).payments.testCheckout({ paymentId, method: 'upi', upiId: 'success@razorpay' })).data;
  return rt.caller(c).payments.verifyBookingPayment({ paymentId, ...proof });
}

const bookingRow = (id: string) => rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentRow = (id: string) => rt.deps.db.selectFrom('booking_payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Amounts as numbers (PGlite answers numeric as a number, PostgreSQL as text). */
const refundsOf = async (bookingId: string) =>
  (await rt.deps.db.selectFrom('booking_refunds').selectAll().where('booking_id', '=', bookingId).execute()).map((r) => ({
    ...r,
    amount: Number(r.amount),
  }));
const notificationsOf = (accountId: string, title: string) =>
  rt.deps.db.selectFrom('notifications').select('message').where('account_id', '=', accountId).where('title', '=', title).execute();
async function walletOf(accountId: string): Promise<number> {
  return (await rt.caller({ id: accountId, role: 'customer', email: 'x@test.in' } as Actor).users.getWallet({})).data.balance;
}
async function expireHold(bookingId: string) {
  await rt.deps.db
    .updateTable('bookings')
    .set({ hold_expires_at: new Date(Date.now() - 60_000) })
    .where('id', '=', bookingId)
    .execute();
}

function webhook(body: unknown, opts: { secret?: string; eventId?: string } = {}) {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', opts.secret ?? WEBHOOK_SECRET)
    .update(raw)
    .digest('hex');
  return fetch(`${base}${RAZORPAY_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(opts.eventId ? { 'x-razorpay-event-id': opts.eventId } : {}),
    },
    body: raw,
  });
}
const captured = (orderId: string, paymentId: string, paise: number) => ({
  event: 'payment.captured',
  payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: paise, status: 'captured' } } },
});

describe(`pay now at checkout (${DB_KIND})`, () => {
  it('holds the slot while the order is open, then confirms it once the test UPI payment is verified', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const { booking: held, payment, checkout } = await start(c, s);
    expect(held.status).toBe('pending');
    expect(payment).toMatchObject({ status: 'created', amount: 500, walletAmount: 0 });
    expect(checkout).toMatchObject({ gateway: 'test', testMode: true, checkoutKey: null, amount: 500, amountPaise: 50000 });
    expect(new Date(payment.holdExpiresAt!).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    // Held means taken: nobody else books it, and the slot is not offered.
    const other = await createCustomer(rt);
    await expect(rt.caller(other).users.createBooking(booking(s))).rejects.toMatchObject({ code: 'CONFLICT', message: SLOT_TAKEN });
    const slots = await rt
      .caller(other)
      .users.getAvailableSlots({ merchantId: s.salon.id, serviceIds: [s.service], staffId: s.staff, date: s.date });
    expect(JSON.stringify(slots)).not.toContain('"11:00 AM"');
    // Nobody is told of a booking that is not paid yet.
    expect(await notificationsOf(c.id, 'Booking confirmed')).toHaveLength(0);

    const verified = await payAndVerify(c, payment._id);
    expect(verified.data.booking).toMatchObject({ status: 'upcoming', paymentMethod: 'online', amountPaid: 500, paymentReceived: true });
    expect(verified.data.payment).toMatchObject({ status: 'paid', holdExpiresAt: null });
    expect(verified.data.payment.reference).toMatch(/^test_pay_/);
    // Verifying the same proof again answers the same and changes nothing.
    const again = await payAndVerify(c, payment._id);
    expect(again.data.payment.reference).toBe(verified.data.payment.reference);
    expect(await notificationsOf(c.id, 'Booking confirmed')).toHaveLength(1);
    expect((await bookingRow(held._id)).hold_expires_at).toBeNull();
  });

  it("refuses another customer's payment, a tampered signature, another order and a declined test payment", async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const stranger = await createCustomer(rt);
    const { payment } = await start(c, s);
    const proof = (await rt.caller(c).payments.testCheckout({ paymentId: payment._id, method: 'card', cardNumber: '4111 1111 1111 1111' }))
      .data;
    await expect(
      rt.caller(stranger).payments.testCheckout({ paymentId: payment._id, method: 'upi', upiId: 'success@razorpay' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(stranger).payments.verifyBookingPayment({ paymentId: payment._id, ...proof })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await rt.caller(stranger).payments.myPayments({})).data.payments).toEqual([]);
    const tampered = `${proof.razorpay_signature.slice(0, -2)}${proof.razorpay_signature.endsWith('00') ? '11' : '00'}`;
    await expect(
      rt.caller(c).payments.verifyBookingPayment({ paymentId: payment._id, ...proof, razorpay_signature: tampered }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^razorpay_signature:/),
    });
    // A real signature of another order (paid by someone else) does not pay this one.
    const s2 = await salon();
    const other = await start(stranger, s2);
    const otherProof = testGatewayPayment(other.payment.orderId);
    await expect(
      rt.caller(c).payments.verifyBookingPayment({
        paymentId: payment._id,
        razorpay_order_id: other.payment.orderId,
        razorpay_payment_id: otherProof.paymentId,
        razorpay_signature: otherProof.signature,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^razorpay_order_id:/) });
    await expect(
      rt.caller(c).payments.testCheckout({ paymentId: payment._id, method: 'upi', upiId: 'failure@razorpay' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^upiId:/),
    });
    await expect(
      rt.caller(c).payments.testCheckout({ paymentId: payment._id, method: 'card', cardNumber: '4000000000000002' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await paymentRow(payment._id)).status).toBe('created');
    // Bad input names its field.
    await expect(rt.caller(c).payments.testCheckout({ paymentId: payment._id, method: 'upi' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('upiId'),
    });
    // The proof still works once, afterwards.
    expect((await rt.caller(c).payments.verifyBookingPayment({ paymentId: payment._id, ...proof })).data.payment.status).toBe('paid');
  });

  it('takes part from the wallet; an abandoned payment releases the slot and gives the wallet share back', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    await rt.deps.db
      .transaction()
      .execute((trx) => appendWallet(trx, { accountId: c.id, amount: 200, kind: 'adjustment', description: 'test credit' }));
    const { booking: held, payment } = await start(c, s, { useWallet: true });
    expect(payment).toMatchObject({ amount: 300, walletAmount: 200 });
    expect(await walletOf(c.id)).toBe(0);
    await expireHold(held._id);
    const released = await releaseLapsedHolds(rt.deps.db, new Date());
    expect(released.map((b) => b.id)).toContain(held._id);
    expect((await bookingRow(held._id)).status).toBe('cancelled');
    expect((await paymentRow(payment._id)).status).toBe('expired');
    expect(await walletOf(c.id)).toBe(200);
    expect(await notificationsOf(c.id, 'Booking not confirmed')).toHaveLength(1);
    // A second sweep finds nothing more to give back.
    await releaseLapsedHolds(rt.deps.db, new Date());
    expect(await walletOf(c.id)).toBe(200);
  });

  it('a payment verified after its hold lapsed and the slot went to someone else is refunded in full, and the customer told', async () => {
    const s = await salon();
    const late = await createCustomer(rt);
    const { booking: held, payment } = await start(late, s);
    await expireHold(held._id);
    // The slot is offered again, and the next booking takes it, releasing the lapsed hold in its own transaction.
    const taker = await createCustomer(rt);
    const made = await rt.caller(taker).users.createBooking(booking(s));
    expect(made.data.booking.status).toBe('upcoming');
    expect((await bookingRow(held._id)).status).toBe('cancelled');
    await expect(payAndVerify(late, payment._id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('refunded in full'),
    });
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'late' });
    const [refund] = await refundsOf(held._id);
    expect(refund).toMatchObject({ reason: 'late_payment', status: 'processed', amount: 500 });
    expect(refund.gateway_refund_id).toMatch(/^test_rfnd_/);
    expect(await notificationsOf(late.id, 'Payment refunded')).toHaveLength(1);
    const mail = await rt.deps.db.selectFrom('outbox_messages').select('subject').where('account_id', '=', late.id).execute();
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('is being refunded'), expect.stringContaining('Refund processed')]),
    );
    const mine = (await rt.caller(late).payments.myPayments({ bookingId: held._id })).data.payments;
    expect(mine[0]).toMatchObject({ status: 'late', refunds: [{ status: 'processed', reason: 'late_payment' }] });
  });

  it('cancelling refunds the tier to the method paid with, or to the wallet at once when chosen', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const a = await start(c, s, { time: '10:00 AM' });
    await payAndVerify(c, a.payment._id);
    const cancelled = await rt.caller(c).users.cancelBooking({ bookingId: a.booking._id });
    expect(cancelled.data).toMatchObject({ refundPercent: 100, refundAmount: 500, walletCredit: 0 });
    expect(await refundsOf(a.booking._id)).toMatchObject([{ reason: 'cancellation', status: 'processed', amount: 500 }]);
    expect(await walletOf(c.id)).toBe(0);

    const b = await start(c, s, { time: '02:00 PM' });
    await payAndVerify(c, b.payment._id);
    const toWallet = await rt.caller(c).users.cancelBooking({ bookingId: b.booking._id, refundTo: 'wallet' });
    expect(toWallet.data).toMatchObject({ refundPercent: 100, walletCredit: 500 });
    expect(await refundsOf(b.booking._id)).toEqual([]);
    expect(await walletOf(c.id)).toBe(500);
    // Another customer cannot cancel (or read) it.
    const stranger = await createCustomer(rt);
    await expect(rt.caller(stranger).users.cancelBooking({ bookingId: a.booking._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe(`a salon cancelling a booking paid online (${DB_KIND})`, () => {
  it('refunds it in full to the method paid with, through the refund job', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const { booking: held, payment } = await start(c, s);
    await payAndVerify(c, payment._id);
    await rt.caller(s.salon.owner).merchants.updateBookingStatus({
      bookingId: held._id,
      status: 'cancelled',
      merchantId: s.salon.id,
      cancellationReason: 'Stylist unwell',
    });
    expect(await refundsOf(held._id)).toMatchObject([{ reason: 'cancellation', status: 'initiated', amount: 500 }]);
    // Its job hands it to the gateway (the test gateway processes it at once).
    await runJobsUntilIdle(rt.deps);
    expect(await refundsOf(held._id)).toMatchObject([{ status: 'processed' }]);
    expect(await walletOf(c.id)).toBe(0);
    const [note] = await notificationsOf(c.id, 'Booking cancelled');
    expect(note.message).toContain('is being refunded to the card or UPI account you paid with');
  });
});

describe(`Razorpay webhooks (${DB_KIND})`, () => {
  it('a signed payment.captured confirms the booking whose browser never came back; replays and bad signatures change nothing', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const { booking: held, payment } = await start(c, s);
    const bad = await webhook(captured(payment.orderId, 'pay_web_1', 50000), { secret: 'wrong' });
    expect(bad.status).toBe(400);
    expect((await bookingRow(held._id)).status).toBe('pending');
    // A tampered amount is not applied.
    const wrongAmount = await webhook(captured(payment.orderId, 'pay_web_1', 100), { eventId: 'evt_amount' });
    expect(wrongAmount.status).toBe(200);
    expect((await bookingRow(held._id)).status).toBe('pending');

    const good = await webhook(captured(payment.orderId, 'pay_web_1', 50000), { eventId: 'evt_1' });
    expect(good.status).toBe(200);
    const confirmed = await bookingRow(held._id);
    expect({ ...confirmed, amount_paid: Number(confirmed.amount_paid) }).toMatchObject({
      status: 'upcoming',
      payment_method: 'online',
      amount_paid: 500,
    });
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'paid', reference: 'pay_web_1' });
    const replay = await webhook(captured(payment.orderId, 'pay_web_1', 50000), { eventId: 'evt_1' });
    expect(await replay.json()).toMatchObject({ message: 'already received' });
    // order.paid for the same payment (another event id) finds it applied.
    const orderPaid = await webhook({ ...captured(payment.orderId, 'pay_web_1', 50000), event: 'order.paid' }, { eventId: 'evt_2' });
    expect(await orderPaid.json()).toMatchObject({ message: 'already applied' });
    expect(await notificationsOf(c.id, 'Booking confirmed')).toHaveLength(1);
    // No secret check can be skipped: no signature at all is 400 too.
    const unsigned = await fetch(`${base}${RAZORPAY_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(400);
  });

  it('refund.processed and refund.failed settle a refund once, whatever order they come in', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const { booking: held, payment } = await start(c, s);
    await payAndVerify(c, payment._id);
    // A refund the gateway has accepted but not yet processed (as Razorpay answers).
    await rt.caller(c).users.cancelBooking({ bookingId: held._id });
    const [refund] = await refundsOf(held._id);
    await rt.deps.db.updateTable('booking_refunds').set({ status: 'initiated' }).where('id', '=', refund.id).execute();
    const entity = { id: refund.gateway_refund_id, payment_id: 'x', receipt: `brf_${refund.id.replace(/-/g, '')}` };
    const processed = await webhook({ event: 'refund.processed', payload: { refund: { entity } } }, { eventId: 'evt_rf_1' });
    expect(await processed.json()).toMatchObject({ message: 'refund processed' });
    const failedLater = await webhook({ event: 'refund.failed', payload: { refund: { entity } } }, { eventId: 'evt_rf_2' });
    expect(await failedLater.json()).toMatchObject({ message: 'already settled' });
    expect((await refundsOf(held._id))[0].status).toBe('processed');
    expect((await rt.caller(c).payments.myPayments({ bookingId: held._id })).data.payments[0].refunds).toMatchObject([
      { status: 'processed' },
    ]);
  });
});

describe(`payment races (${DB_KIND})`, () => {
  it('the webhook and the browser verifying the same payment at once: one confirmation', async () => {
    const s = await salon();
    const c = await createCustomer(rt);
    const { booking: held, payment } = await start(c, s);
    const proof = (await rt.caller(c).payments.testCheckout({ paymentId: payment._id, method: 'upi', upiId: 'success@razorpay' })).data;
    const results = await Promise.allSettled([
      rt.caller(c).payments.verifyBookingPayment({ paymentId: payment._id, ...proof }),
      webhook(captured(payment.orderId, proof.razorpay_payment_id, 50000), { eventId: 'evt_race_1' }),
      rt.caller(c).payments.verifyBookingPayment({ paymentId: payment._id, ...proof }),
      webhook(captured(payment.orderId, proof.razorpay_payment_id, 50000), { eventId: 'evt_race_2' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((await bookingRow(held._id)).status).toBe('upcoming');
    expect(await notificationsOf(c.id, 'Booking confirmed')).toHaveLength(1);
    expect(await refundsOf(held._id)).toEqual([]);
  });

  it('two tabs paying for one slot: one booking, the other payment refunded', async () => {
    const s = await salon();
    const first = await createCustomer(rt);
    const second = await createCustomer(rt);
    const a = await start(first, s);
    const proofA = (await rt.caller(first).payments.testCheckout({ paymentId: a.payment._id, method: 'upi', upiId: 'success@razorpay' }))
      .data;
    await expireHold(a.booking._id);
    // The first tab's payment comes back as the second tab takes the lapsed slot and pays for it.
    const [verifyA, takeB] = await Promise.allSettled([
      rt.caller(first).payments.verifyBookingPayment({ paymentId: a.payment._id, ...proofA }),
      start(second, s).then((b) => payAndVerify(second, b.payment._id)),
    ]);
    const live = await rt.deps.db
      .selectFrom('bookings')
      .select(['id', 'user_id', 'status'])
      .where('merchant_id', '=', s.salon.id)
      .where('status', 'in', ['pending', 'upcoming'])
      .execute();
    expect(live).toHaveLength(1);
    const paid = await rt.deps.db
      .selectFrom('booking_payments')
      .select(['status', 'user_id'])
      .where('merchant_id', '=', s.salon.id)
      .execute();
    if (live[0].user_id === first.id) {
      // The first payment was in time: the second tab found the slot taken and no money moved.
      expect(verifyA.status).toBe('fulfilled');
      expect(takeB).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
      expect(paid).toEqual([{ status: 'paid', user_id: first.id }]);
    } else {
      expect(verifyA).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
      expect(takeB.status).toBe('fulfilled');
      expect(paid).toEqual(
        expect.arrayContaining([
          { status: 'late', user_id: first.id },
          { status: 'paid', user_id: second.id },
        ]),
      );
      expect(await refundsOf(a.booking._id)).toMatchObject([{ reason: 'late_payment', status: 'processed', amount: 500 }]);
    }
  });
});

describe('the API document', () => {
  it('lists the payment operations with their errors', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    for (const [path, method, statuses] of [
      ['/payments/startBookingPayment', 'post', ['400', '401', '403', '404', '409', '503']],
      ['/payments/verifyBookingPayment', 'post', ['400', '401', '404', '409', '503']],
      ['/payments/testCheckout', 'post', ['400', '404']],
      ['/payments/myPayments', 'get', ['400', '401']],
      ['/payments/options', 'get', ['401']],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toBeTruthy();
      for (const status of statuses) expect(Object.keys(op!.responses), `${path} ${status}`).toContain(status);
    }
  });
});
