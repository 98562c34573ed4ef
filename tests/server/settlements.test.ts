import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { RAZORPAY_WEBHOOK_PATH } from '../../src/server/http/paymentWebhook.js';
import { gatewayFee } from '../../src/shared/settlement.js';
import { createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, makeAccount, type TestRuntime } from '../helpers/runtime.js';
import { salonWithCompletedOnlinePayment } from '../helpers/settlements.js';

const WEBHOOK_SECRET = 'whsec_test_settlements';
let rt: TestRuntime;
let base: string;
let admin: Actor;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  base = await rt.listen();
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt.close();
});

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const month = () => today().slice(0, 7);

describe(`settlement statement (${DB_KIND})`, () => {
  it('computes each line and the totals from the rows: collected, fees, refunds, commission, net', async () => {
    const { salon, paymentId } = await salonWithCompletedOnlinePayment(rt, 1000);
    // A second payment still to come (held), paid through the real checkout: its fee is reported by the gateway.
    const service = await createService(rt, salon.id, { duration: 60, price: 500 });
    const staff = await createStaff(rt, salon.id);
    const customer = await makeAccount(rt, 'customer');
    const started = (
      await rt.caller(customer).payments.startBookingPayment({
        merchantId: salon.id,
        serviceIds: [service],
        staffId: staff,
        bookingDate: localDate(3),
        bookingTime: '11:00 AM',
      })
    ).data;
    const proof = (
      await rt.caller(customer).payments.testCheckout({ paymentId: started.payment._id, method: 'upi', upiId: 'success@razorpay' })
    ).data;
    await rt.caller(customer).payments.verifyBookingPayment({ paymentId: started.payment._id, ...proof });
    const recorded = await rt.deps.db
      .selectFrom('booking_payments')
      .select(['fee', 'fee_tax'])
      .where('id', '=', started.payment._id)
      .executeTakeFirstOrThrow();
    expect([Number(recorded.fee), Number(recorded.fee_tax)]).toEqual([10, 1.8]);

    const s = (await rt.caller(salon.owner).merchants.getSettlement({ month: month() })).data;
    expect(s.lines).toHaveLength(2);
    const done = s.lines.find((l) => l.paymentId === paymentId)!;
    // ₹1,000: fee 2 % = ₹20, GST 18 % on it = ₹3.60, commission 10 % = ₹100 → ₹876.40.
    expect(done).toMatchObject({
      collected: 1000,
      fee: 20,
      feeTax: 3.6,
      feeReported: false,
      commission: 100,
      refunded: 0,
      net: 876.4,
      state: 'payable',
    });
    const held = s.lines.find((l) => l.paymentId === started.payment._id)!;
    expect(held).toMatchObject({ collected: 500, fee: 10, feeTax: 1.8, feeReported: true, commission: 0, net: 488.2, state: 'held' });
    // Recomputed from the database's rows.
    const rows = await rt.deps.db
      .selectFrom('booking_payments')
      .selectAll()
      .where('merchant_id', '=', salon.id)
      .where('status', '=', 'paid')
      .execute();
    const collected = rows.reduce((n, r) => n + Number(r.amount), 0);
    const ledger = await rt.deps.db.selectFrom('commission_ledger').select('commission').where('merchant_id', '=', salon.id).execute();
    const commission = ledger.reduce((n, r) => n + Number(r.commission), 0);
    const fees = rows.reduce((n, r) => {
      const f = r.fee === null ? gatewayFee(Number(r.amount)) : { fee: Number(r.fee), tax: Number(r.fee_tax) };
      return n + f.fee + f.tax;
    }, 0);
    expect(s.totals).toEqual({
      payments: 2,
      collected,
      fees: Math.round(fees * 100) / 100,
      refunds: 0,
      commission,
      net: Math.round((collected - fees - commission) * 100) / 100,
      held: 488.2,
      payable: 876.4,
    });
    expect(s.balance).toEqual({ settledNet: 876.4, held: 488.2, paidOut: 0, due: 876.4 });

    // A period that ends before the payments shows none of them.
    const before = (await rt.caller(salon.owner).merchants.getSettlement({ from: '2026-01-01', to: '2026-01-31' })).data;
    expect(before.lines).toEqual([]);

    // CSV: one line per payment plus the total.
    const csv = await rt.caller(salon.owner).merchants.settlementCsv({ month: month() });
    expect(csv.filename).toMatch(/^settlement-.*\.csv$/);
    const lines = csv.csv.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Collected (INR)');
    expect(csv.csv).toContain('876.40');
  });

  it('refuses a bad period naming the field, and another salon for a merchant', async () => {
    const { salon } = await salonWithCompletedOnlinePayment(rt, 600);
    await expect(rt.caller(salon.owner).merchants.getSettlement({})).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(rt.caller(salon.owner).merchants.getSettlement({ from: '2026-03-01', to: '2026-02-01' })).rejects.toThrow(/^to:/);
    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).merchants.getSettlement({ merchantId: salon.id, month: month() })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // An admin reads any salon's.
    const s = (await rt.caller(admin).merchants.getSettlement({ merchantId: salon.id, month: month() })).data;
    expect(s.totals.payable).toBe(600 - 12 - 2.16 - 60);
  });
});

