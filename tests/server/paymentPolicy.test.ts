import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { paymentReceiptFor, renderPaymentReceiptPdf } from '../../src/server/services/payments/receipt.js';
import { createCustomer, createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/* Payment policy, deposits, the upheld no-show dispute and receipts (docs/payments.md). */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

let day = 3;
/** A ₹1,000 salon asking for a 30 % deposit, with one professional and a fresh date. */
async function depositSalon() {
  const s = await createSalon(rt);
  const service = await createService(rt, s.id, { duration: 60, price: 1000 });
  const staff = await createStaff(rt, s.id);
  await rt.caller(s.owner).payments.setSalonPolicy({ kind: 'deposit', depositPercent: 30 });
  return { salon: s, service, staff, date: localDate(day++) };
}
type Setup = Awaited<ReturnType<typeof depositSalon>>;
const booking = (s: Setup, time = '11:00 AM') => ({
  merchantId: s.salon.id,
  serviceIds: [s.service],
  staffId: s.staff,
  bookingDate: s.date,
  bookingTime: time,
});
async function payDeposit(c: Actor, s: Setup, time?: string) {
  const started = (await rt.caller(c).payments.startBookingPayment(booking(s, time))).data;
  const proof = (await rt.caller(c).payments.testCheckout({ paymentId: started.payment._id, method: 'upi', upiId: 'success@razorpay' }))
    .data;
  const verified = await rt.caller(c).payments.verifyBookingPayment({ paymentId: started.payment._id, ...proof });
  return { started, verified };
}
const bookingRow = (id: string) => rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = async (bookingId: string) =>
  (await rt.deps.db.selectFrom('booking_refunds').selectAll().where('booking_id', '=', bookingId).execute()).map((r) => ({
    reason: r.reason,
    status: r.status,
    amount: Number(r.amount),
  }));

describe('payment policy settings', () => {
  it('validates the fields by name and keeps each salon to its own services', async () => {
    const s = await depositSalon();
    await expect(rt.caller(s.salon.owner).payments.setSalonPolicy({ kind: 'deposit', depositPercent: 0 })).rejects.toThrow(
      /depositPercent/,
    );
    await expect(rt.caller(s.salon.owner).payments.setSalonPolicy({ kind: 'deposit', depositPercent: 101 })).rejects.toThrow(
      /depositPercent/,
    );
    await expect(rt.caller(s.salon.owner).payments.setSalonPolicy({ kind: 'deposit' })).rejects.toThrow(/depositPercent/);
    await expect(
      rt.caller(s.salon.owner).payments.setSalonPolicy({ kind: 'deposit', depositPercent: 10, depositFixed: 100 }),
    ).rejects.toThrow(/depositFixed/);
    await expect(
      rt.caller(s.salon.owner).payments.setSalonPolicy({ kind: 'online', depositPercent: '10' as unknown as number }),
    ).rejects.toThrow(/depositPercent/);
    await expect(
      rt.caller(s.salon.owner).payments.setServicePolicy({ serviceId: s.service, kind: 'deposit', depositFixed: 1000.01 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^depositFixed/) });
    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).payments.setServicePolicy({ serviceId: s.service, kind: 'online' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const set = await rt.caller(s.salon.owner).payments.setServicePolicy({ serviceId: s.service, kind: 'deposit', depositFixed: 250 });
    expect(set.data.salon).toEqual({ kind: 'deposit', depositPercent: 30, depositFixed: null });
    expect(set.data.services.find((x) => x._id === s.service)?.policy).toEqual({
      kind: 'deposit',
      depositPercent: null,
      depositFixed: 250,
    });
    const terms = await rt.caller(null).payments.bookingTerms({ merchantId: s.salon.id, serviceIds: [s.service] });
    expect(terms.data).toMatchObject({ kind: 'deposit', dueNow: 250, dueAtSalon: 750, total: 1000, payAtSalon: false });
    expect(terms.data.text).toContain('₹250 deposit now, ₹750 at the salon');
  });

  it('takes the strictest policy of the services booked together', async () => {
    const s = await depositSalon();
    const colour = await createService(rt, s.salon.id, { duration: 30, price: 2000 });
    await rt.caller(s.salon.owner).payments.setSalonPolicy({ kind: 'pay_at_salon' });
    let terms = await rt.caller(null).payments.bookingTerms({ merchantId: s.salon.id, serviceIds: [s.service, colour] });
    expect(terms.data).toMatchObject({ kind: 'pay_at_salon', dueNow: 0, payAtSalon: true });
    await rt.caller(s.salon.owner).payments.setServicePolicy({ serviceId: colour, kind: 'deposit', depositPercent: 50 });
    terms = await rt.caller(null).payments.bookingTerms({ merchantId: s.salon.id, serviceIds: [s.service, colour] });
    expect(terms.data).toMatchObject({ kind: 'deposit', dueNow: 1000, dueAtSalon: 2000 });
    await rt.caller(s.salon.owner).payments.setServicePolicy({ serviceId: s.service, kind: 'online' });
    terms = await rt.caller(null).payments.bookingTerms({ merchantId: s.salon.id, serviceIds: [s.service, colour] });
    expect(terms.data).toMatchObject({ kind: 'online', dueNow: 3000, dueAtSalon: 0 });
  });
});

describe('deposits', () => {
  it('refuses a customer’s pay-at-salon booking where a deposit is due', async () => {
    const s = await depositSalon();
    const c = await createCustomer(rt);
    await expect(rt.caller(c).users.createBooking(booking(s))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^paymentMethod: .*deposit of ₹300/),
    });
    expect(await rt.deps.db.selectFrom('bookings').select('id').where('merchant_id', '=', s.salon.id).execute()).toHaveLength(0);
  });

  it('charges only the deposit online, leaves the rest due and gives a receipt', async () => {
    const s = await depositSalon();
    const c = await createCustomer(rt);
    const { started, verified } = await payDeposit(c, s);
    expect(started.payment).toMatchObject({ amount: 300, deposit: true });
    expect(started.checkout.amountPaise).toBe(30000);
    const row = await bookingRow(started.booking._id);
    expect({ status: row.status, paid: Number(row.amount_paid), total: Number(row.total_price), received: row.payment_received }).toEqual({
      status: 'upcoming',
      paid: 300,
      total: 1000,
      received: false,
    });
    expect(verified.data.payment.receiptNumber).toMatch(/^GB-R-\d{6}$/);
    const receipt = await paymentReceiptFor(rt.deps, c, started.payment._id);
    expect(Number(receipt.amount)).toBe(300);
    const pdf = await renderPaymentReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The salon may read it; another customer may not even learn that it exists.
    await expect(paymentReceiptFor(rt.deps, s.salon.owner, started.payment._id)).resolves.toBeTruthy();
    await expect(paymentReceiptFor(rt.deps, await createCustomer(rt), started.payment._id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body'])
      .where('recipient', '=', c.email)
      .where('subject', 'like', 'Payment received%')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toContain(verified.data.payment.receiptNumber!);
    expect(mail[0].body).toContain(`/bookings/${started.booking._id}`);
  });

  it('refunds a deposit cancelled early in full and keeps one cancelled late', async () => {
    const s = await depositSalon();
    const c = await createCustomer(rt);
    const early = await payDeposit(c, s, '10:00 AM');
    await rt.caller(c).users.cancelBooking({ bookingId: early.started.booking._id });
    expect(await refundsOf(early.started.booking._id)).toEqual([{ reason: 'cancellation', status: 'processed', amount: 300 }]);

    const late = await payDeposit(c, s, '02:00 PM');
    // 90 minutes before: inside the 2-hour window, where a full prepayment would get 50 %.
    const soon = new Date(Date.now() + 90 * 60_000);
    await rt.deps.db
      .updateTable('bookings')
      .set({ starts_at: soon, ends_at: new Date(soon.getTime() + 3_600_000) })
      .where('id', '=', late.started.booking._id)
      .execute();
    const cancelled = await rt.caller(c).users.cancelBooking({ bookingId: late.started.booking._id });
    expect(cancelled.data).toMatchObject({ refundPercent: 0, refundAmount: 0 });
    expect(await refundsOf(late.started.booking._id)).toEqual([]);
  });

  it('refunds a kept deposit once when the admin upholds the no-show dispute, even twice at once', async () => {
    const s = await depositSalon();
    const c = await createCustomer(rt);
    const { started } = await payDeposit(c, s);
    const id = started.booking._id;
    await rt.deps.db.updateTable('bookings').set({ status: 'no_show', no_show_at: new Date() }).where('id', '=', id).execute();
    await rt.caller(c).users.disputeNoShow({ bookingId: id, message: 'I was there at 11, ask the stylist.' });
    const ticket = await rt.deps.db.selectFrom('support_messages').select('id').where('booking_id', '=', id).executeTakeFirstOrThrow();
    const admin = await makeAccount(rt, 'admin');
    // A customer may not uphold their own dispute.
    await expect(rt.caller(c).payments.upholdNoShowDispute({ id: ticket.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const results = await Promise.allSettled([
      rt.caller(admin).payments.upholdNoShowDispute({ id: ticket.id }),
      rt.caller(admin).payments.upholdNoShowDispute({ id: ticket.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT' } });
    expect(await refundsOf(id)).toEqual([{ reason: 'no_show_dispute', status: 'processed', amount: 300 }]);
  });

  it.runIf(DB_KIND === 'pg')('gives parallel deposit payments of one slot one booking', async () => {
    const s = await depositSalon();
    const [a, b] = [await createCustomer(rt), await createCustomer(rt)];
    const results = await Promise.allSettled([payDeposit(a, s), payDeposit(b, s)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await rt.deps.db
      .selectFrom('bookings')
      .select(['status', 'amount_paid'])
      .where('merchant_id', '=', s.salon.id)
      .where('status', '=', 'upcoming')
      .execute();
    expect(rows.map((r) => Number(r.amount_paid))).toEqual([300]);
  });
});
