import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRazorpayGateway,
  createTestGateway,
  type PaymentGateway,
  razorpaySignatureValid,
} from '../../src/server/adapters/payments/index.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { PAYMENT_IN_PROGRESS, scheduleRenewal } from '../../src/server/services/billing/index.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { makeJobsDue } from '../helpers/jobs.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let testGateway: PaymentGateway;
let baseUrl: string | undefined;
const listen = async () => (baseUrl ??= await rt.listen());
beforeAll(async () => {
  rt = await createTestRuntime();
  testGateway = rt.deps.adapters.payments;
  salon = await createSalon(rt, { name: 'Billing Salon', plan: null });
  other = await createSalon(rt, { name: 'Other Salon', plan: null });
  // Pune, Maharashtra (fixtures) against the platform's Karnataka: IGST.
});
afterAll(async () => {
  await rt.close();
});

const APPROVED = '4111 1111 1111 1111';
const nextYear = new Date().getUTCFullYear() + 1;
const expiry = `08/${String(nextYear).slice(2)}`;

/** Counts the charges that reach the gateway. */
function countCharges(g: PaymentGateway) {
  let n = 0;
  const counted: PaymentGateway = {
    ...g,
    checkoutKey: g.checkoutKey,
    name: g.name,
    testMode: g.testMode,
    charge: (req) => {
      n++;
      return g.charge(req);
    },
  };
  rt.deps.adapters.payments = counted;
  return { count: () => n, restore: () => (rt.deps.adapters.payments = g) };
}

