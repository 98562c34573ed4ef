import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayGateway, type PaymentGateway } from '../../src/server/adapters/payments/index.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { lateRefundReceipt, PAYMENT_IN_PROGRESS } from '../../src/server/services/billing/index.js';
import { createSalon, givePlan, localDate } from '../helpers/fixtures.js';
import { makeJobsDue, resendJobs } from '../helpers/jobs.js';
import { createTestRuntime, DB_KIND, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Razorpay orders left open (Checkout closed) and payments that arrive for an order that is no
 * longer the current one. Razorpay is faked at its HTTP API, so the real adapter (createOrder,
 * signature check, lookup, refund listing and refund) runs. On PostgreSQL the parallel cases really
 * run at once (a pool of connections).
 */
let rt: TestRuntime;
let testGateway: PaymentGateway;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
  testGateway = rt.deps.adapters.payments;
});
afterEach(() => {
  rt.deps.adapters.payments = testGateway;
});
afterAll(async () => {
  await rt.close();
});

const SECRET = 'stale_key_secret';
const sign = (orderId: string, paymentId: string) => createHmac('sha256', SECRET).update(`${orderId}|${paymentId}`).digest('hex');
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let orderSeq = 0;

/** Razorpay's API as far as the adapter uses it; installed as the app's gateway. */
function fakeRazorpay(opts: { lookupDelayMs?: number } = {}) {
  const orders: { id: string; amount: number; receipt: string }[] = [];
  const captured = new Map<string, string>();
  const refunds: { id: string; payment: string; amount: number; receipt: string }[] = [];
  const state = { lookupDown: false, refundDown: false, refundRefused: false, lookups: 0 };
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u.endsWith('/v1/orders') && method === 'POST') {
      const body = JSON.parse(String(init!.body));
      const order = { id: `order_S${++orderSeq}`, amount: body.amount, receipt: body.receipt };
      orders.push(order);
      return json(order);
    }
    let m = /\/v1\/orders\/([^/]+)\/payments$/.exec(u);
    if (m) {
      state.lookups++;
      if (opts.lookupDelayMs) await new Promise((r) => setTimeout(r, opts.lookupDelayMs));
      if (state.lookupDown) return json({ error: { description: 'down' } }, 503);
      const pay = captured.get(m[1]);
      return json({ items: pay ? [{ id: pay, status: 'captured', card: { last4: '4242' } }] : [] });
    }
    m = /\/v1\/payments\/([^/]+)\/refunds$/.exec(u);
    if (m) {
      if (state.refundDown) return json({}, 502);
      const payment = m[1];
      return json({ items: refunds.filter((r) => r.payment === payment).map((r) => ({ id: r.id, receipt: r.receipt })) });
    }
    m = /\/v1\/payments\/([^/]+)\/refund$/.exec(u);
    if (m && method === 'POST') {
      if (state.refundDown) return json({}, 502);
      if (state.refundRefused) return json({ error: { description: 'The refund window has closed' } }, 400);
      const body = JSON.parse(String(init!.body));
      const refund = { id: `rfnd_${refunds.length + 1}`, payment: m[1], amount: body.amount, receipt: body.receipt };
      refunds.push(refund);
      return json(refund);
    }
    return json({ error: { description: `unexpected ${method} ${u}` } }, 404);
  }) as typeof fetch;
  const gateway = createRazorpayGateway('rzp_test_stale', SECRET, fetchImpl);
  rt.deps.adapters.payments = gateway;
  return {
    gateway,
    orders,
    refunds,
    state,
    /** The owner pays the order in Checkout: Razorpay captures it; the proof Checkout hands the browser. */
    pay(orderId: string, visible = true) {
      const paymentId = `pay_${orderId.slice(6)}x${randomUUID().slice(0, 6)}`;
      if (visible) captured.set(orderId, paymentId);
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: sign(orderId, paymentId) };
    },
  };
}