describe(`payouts (${DB_KIND})`, () => {
  it('records a payout up to what is due, idempotent on the reference, shown on the statement', async () => {
    const { salon } = await salonWithCompletedOnlinePayment(rt, 1000);
    const ref = `UTR${Date.now()}`;
    const first = await rt.caller(admin).admin.recordPayout({ merchantId: salon.id, amount: 500, reference: ref, paidOn: today() });
    expect(first.created).toBe(true);
    const again = await rt.caller(admin).admin.recordPayout({ merchantId: salon.id, amount: 500, reference: ref, paidOn: today() });
    expect(again).toMatchObject({ created: false, data: { _id: first.data._id } });
    await expect(
      rt.caller(admin).admin.recordPayout({ merchantId: salon.id, amount: 400, reference: ref, paidOn: today() }),
    ).rejects.toThrow(/^reference:/);
    await expect(
      rt.caller(admin).admin.recordPayout({ merchantId: salon.id, amount: 376.41, reference: `${ref}-2`, paidOn: today() }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const s = (await rt.caller(salon.owner).merchants.getSettlement({ month: month() })).data;
    expect(s.payouts.map((p) => [p.amount, p.reference])).toEqual([[500, ref]]);
    expect(s.balance).toMatchObject({ paidOut: 500, due: 376.4 });
    const payables = (await rt.caller(admin).admin.payables({ limit: 200 })).data.salons.find((x) => x.merchantId === salon.id)!;
    expect(payables).toMatchObject({ settledNet: 876.4, paidOut: 500, due: 376.4 });
    const audit = await rt.deps.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'settlement.payout')
      .where('entity_id', '=', salon.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a future date and a merchant recording a payout', async () => {
    const { salon } = await salonWithCompletedOnlinePayment(rt, 1000);
    await expect(
      rt.caller(admin).admin.recordPayout({ merchantId: salon.id, amount: 10, reference: `UTR-F${Date.now()}`, paidOn: '2099-01-01' }),
    ).rejects.toThrow(/^paidOn:/);
    await expect(
      (rt.caller(salon.owner) as unknown as { admin: { recordPayout: (i: unknown) => Promise<unknown> } }).admin.recordPayout({
        merchantId: salon.id,
        amount: 10,
        reference: 'UTR-X',
        paidOn: today(),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('two admins recording at once never pay out more than is due', async () => {
    const { salon } = await salonWithCompletedOnlinePayment(rt, 1000);
    const other = await makeAccount(rt, 'admin');
    const results = await Promise.allSettled([
      rt.caller(admin).admin.recordPayout({ merchantId: salon.id, amount: 700, reference: `UTR-A${Date.now()}`, paidOn: today() }),
      rt.caller(other).admin.recordPayout({ merchantId: salon.id, amount: 700, reference: `UTR-B${Date.now()}`, paidOn: today() }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT' });
    const rows = await rt.deps.db.selectFrom('salon_payouts').select('amount').where('merchant_id', '=', salon.id).execute();
    expect(rows.map((r) => Number(r.amount))).toEqual([700]);
  });
});

describe(`payment method for renewals (${DB_KIND})`, () => {
  it('saves a card or a UPI mandate through the gateway, shows it, and renewals charge it', async () => {
    const salon = await createSalon(rt);
    await expect(
      rt.caller(salon.owner).merchants.updatePaymentMethod({ method: 'card', cardNumber: '4000000000000002', cardExpiry: '12/30' }),
    ).rejects.toThrow(/^cardNumber:/);
    const card = await rt
      .caller(salon.owner)
      .merchants.updatePaymentMethod({ method: 'card', cardNumber: '4111 1111 1111 1111', cardExpiry: '12/30' });
    expect(card.data).toMatchObject({ kind: 'card', last4: '1111', expMonth: 12, expYear: 2030 });
    let sub = (await rt.caller(salon.owner).merchants.getSubscription({})).data;
    expect(sub.paymentMethod).toMatchObject({ kind: 'card', last4: '1111' });
    await expect(rt.caller(salon.owner).merchants.updatePaymentMethod({ method: 'upi', upiId: 'failure@razorpay' })).rejects.toThrow(
      /^upiId:/,
    );
    await rt.caller(salon.owner).merchants.updatePaymentMethod({ method: 'upi', upiId: 'success@razorpay' });
    sub = (await rt.caller(salon.owner).merchants.getSubscription({})).data;
    expect(sub.paymentMethod).toMatchObject({ kind: 'upi', vpa: 'success@razorpay', last4: null });
    const row = await rt.deps.db
      .selectFrom('billing_payment_methods')
      .selectAll()
      .where('merchant_id', '=', salon.id)
      .executeTakeFirstOrThrow();
    expect(row.token).not.toContain('4111');
    const charged = await rt.deps.adapters.payments.chargeSaved!({
      token: row.token,
      amount: 1768.82,
      receipt: `r-${Date.now()}`,
      description: 'renewal',
    });
    expect(charged.ok).toBe(true);
  });
});

describe(`plan payment webhooks (${DB_KIND})`, () => {
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

  it('applies a captured plan payment once: bad signature changes nothing, a replay is harmless', async () => {
    const salon = await createSalon(rt, { plan: null });
    const orderId = `order_plan_${Date.now()}`;
    const attempt = await rt.deps.db
      .insertInto('payment_attempts')
      .values({
        merchant_id: salon.id,
        idempotency_key: `key-${orderId}`,
        amount: 1768.82,
        gateway: 'test',
        status: 'pending',
        purpose: 'change',
        plan: 'basic',
        period_start: today(),
        order_id: orderId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_plan_1', order_id: orderId, amount: 176882 } } } };
    const bad = await webhook(body, { secret: 'wrong', eventId: 'evt_plan_bad' });
    expect(bad.status).toBe(400);
    const status = async () =>
      (await rt.deps.db.selectFrom('payment_attempts').select('status').where('id', '=', attempt.id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe('pending');
    const good = await webhook(body, { eventId: 'evt_plan_1' });
    expect(good.status).toBe(200);
    expect(await status()).toBe('succeeded');
    const replay = await webhook(body, { eventId: 'evt_plan_1' });
    expect(((await replay.json()) as { message: string }).message).toBe('already received');
    // The same payment as order.paid (another event id) finds it applied.
    const orderPaid = await webhook({ ...body, event: 'order.paid' }, { eventId: 'evt_plan_2' });
    expect(((await orderPaid.json()) as { message: string }).message).toBe('already applied');
    const invoices = await rt.deps.db.selectFrom('invoices').select('id').where('merchant_id', '=', salon.id).execute();
    expect(invoices).toHaveLength(1);
    const sub = (await rt.caller(salon.owner).merchants.getSubscription({})).data;
    expect(sub).toMatchObject({ plan: 'basic', status: 'active' });
  });
});