describe('subscription and invoices', () => {
  it('starts without a plan; a declined test card changes nothing but is recorded', async () => {
    const s = await rt.caller(salon.owner).merchants.getSubscription({});
    expect(s.data).toMatchObject({
      plan: null,
      invoices: [],
      paymentMethod: null,
      autoRenew: false,
      gateway: { name: 'test', testMode: true, checkoutKey: null },
    });
    await expect(rt.caller(salon.owner).merchants.changePlan({ plan: 'basic', cardNumber: '4000 0000 0000 0002' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'cardNumber: Your card was declined (test mode).',
    });
    expect((await rt.caller(salon.owner).merchants.getSubscription({})).data.plan).toBeNull();
    const attempts = await rt.deps.db.selectFrom('payment_attempts').selectAll().where('merchant_id', '=', salon.id).execute();
    expect(attempts.map((a) => a.status)).toEqual(['failed']);
  });

  it('a paid plan change activates the plan and issues a numbered GST invoice, e-mailed to the owner; the card shows its expiry', async () => {
    const r = await rt.caller(salon.owner).merchants.changePlan({ plan: 'professional', cardNumber: APPROVED, cardExpiry: expiry });
    expect(r.message).toBe('Plan updated successfully!');
    expect(r.data.invoice).toMatchObject({ baseAmount: 3999, igst: 719.82, cgst: 0, sgst: 0, amount: 4718.82, status: 'paid' });
    expect(r.data.invoice.number).toMatch(/^GB\/\d{2}-\d{2}\/000001$/);
    expect(r.data.invoice.description).toMatch(/^Professional plan, \d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const s = await rt.caller(salon.owner).merchants.getSubscription({});
    expect(s.data).toMatchObject({
      plan: 'professional',
      status: 'active',
      cardLast4: '1111',
      paymentMethod: { last4: '1111', expMonth: 8, expYear: nextYear },
      autoRenew: true,
    });
    await expect(rt.caller(salon.owner).merchants.changePlan({ plan: 'professional', cardNumber: APPROVED })).rejects.toMatchObject({
      message: 'plan: this is already your plan',
    });

    const up = await rt.caller(salon.owner).merchants.changePlan({ plan: 'enterprise', cardNumber: APPROVED, cardExpiry: expiry });
    expect(up.data.invoice.number.endsWith('000002')).toBe(true);
    expect((await rt.caller(salon.owner).merchants.getSubscription({})).data.invoices.map((i) => i.plan)).toEqual([
      'enterprise',
      'professional',
    ]);
  });

  it('refuses an expired test card and names bad fields', async () => {
    await expect(
      rt.caller(other.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, cardExpiry: '01/20' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'cardExpiry: Your card has expired (test mode).',
    });
    await expect(
      rt.caller(other.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, cardExpiry: '13/30' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('cardExpiry') });
    await expect(
      rt.caller(other.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, attemptId: 'not-a-uuid' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('attemptId') });
    await expect(
      rt.caller(other.owner).merchants.changePlan({ merchantId: salon.id, plan: 'basic', cardNumber: APPROVED }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('CGST + SGST for a salon in the platform’s state', async () => {
    await rt.deps.db.updateTable('merchants').set({ state: 'Karnataka' }).where('id', '=', other.id).execute();
    const r = await rt.caller(other.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED });
    expect(r.data.invoice).toMatchObject({ cgst: 134.91, sgst: 134.91, igst: 0, amount: 1768.82 });
  });

  it('invoice numbers stay gapless when plan changes race', async () => {
    const salons = await Promise.all(Array.from({ length: 6 }, (_, i) => createSalon(rt, { name: `Race ${i}`, plan: null })));
    await Promise.all(salons.map((s) => rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED })));
    const numbers = (await rt.deps.db.selectFrom('invoices').select('number').execute())
      .map((r) => Number(r.number.slice(-6)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('only the salon sees its invoices; the PDF downloads for the owner and admins only, and is in the OpenAPI document', async () => {
    const inv = (await rt.caller(salon.owner).merchants.getSubscription({})).data.invoices[0];
    await expect(rt.caller(other.owner).merchants.getSubscription({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const base = await listen();
    const token = (a: { id: string; role: 'merchant' | 'admin' | 'customer' }) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });
    const get = async (t: string | null) =>
      fetch(`${base}/api/invoices/${inv._id}/pdf`, { headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect((await get(null)).status).toBe(401);
    expect((await get(await token(other.owner))).status).toBe(404);
    const ok = await get(await token(salon.owner));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const admin = await makeAccount(rt, 'admin');
    expect((await get(await token(admin))).status).toBe(200);
    const all = await rt.caller(admin).admin.invoices({});
    expect(all.data.totals.count).toBeGreaterThanOrEqual(3);
    expect(all.data.failedPayments).toBe(2);

    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    expect(Object.keys(doc.paths['/invoices/{id}/pdf'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/invoices/{id}/pdf'].get.responses['200'].content!)).toEqual(['application/pdf']);
    expect(doc.paths['/merchants/createPlanOrder']).toBeDefined();
    expect(doc.paths['/marketing/unsubscribe']).toBeDefined();
  });
});

describe('idempotent payments', () => {
  it('a double click (the same attempt id, twice at once) charges once and issues one invoice; a retry answers the same invoice', async () => {
    const s = await createSalon(rt, { name: 'Double Click Salon', plan: null });
    const charges = countCharges(testGateway);
    try {
      const attemptId = randomUUID();
      const input = { plan: 'basic' as const, cardNumber: APPROVED, attemptId };
      const results = await Promise.allSettled([
        rt.caller(s.owner).merchants.changePlan(input),
        rt.caller(s.owner).merchants.changePlan(input),
      ]);
      const ok = results.filter((r) => r.status === 'fulfilled');
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of results)
        if (r.status === 'rejected')
          expect(r.reason).toMatchObject({ code: 'CONFLICT', message: 'This payment is already being processed. Please wait a moment.' });
      const again = await rt.caller(s.owner).merchants.changePlan(input);
      expect(again.data.invoice.number).toBe((ok[0] as PromiseFulfilledResult<typeof again>).value.data.invoice.number);
      expect(charges.count()).toBe(1);
      const invoices = await rt.deps.db.selectFrom('invoices').select('id').where('merchant_id', '=', s.id).execute();
      expect(invoices).toHaveLength(1);
      // The same id for another plan is refused rather than reused.
      await expect(rt.caller(s.owner).merchants.changePlan({ ...input, plan: 'enterprise' })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/^attemptId: /),
      });
    } finally {
      charges.restore();
    }
  });

  it('the database refuses a second invoice for one payment', async () => {
    const attempt = await rt.deps.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    const inv = await rt.deps.db.selectFrom('invoices').selectAll().where('payment_attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
    await expect(
      rt.deps.db
        .insertInto('invoices')
        .values({ ...inv, id: randomUUID(), number: `${inv.number}-dup` })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('a failure after the charge leaves the attempt charged, and the retry or the reconcile job completes it without charging again', async () => {
    const s = await createSalon(rt, { name: 'Crash Salon', plan: null });
    const charges = countCharges(testGateway);
    const failingInvoices = async (run: () => Promise<void>) => {
      await sql`create function refuse_invoice() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
        rt.deps.db,
      );
      await sql`create trigger refuse_invoice before insert on invoices for each row execute function refuse_invoice()`.execute(rt.deps.db);
      try {
        await run();
      } finally {
        await sql`drop trigger refuse_invoice on invoices`.execute(rt.deps.db);
        await sql`drop function refuse_invoice()`.execute(rt.deps.db);
      }
    };
    const first = randomUUID();
    const second = randomUUID();
    await failingInvoices(async () => {
      await expect(
        rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, attemptId: first }),
      ).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    });
    const attempts = await rt.deps.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('merchant_id', '=', s.id)
      .orderBy('created_at')
      .execute();
    expect(attempts.map((a) => a.status)).toEqual(['charged']);
    expect((await rt.caller(s.owner).merchants.getSubscription({})).data.plan).toBeNull();
    // Another plan while that payment is unsettled: refused, not charged on top of it.
    await expect(
      rt.caller(s.owner).merchants.changePlan({ plan: 'professional', cardNumber: APPROVED, attemptId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: PAYMENT_IN_PROGRESS });
    expect(charges.count()).toBe(1);

    // Nobody retries it: the reconcile job finishes it.
    await makeJobsDue(rt.deps.db, { refs: [`payment:${attempts[0].id}`] });
    await runJobsUntilIdle(rt.deps);
    expect((await rt.caller(s.owner).merchants.getSubscription({})).data.plan).toBe('basic');

    // The upgrade fails after its charge too; the owner presses Pay Now again: completed, not charged again.
    await failingInvoices(async () => {
      await expect(
        rt.caller(s.owner).merchants.changePlan({ plan: 'professional', cardNumber: APPROVED, attemptId: second }),
      ).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    });
    const retried = await rt.caller(s.owner).merchants.changePlan({ plan: 'professional', cardNumber: APPROVED, attemptId: second });
    expect(retried.data.invoice.plan).toBe('professional');
    expect(charges.count()).toBe(2);
    charges.restore();
    const after = await rt.deps.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('merchant_id', '=', s.id)
      .orderBy('created_at')
      .execute();
    expect(after.map((a) => a.status)).toEqual(['succeeded', 'succeeded']);
    expect((await rt.caller(s.owner).merchants.getSubscription({})).data.invoices.map((i) => i.plan).sort()).toEqual([
      'basic',
      'professional',
    ]);
  });

  it('reconciles an attempt whose charge was never recorded: taken → plan and invoice; never paid → failed', async () => {
    const s = await createSalon(rt, { name: 'Lost Answer Salon', plan: null });
    const gateway = testGateway;
    // The gateway charged, but the answer was lost before it was recorded.
    const paid = await rt.deps.db
      .insertInto('payment_attempts')
      .values({
        merchant_id: s.id,
        idempotency_key: randomUUID(),
        amount: 1768.82,
        gateway: 'test',
        status: 'pending',
        plan: 'basic',
        period_start: new Date().toISOString().slice(0, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await gateway.charge({ amount: 1768.82, description: 'x', receipt: paid.id, cardNumber: APPROVED })).ok).toBe(true);
    const unpaid = await rt.deps.db
      .insertInto('payment_attempts')
      .values({
        merchant_id: s.id,
        idempotency_key: randomUUID(),
        amount: 1768.82,
        gateway: 'test',
        status: 'pending',
        plan: 'basic',
        period_start: new Date().toISOString().slice(0, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const a of [paid, unpaid])
      await rt.deps.db
        .insertInto('jobs')
        .values({ kind: 'payment_reconcile', payload: JSON.stringify({ attemptId: a.id }) })
        .execute();
    await runJobsUntilIdle(rt.deps);
    const rows = await rt.deps.db.selectFrom('payment_attempts').select(['id', 'status']).where('merchant_id', '=', s.id).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [paid.id]: 'succeeded', [unpaid.id]: 'failed' });
    expect((await rt.caller(s.owner).merchants.getSubscription({})).data).toMatchObject({ plan: 'basic', status: 'active' });
  });
});

describe('renewal', () => {
  const yesterday = () => new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
  const monthBefore = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 1);
    return d.toISOString().slice(0, 10);
  };

  it('renews at the next billing date by charging the saved card, once, and schedules the next renewal', async () => {
    const s = await createSalon(rt, { name: 'Renewing Salon', plan: null });
    await rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, cardExpiry: expiry });
    const end = yesterday();
    await rt.deps.db
      .updateTable('subscriptions')
      .set({ current_period_start: monthBefore(end), current_period_end: end })
      .where('merchant_id', '=', s.id)
      .execute();
    await scheduleRenewal(rt.deps.db, s.id, end);
    await runJobsUntilIdle(rt.deps);
    await scheduleRenewal(rt.deps.db, s.id, end);
    await runJobsUntilIdle(rt.deps);
    const sub = await rt.caller(s.owner).merchants.getSubscription({});
    expect(sub.data).toMatchObject({ plan: 'basic', status: 'active', autoRenew: true });
    expect(sub.data.nextBillingDate! > end).toBe(true);
    expect(sub.data.invoices.map((i) => i.periodStart)).toEqual([end, expect.any(String)]);
    const renewals = await rt.deps.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('merchant_id', '=', s.id)
      .where('purpose', '=', 'renewal')
      .execute();
    expect(renewals).toEqual([{ status: 'succeeded' }]);
    const next = await rt.deps.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('dedupe_key', '=', `renew:${s.id}:${sub.data.nextBillingDate}`)
      .executeTakeFirstOrThrow();
    expect(next.status).toBe('queued');
  });

  it('ends the plan at the next billing date when the saved card is declined or there is none, and tells the owner', async () => {
    for (const token of ['test_tok_0002_122099', null]) {
      const s = await createSalon(rt, { plan: null });
      await rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED });
      const end = yesterday();
      await rt.deps.db
        .updateTable('subscriptions')
        .set({ current_period_start: monthBefore(end), current_period_end: end, payment_token: token })
        .where('merchant_id', '=', s.id)
        .execute();
      // Renewals charge the salon's saved method (billing_payment_methods, docs/billing.md): a card the
      // gateway now declines, or none saved.
      if (token) await rt.deps.db.updateTable('billing_payment_methods').set({ token }).where('merchant_id', '=', s.id).execute();
      else await rt.deps.db.deleteFrom('billing_payment_methods').where('merchant_id', '=', s.id).execute();
      await scheduleRenewal(rt.deps.db, s.id, end);
      await runJobsUntilIdle(rt.deps);
      const sub = await rt.caller(s.owner).merchants.getSubscription({});
      expect(sub.data).toMatchObject({ plan: 'basic', status: 'expired', autoRenew: false });
      expect(sub.data.invoices).toHaveLength(1);
      const mail = await rt.deps.db
        .selectFrom('outbox_messages')
        .select('subject')
        .where('account_id', '=', s.id)
        .where(sql<boolean>`meta ->> 'purpose' = 'subscription_expired'`)
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe('Your GlowBook Basic plan has ended');
      // Choosing the same plan again is allowed once it has ended.
      await rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED });
      expect((await rt.caller(s.owner).merchants.getSubscription({})).data.status).toBe('active');
    }
  });
});

describe('Razorpay', () => {
  const SECRET = 'test_key_secret';
  const sign = (orderId: string, paymentId: string) => createHmac('sha256', SECRET).update(`${orderId}|${paymentId}`).digest('hex');

  it('verifies Razorpay payment signatures', () => {
    const sig = createHmac('sha256', 'secret').update('order_1|pay_1').digest('hex');
    expect(razorpaySignatureValid('secret', 'order_1', 'pay_1', sig)).toBe(true);
    expect(razorpaySignatureValid('secret', 'order_1', 'pay_2', sig)).toBe(false);
    expect(razorpaySignatureValid('secret', 'order_1', 'pay_1', 'zz')).toBe(false);
  });

  it('creates an order for Checkout, accepts only a payment proof signed with the key secret, once', async () => {
    const orders: { amount: number; receipt: string }[] = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/v1/orders') && init?.method === 'POST') {
        orders.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ id: `order_T${orders.length}` }), { status: 200 });
      }
      // Razorpay cannot be asked what became of an order (tests/server/staleOrders.test.ts asks it).
      if (/\/v1\/orders\/[^/]+\/payments$/.test(String(url))) return new Response('{}', { status: 503 });
      return new Response(JSON.stringify({ items: [] }), { status: 200 });
    }) as typeof fetch;
    rt.deps.adapters.payments = createRazorpayGateway('rzp_test_glowbook', SECRET, fakeFetch);
    try {
      const s = await createSalon(rt, { name: 'Razorpay Salon', plan: null });
      const me = rt.caller(s.owner).merchants;
      expect((await me.getSubscription({})).data.gateway).toEqual({ name: 'razorpay', testMode: true, checkoutKey: 'rzp_test_glowbook' });
      await expect(me.changePlan({ plan: 'basic', cardNumber: APPROVED })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^razorpay_signature: /),
      });

      const attemptId = randomUUID();
      const order = await me.createPlanOrder({ plan: 'basic', attemptId });
      expect(order.data).toMatchObject({
        orderId: 'order_T1',
        // Rupees on the wire; Razorpay's order (below) is in paise.
        amount: 1768.82,
        currency: 'INR',
        keyId: 'rzp_test_glowbook',
        attemptId: expect.any(String),
      });
      expect(orders).toEqual([{ amount: 176882, currency: 'INR', receipt: order.data.attemptId }]);
      expect((await me.createPlanOrder({ plan: 'basic', attemptId })).data.orderId).toBe('order_T1');
      expect(orders).toHaveLength(1);
      // Checkout closed and opened again (a new attempt id): the open order of that plan is answered
      // again; another plan while it is open, when Razorpay cannot say what became of the open order,
      // is refused, so the salon cannot pay two orders.
      expect((await me.createPlanOrder({ plan: 'basic', attemptId: randomUUID() })).data.orderId).toBe('order_T1');
      await expect(me.createPlanOrder({ plan: 'professional', attemptId: randomUUID() })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: PAYMENT_IN_PROGRESS,
      });
      expect(orders).toHaveLength(1);

      const proof = { razorpay_order_id: 'order_T1', razorpay_payment_id: 'pay_ABC123' };
      await expect(me.changePlan({ plan: 'basic', ...proof, razorpay_signature: sign('order_T1', 'pay_OTHER') })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'razorpay_signature: the payment could not be verified',
      });
      await expect(me.changePlan({ plan: 'basic', ...proof })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('razorpay_signature'),
      });
      await expect(
        me.changePlan({ plan: 'enterprise', ...proof, razorpay_signature: sign('order_T1', 'pay_ABC123') }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^plan: /) });
      const other = await createSalon(rt, { plan: null });
      await expect(
        rt.caller(other.owner).merchants.changePlan({ plan: 'basic', ...proof, razorpay_signature: sign('order_T1', 'pay_ABC123') }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });

      const ok = await me.changePlan({ plan: 'basic', ...proof, razorpay_signature: sign('order_T1', 'pay_ABC123') });
      expect(ok.data.invoice).toMatchObject({ plan: 'basic', gateway: 'razorpay', amount: 1768.82 });
      const again = await me.changePlan({ plan: 'basic', ...proof, razorpay_signature: sign('order_T1', 'pay_ABC123') });
      expect(again.data.invoice.number).toBe(ok.data.invoice.number);
      const sub = await me.getSubscription({});
      expect(sub.data).toMatchObject({ plan: 'basic', status: 'active', autoRenew: false });
      expect(sub.data.invoices).toHaveLength(1);
      const attempt = await rt.deps.db
        .selectFrom('payment_attempts')
        .selectAll()
        .where('order_id', '=', 'order_T1')
        .executeTakeFirstOrThrow();
      expect(attempt).toMatchObject({ status: 'succeeded', reference: 'pay_ABC123' });
    } finally {
      rt.deps.adapters.payments = testGateway;
    }
  });

  it('with RAZORPAY_KEY_ID set, the app runs on Razorpay and its page may load Checkout from checkout.razorpay.com (only then)', async () => {
    const base = await listen();
    const csp = (await fetch(`${base}/api/health`)).headers.get('content-security-policy')!;
    expect(csp).not.toContain('razorpay');
    const rz = await createTestRuntime({ env: { RAZORPAY_KEY_ID: 'rzp_test_env', RAZORPAY_KEY_SECRET: SECRET } });
    try {
      const s = await createSalon(rz, { plan: null });
      expect((await rz.caller(s.owner).merchants.getSubscription({})).data.gateway).toEqual({
        name: 'razorpay',
        testMode: true,
        checkoutKey: 'rzp_test_env',
      });
      const policy = (await fetch(`${await rz.listen()}/api/health`)).headers.get('content-security-policy')!;
      expect(policy).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
    } finally {
      await rz.close();
    }
  });

  it('the test gateway needs no order', async () => {
    await expect(rt.caller(other.owner).merchants.createPlanOrder({ plan: 'enterprise' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^plan: /),
    });
  });
});

describe('test gateway', () => {
  it('answers a repeated receipt with the first charge', async () => {
    const g = createTestGateway();
    const a = await g.charge({ amount: 10, description: 'x', receipt: 'r1', cardNumber: APPROVED });
    const b = await g.charge({ amount: 10, description: 'x', receipt: 'r1', cardNumber: '4000000000000002' });
    expect(b).toEqual(a);
    expect(await g.lookup({ receipt: 'r1', orderId: null })).toEqual(a);
    expect(await g.lookup({ receipt: 'r2', orderId: null })).toBeNull();
  });
});