const attemptsOf = (merchantId: string) =>
  rt.deps.db
    .selectFrom('payment_attempts')
    .select(['id', 'plan', 'purpose', 'status', 'amount', 'order_id', 'reference', 'refund_reference', 'error', 'from_plan'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .execute();
const invoicesOf = (merchantId: string) =>
  rt.deps.db.selectFrom('invoices').select(['plan', 'total']).where('merchant_id', '=', merchantId).execute();
const refundMails = (merchantId: string) =>
  rt.deps.db
    .selectFrom('outbox_messages')
    .select(['subject', 'body'])
    .where('account_id', '=', merchantId)
    .where(sql<boolean>`meta ->> 'purpose' = 'payment_refund'`)
    .execute();

/** Makes the queued jobs about these refs due now (the reconcile job waits 30 minutes) and runs the queue. */
async function runJobsAbout(...refs: string[]) {
  await makeJobsDue(rt.deps.db, { refs });
  await runJobsUntilIdle(rt.deps);
}

/** A salon on no plan whose owner opened Checkout for Basic, closed it, and opened it for Professional. */
async function basicOrderSuperseded() {
  const s = await createSalon(rt, { plan: null });
  const me = rt.caller(s.owner).merchants;
  const a = await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() });
  await me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() });
  return { s, me, a };
}

describe(`an abandoned Razorpay order and another plan (${DB_KIND})`, () => {
  it('the order was not paid: it is closed as superseded and the other plan gets its order at once', async () => {
    const rz = fakeRazorpay();
    const s = await createSalon(rt, { plan: null });
    const me = rt.caller(s.owner).merchants;
    const keyA = randomUUID();
    const a = await me.createPlanOrder({ plan: 'basic', attemptId: keyA });
    // Checkout closed; the owner picks Professional instead.
    const b = await me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() });
    expect(b.data).toMatchObject({ amount: 4718.82, description: 'Professional plan, one month (GST included)' });
    expect(b.data.orderId).not.toBe(a.data.orderId);
    expect(rz.state.lookups).toBe(1);
    const attempts = await attemptsOf(s.id);
    expect(attempts.map((x) => [x.plan, x.status])).toEqual([
      ['basic', 'superseded'],
      ['professional', 'pending'],
    ]);
    expect(attempts[0].error).toBe('Replaced by an order for the Professional plan before it was paid.');
    // The page: the superseded order is not in progress (not listed); the open one is.
    const page = (await me.getSubscription({})).data;
    expect(page.payments.map((p) => [p.plan, p.status])).toEqual([['professional', 'in_progress']]);
    // The superseded attempt id cannot be reopened.
    await expect(me.createPlanOrder({ plan: 'basic', attemptId: keyA })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'attemptId: this payment attempt is already finished; start a new one',
    });
    expect(a.data.attemptId).toBe(attempts[0].id);
  });

  it('the order was paid after all: that payment is finished (plan, invoice) and the other plan is refused with a 409 saying so', async () => {
    const rz = fakeRazorpay();
    const s = await createSalon(rt, { plan: null });
    const me = rt.caller(s.owner).merchants;
    const a = await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() });
    const proof = rz.pay(a.data.orderId); // paid, but the browser never sent the proof
    await expect(me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() })).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'plan: your earlier payment of ₹1,768.82 for the Basic plan went through, so Basic is now your plan and its invoice is in Billing History; nothing was charged for Professional. Choose it again if you still want it.',
    });
    expect(rz.orders).toHaveLength(1);
    expect((await attemptsOf(s.id)).map((x) => [x.plan, x.status, x.reference])).toEqual([
      ['basic', 'succeeded', proof.razorpay_payment_id],
    ]);
    expect((await me.getSubscription({})).data).toMatchObject({
      plan: 'basic',
      status: 'active',
      invoices: [{ plan: 'basic', amount: 1768.82 }],
    });
    // The browser's proof arrives late: the same invoice, nothing more.
    const again = await me.changePlan({ plan: 'basic', ...proof });
    expect(again.data.invoice.plan).toBe('basic');
    expect(await invoicesOf(s.id)).toHaveLength(1);
    expect(rz.refunds).toEqual([]);
  });

  it('Razorpay cannot be asked (network): the open order still blocks another plan (409), nothing is guessed', async () => {
    const rz = fakeRazorpay();
    const s = await createSalon(rt, { plan: null });
    const me = rt.caller(s.owner).merchants;
    await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() });
    rz.state.lookupDown = true;
    await expect(me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PAYMENT_IN_PROGRESS,
    });
    expect((await attemptsOf(s.id)).map((x) => x.status)).toEqual(['pending']);
    expect(rz.orders).toHaveLength(1);
  });
});

describe(`a late payment is refunded, never applied at its stale price (${DB_KIND})`, () => {
  it('paid on a superseded order: refunded in full once, recorded, e-mailed, 409; a retry is the same answer and no second refund', async () => {
    const rz = fakeRazorpay();
    const { s, me, a } = await basicOrderSuperseded();
    // Plan A's Checkout was still open in another tab, and the owner paid it.
    const proof = rz.pay(a.data.orderId);
    const message =
      'razorpay_order_id: your payment of ₹1,768.82 for the Basic plan was not applied because its order had been replaced by a newer order, and it was refunded in full (refund rfnd_1); nothing was kept and your plan did not change';
    await expect(me.changePlan({ plan: 'basic', ...proof })).rejects.toMatchObject({ code: 'CONFLICT', message });
    expect(rz.refunds).toEqual([
      { id: 'rfnd_1', payment: proof.razorpay_payment_id, amount: 176882, receipt: lateRefundReceipt(a.data.attemptId) },
    ]);
    const [late] = await attemptsOf(s.id);
    expect(late).toMatchObject({ plan: 'basic', status: 'refunded', reference: proof.razorpay_payment_id, refund_reference: 'rfnd_1' });
    expect((await me.getSubscription({})).data).toMatchObject({ plan: null, invoices: [] });
    await expect(me.changePlan({ plan: 'basic', ...proof })).rejects.toMatchObject({ code: 'CONFLICT', message });
    // The reconcile jobs (the refund's, and the late order's 30 minutes on) find nothing more to do.
    await runJobsAbout(`payment:${late.id}`, `payment-refund:${late.id}`);
    expect(rz.refunds).toHaveLength(1);
    const mails = await refundMails(s.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your GlowBook payment of ₹1,768.82 was refunded');
    expect(mails[0].body).toContain(
      'Your payment of ₹1,768.82 for the Basic plan (razorpay payment ' +
        `${proof.razorpay_payment_id}) was refunded in full because its order had been replaced by a newer order. Refund reference: rfnd_1.`,
    );
    // Billing History: the refunded payment, with its amount; the new order still in progress.
    const page = (await me.getSubscription({})).data;
    expect(page.payments.map((p) => [p.plan, p.status, p.amount, p.refundReference])).toEqual([
      ['professional', 'in_progress', 4718.82, null],
      ['basic', 'refunded', 1768.82, 'rfnd_1'],
    ]);
  });

  it('paid after the reconcile job found the order unpaid (expired): refunded, not applied', async () => {
    const rz = fakeRazorpay();
    const s = await createSalon(rt, { plan: null });
    const me = rt.caller(s.owner).merchants;
    const a = await me.createPlanOrder({ plan: 'enterprise', attemptId: randomUUID() });
    await runJobsAbout(`payment:${a.data.attemptId}`);
    expect((await attemptsOf(s.id)).map((x) => x.status)).toEqual(['failed']);
    await expect(me.changePlan({ plan: 'enterprise', ...rz.pay(a.data.orderId) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^razorpay_order_id: your payment of ₹9,438\.82 for the Enterprise plan was not applied because its order had expired unpaid, and it was refunded in full/,
      ),
    });
    expect(rz.refunds).toHaveLength(1);
    expect((await me.getSubscription({})).data.plan).toBeNull();
  });

  it('an upgrade priced from a period that has changed since (a renewal): refunded, not applied at the old proration', async () => {
    const rz = fakeRazorpay();
    const s = await createSalon(rt, { plan: null });
    await givePlan(rt, s.id, 'basic', { periodStart: localDate(-20), periodEnd: localDate(10) });
    const me = rt.caller(s.owner).merchants;
    const a = await me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() });
    expect((await attemptsOf(s.id))[0]).toMatchObject({ purpose: 'upgrade', from_plan: 'basic' });
    await givePlan(rt, s.id, 'basic', { periodStart: localDate(10), periodEnd: localDate(40) });
    await expect(me.changePlan({ plan: 'professional', ...rz.pay(a.data.orderId) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(
        'was not applied because your plan changed after this order was priced, and it was refunded in full',
      ),
    });
    expect((await me.getSubscription({})).data.plan).toBe('basic');
    expect(rz.refunds).toHaveLength(1);
  });

  it('the reconcile job finds a superseded order paid (the browser never said): refunded', async () => {
    const rz = fakeRazorpay();
    const { s, a } = await basicOrderSuperseded();
    rz.pay(a.data.orderId);
    await runJobsAbout(`payment:${a.data.attemptId}`);
    expect((await attemptsOf(s.id)).map((x) => [x.plan, x.status])).toEqual([
      ['basic', 'refunded'],
      ['professional', 'pending'],
    ]);
    expect(rz.refunds).toHaveLength(1);
    expect(await refundMails(s.id)).toHaveLength(1);
  });

  it('the refund cannot reach Razorpay: the 409 says it is being refunded, and the job refunds it once Razorpay answers', async () => {
    const rz = fakeRazorpay();
    const { s, me, a } = await basicOrderSuperseded();
    rz.state.refundDown = true;
    await expect(me.changePlan({ plan: 'basic', ...rz.pay(a.data.orderId) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('it is being refunded in full, nothing is kept and your plan did not change'),
    });
    expect((await attemptsOf(s.id))[0].status).toBe('refunding');
    expect((await me.getSubscription({})).data.payments.find((p) => p.plan === 'basic')).toMatchObject({
      status: 'refunding',
      amount: 1768.82,
    });
    rz.state.refundDown = false;
    await runJobsAbout(`payment-refund:${a.data.attemptId}`);
    expect((await attemptsOf(s.id))[0]).toMatchObject({ status: 'refunded', refund_reference: 'rfnd_1' });
    expect(rz.refunds).toHaveLength(1);
  });

  it('Razorpay never answers the refund: once the job is out of attempts, the refund is due by hand', async () => {
    const rz = fakeRazorpay();
    const { s, me, a } = await basicOrderSuperseded();
    rz.state.refundDown = true;
    await expect(me.changePlan({ plan: 'basic', ...rz.pay(a.data.orderId) })).rejects.toMatchObject({ code: 'CONFLICT' });
    await resendJobs(rt.deps.db, { refs: [`payment-refund:${a.data.attemptId}`] }, { retryLimit: 0 });
    await runJobsUntilIdle(rt.deps);
    const [late] = await attemptsOf(s.id);
    expect(late.status).toBe('refund_failed');
    expect(late.error).toMatch(
      /^its order had been replaced by a newer order; the gateway could not be reached to refund it \(.+\), so an admin refunds it by hand$/,
    );
    expect((await me.getSubscription({})).data.payments.find((p) => p.plan === 'basic')).toMatchObject({ status: 'refund_due' });
    expect((await refundMails(s.id)).map((m) => m.subject)).toEqual(['Your GlowBook payment of ₹1,768.82 will be refunded']);
  });

  it('a gateway without refunds, or one refusing it: recorded as a refund due by hand, shown to the admin, the owner told', async () => {
    const rz = fakeRazorpay();
    const admin = await makeAccount(rt, 'admin');
    const before = (await rt.caller(admin).admin.invoices({})).data.refundsDue;
    for (const how of ['no refund API', 'refused'] as const) {
      rt.deps.adapters.payments = how === 'no refund API' ? { ...rz.gateway, refund: undefined } : rz.gateway;
      rz.state.refundRefused = how === 'refused';
      const s = await createSalon(rt, { plan: null });
      const me = rt.caller(s.owner).merchants;
      const a = await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() });
      await me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() });
      await expect(me.changePlan({ plan: 'basic', ...rz.pay(a.data.orderId) })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/so an admin refunds it by hand; nothing is kept and your plan did not change$/),
      });
      const [late] = await attemptsOf(s.id);
      expect(late.status).toBe('refund_failed');
      expect(late.error).toContain(
        how === 'refused' ? 'the gateway refused the refund (The refund window has closed)' : 'razorpay cannot refund it',
      );
      expect((await me.getSubscription({})).data.payments.find((p) => p.plan === 'basic')).toMatchObject({
        status: 'refund_due',
        amount: 1768.82,
      });
      expect((await refundMails(s.id))[0].subject).toBe('Your GlowBook payment of ₹1,768.82 will be refunded');
    }
    expect(rz.refunds).toEqual([]);
    expect((await rt.caller(admin).admin.invoices({})).data.refundsDue).toBe(before + 2);
  });
});

describe.skipIf(DB_KIND !== 'pg')('at once, on real PostgreSQL', () => {
  it('two tabs choose Professional at once while the Basic order is open: Basic is superseded once, one Professional order', async () => {
    const rz = fakeRazorpay({ lookupDelayMs: 60 });
    const s = await createSalon(rt, { plan: null });
    const me = rt.caller(s.owner).merchants;
    await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.data.orderId);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // Every tab that got an order got the same one; the others were told a payment is in progress.
    expect(new Set(ok).size).toBe(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT', message: PAYMENT_IN_PROGRESS });
    expect((await attemptsOf(s.id)).map((x) => [x.plan, x.status])).toEqual([
      ['basic', 'superseded'],
      ['professional', 'pending'],
    ]);
    expect(rz.state.lookups).toBe(1);
    expect(rz.orders.map((o) => o.amount)).toEqual([176882, 471882]);
  });

  it('a late Basic payment racing a new Professional order: never both applied, money kept only for what was invoiced', async () => {
    const rz = fakeRazorpay({ lookupDelayMs: 20 });
    const runs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const s = await createSalon(rt, { plan: null });
        const me = rt.caller(s.owner).merchants;
        const a = await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() });
        // Half the payments are already visible at Razorpay's API when the new order asks, half not yet.
        const proof = rz.pay(a.data.orderId, i % 2 === 0);
        const [late, next] = await Promise.allSettled([
          me.changePlan({ plan: 'basic', ...proof }),
          me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() }),
        ]);
        return { s, proof, late, next };
      }),
    );
    for (const { s, proof, late, next } of runs) {
      const attempts = await attemptsOf(s.id);
      const basic = attempts.find((x) => x.plan === 'basic')!;
      const pro = attempts.find((x) => x.plan === 'professional');
      const invoices = await invoicesOf(s.id);
      const refunded = rz.refunds.filter((r) => r.payment === proof.razorpay_payment_id);
      if (basic.status === 'succeeded') {
        // Applied: invoiced once, not refunded; Professional, if it was ordered, is priced from Basic.
        expect(invoices.map((x) => x.plan)).toEqual(['basic']);
        expect(refunded).toEqual([]);
        if (pro) expect(pro).toMatchObject({ purpose: 'upgrade', from_plan: 'basic' });
        else expect(next).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
      } else {
        // Not applied: refunded in full, once; no invoice; the answer says so; Professional priced as a new month.
        expect(basic).toMatchObject({ status: 'refunded', reference: proof.razorpay_payment_id });
        expect(refunded).toEqual([expect.objectContaining({ amount: 176882, receipt: lateRefundReceipt(basic.id) })]);
        expect(invoices).toEqual([]);
        expect(late).toMatchObject({
          status: 'rejected',
          reason: { code: 'CONFLICT', message: expect.stringContaining('refunded in full') },
        });
        expect(pro).toMatchObject({ purpose: 'change', status: 'pending' });
      }
      expect(attempts.filter((x) => x.status === 'charged')).toEqual([]);
    }
  });
});
