import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import { financialYear, gstBreakdown, invoiceNumber, PLANS, type PlanId } from '../../../shared/gst.js';
import { formatINR } from '../../../shared/money.js';
import type { changePlanInput, createPlanOrderInput } from '../../../shared/schemas/billing.js';
import type { PaidCharge, PaymentGateway } from '../../adapters/payments/index.js';
import type { InvoicesTable, PaymentAttemptsTable } from '../../db/schema/billing.js';
import type { Executor } from '../../db/repositories/accounts.js';
import { recordAudit } from '../../db/repositories/audit.js';
import type { Database } from '../../db/types.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { enqueueJob, registerJobHandler } from '../../jobs/queue.js';
import { queueMessage } from '../../messaging/index.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { displayDate } from '../bookings/notify.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

type InvoiceRow = Selectable<InvoicesTable>;
type AttemptRow = Selectable<PaymentAttemptsTable>;

/** Resolves an attempt that is still pending or charged this long after it began. */
const RECONCILE_AFTER_MS = 30 * 60_000;
export const PAYMENT_RECONCILE = 'payment_reconcile';
export const SUBSCRIPTION_RENEW = 'subscription_renew';
export const PAYMENT_IN_PROGRESS = 'This payment is already being processed. Please wait a moment.';

export function toInvoiceWire(i: InvoiceRow) {
  return {
    _id: i.id,
    number: i.number,
    date: iso(i.issued_at),
    description: i.description,
    plan: i.plan,
    periodStart: i.period_start,
    periodEnd: i.period_end,
    baseAmount: Number(i.base_amount),
    cgst: Number(i.cgst),
    sgst: Number(i.sgst),
    igst: Number(i.igst),
    amount: Number(i.total),
    status: i.status,
    gateway: i.gateway,
  };
}

const addMonth = (isoDay: string) => {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** The first instant of a calendar day in India, when a plan ending that day renews. */
const startOfIstDay = (isoDay: string) => new Date(`${isoDay}T00:00:00+05:30`);

export async function getSubscription(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [sub, invoices, merchant] = await Promise.all([
    deps.db.selectFrom('subscriptions').selectAll().where('merchant_id', '=', shop).executeTakeFirst(),
    deps.db.selectFrom('invoices').selectAll().where('merchant_id', '=', shop).orderBy('issued_at', 'desc').limit(50).execute(),
    deps.db.selectFrom('merchants').select('state').where('id', '=', shop).executeTakeFirstOrThrow(),
  ]);
  const gateway = deps.adapters.payments;
  return {
    data: {
      plan: sub?.plan ?? null,
      status: sub?.status ?? null,
      nextBillingDate: sub?.current_period_end ?? null,
      cardLast4: sub?.card_last4 ?? null,
      paymentMethod: sub?.card_last4 ? { last4: sub.card_last4, expMonth: sub.card_exp_month, expYear: sub.card_exp_year } : null,
      autoRenew: Boolean(sub?.status === 'active' && sub.payment_token && gateway.chargeSaved),
      gateway: { name: gateway.name, testMode: gateway.testMode, checkoutKey: gateway.checkoutKey },
      merchantState: merchant.state || deps.env.PLATFORM_STATE,
      platformState: deps.env.PLATFORM_STATE,
      invoices: invoices.map(toInvoiceWire),
    },
  };
}

/** The next number of the financial year, under a row lock: numbers are gapless and never reused. */
async function nextInvoiceNumber(trx: Executor, at: Date): Promise<string> {
  const fy = financialYear(at);
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_counters (financial_year, last_number) values (${fy}, 1)
    on conflict (financial_year) do update set last_number = invoice_counters.last_number + 1
    returning last_number`.execute(trx);
  return invoiceNumber(fy, rows[0].last_number);
}

/** Issues a paid invoice for one month of a plan (used by plan changes, renewals and the demo data). */
export async function issueInvoice(
  trx: Executor,
  v: { merchantId: string; plan: PlanId; periodStart: string; merchantState: string; platformState: string; gateway: string; reference: string; at?: Date; paymentAttemptId?: string },
): Promise<InvoiceRow> {
  const plan = PLANS.find((p) => p.id === v.plan)!;
  const tax = gstBreakdown(plan.price, v.platformState, v.merchantState);
  const at = v.at ?? new Date();
  const end = addMonth(v.periodStart);
  return trx
    .insertInto('invoices')
    .values({
      number: await nextInvoiceNumber(trx, at),
      merchant_id: v.merchantId,
      plan: plan.id,
      description: `${plan.name} plan, ${displayDate(v.periodStart)} to ${displayDate(end)}`,
      period_start: v.periodStart,
      period_end: end,
      base_amount: tax.base,
      cgst: tax.cgst,
      sgst: tax.sgst,
      igst: tax.igst,
      total: tax.total,
      place_of_supply: v.merchantState,
      gateway: v.gateway,
      payment_reference: v.reference,
      issued_at: at,
      payment_attempt_id: v.paymentAttemptId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Schedules the durable job that renews (or ends) the plan on the day its period ends. */
export async function scheduleRenewal(db: Executor, merchantId: string, periodEnd: string): Promise<void> {
  await enqueueJob(db, {
    kind: SUBSCRIPTION_RENEW,
    payload: { merchantId, periodEnd },
    runAt: startOfIstDay(periodEnd),
    dedupeKey: `renew:${merchantId}:${periodEnd}`,
    ref: `subscription:${merchantId}`,
  });
}

async function salonBilling(db: Executor, merchantId: string) {
  return db
    .selectFrom('merchants as m')
    .innerJoin('accounts as a', 'a.id', 'm.id')
    .select(['m.state', 'm.shop_name', 'm.email', 'a.email as account_email'])
    .where('m.id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

function amountFor(plan: PlanId, platformState: string, merchantState: string) {
  return gstBreakdown(PLANS.find((p) => p.id === plan)!.price, platformState, merchantState).total;
}

/**
 * Records that the gateway took the money: from here on the attempt must end with its plan and
 * invoice. Money taken wins over an earlier verdict that none was (a reconcile that looked too soon).
 */
async function markCharged(db: Executor, attemptId: string, r: PaidCharge): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'charged', reference: r.reference, card_last4: r.last4, card_exp_month: r.expMonth, card_exp_year: r.expYear, payment_token: r.token, error: null, updated_at: new Date() })
    .where('id', '=', attemptId)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

async function markFailed(db: Executor, attemptId: string, error: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ status: 'failed', error, updated_at: new Date() }).where('id', '=', attemptId).where('status', '=', 'pending').execute();
}

/**
 * Puts a charged attempt's plan in place: the subscription period, one invoice (unique per
 * attempt), the e-mail and the next renewal, all in the caller's transaction. Idempotent: an
 * attempt already fulfilled answers its invoice.
 */
async function fulfil(trx: Transaction<Database>, deps: AppDeps, attemptId: string, actor: Actor | null): Promise<InvoiceRow> {
  const attempt = await trx.selectFrom('payment_attempts').selectAll().where('id', '=', attemptId).forUpdate().executeTakeFirstOrThrow();
  if (attempt.status === 'succeeded') return trx.selectFrom('invoices').selectAll().where('payment_attempt_id', '=', attemptId).executeTakeFirstOrThrow();
  if (attempt.status !== 'charged' || !attempt.plan || !attempt.period_start || !attempt.reference) throw new Error(`payment attempt ${attemptId} is ${attempt.status}, not charged`);
  const plan = PLANS.find((p) => p.id === attempt.plan)!;
  const merchant = await salonBilling(trx, attempt.merchant_id);
  const merchantState = merchant.state || deps.env.PLATFORM_STATE;
  const start = attempt.period_start;
  const end = addMonth(start);
  const card = attempt.card_last4
    ? { card_last4: attempt.card_last4, card_exp_month: attempt.card_exp_month, card_exp_year: attempt.card_exp_year, payment_token: attempt.payment_token }
    : {};
  await trx
    .insertInto('subscriptions')
    .values({ merchant_id: attempt.merchant_id, plan: plan.id, status: 'active', current_period_start: start, current_period_end: end, card_last4: attempt.card_last4, card_exp_month: attempt.card_exp_month, card_exp_year: attempt.card_exp_year, payment_token: attempt.payment_token })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ plan: plan.id, status: 'active', current_period_start: start, current_period_end: end, ...card, updated_at: new Date() }))
    .execute();
  const inv = await issueInvoice(trx, { merchantId: attempt.merchant_id, plan: plan.id, periodStart: start, merchantState, platformState: deps.env.PLATFORM_STATE, gateway: attempt.gateway, reference: attempt.reference, paymentAttemptId: attempt.id });
  await trx.updateTable('payment_attempts').set({ status: 'succeeded', updated_at: new Date() }).where('id', '=', attempt.id).execute();
  await queueMessage(trx, {
    channel: 'email',
    to: merchant.email || merchant.account_email,
    accountId: attempt.merchant_id,
    subject: `GlowBook invoice ${inv.number}`,
    body: `Hi,\n\nThank you. Your ${plan.name} plan is active until ${displayDate(end)}.\nInvoice ${inv.number}: ${formatINR(Number(inv.total), { paise: true })} including GST.\nDownload it from Subscription & Billing in your panel.\n\nGlowBook`,
    meta: { purpose: 'invoice', invoiceId: inv.id },
  });
  await scheduleRenewal(trx, attempt.merchant_id, end);
  if (actor?.role === 'admin') await recordAudit(trx, actor.id, 'billing.change_plan', 'merchant', attempt.merchant_id, { plan: plan.id, invoice: inv.number });
  return inv;
}

/**
 * The attempt for this salon and key: recorded as pending (with the job that reconciles it should
 * this request die half-way) before the gateway is asked, or the one an earlier request with the
 * same key recorded.
 */
async function beginAttempt(deps: AppDeps, v: { merchantId: string; key: string; plan: PlanId; amount: number; gateway: PaymentGateway; purpose: 'change' | 'renewal'; periodStart: string }) {
  return deps.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('payment_attempts')
      .values({ merchant_id: v.merchantId, idempotency_key: v.key, amount: v.amount, gateway: v.gateway.name, status: 'pending', purpose: v.purpose, plan: v.plan, period_start: v.periodStart })
      .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (fresh) {
      await enqueueJob(trx, { kind: PAYMENT_RECONCILE, payload: { attemptId: fresh.id }, runAt: new Date(Date.now() + RECONCILE_AFTER_MS), dedupeKey: `reconcile:${fresh.id}`, ref: `payment:${fresh.id}` });
      return { attempt: fresh, fresh: true };
    }
    const earlier = await trx.selectFrom('payment_attempts').selectAll().where('merchant_id', '=', v.merchantId).where('idempotency_key', '=', v.key).executeTakeFirstOrThrow();
    if (earlier.plan !== v.plan) throw conflict('attemptId: this payment attempt was for another plan; start a new one');
    return { attempt: earlier, fresh: false };
  });
}

const planAnswer = (invoice: InvoiceRow) => ({ success: true as const, message: 'Plan updated successfully!', data: { invoice: toInvoiceWire(invoice) } });

function declined(error: string): AppError {
  const field = /^(\w+): /.exec(error)?.[1];
  return new AppError('BAD_REQUEST', field ? error : `cardNumber: ${error}`, field ?? 'cardNumber');
}

/** Answers a key sent again: the same outcome as the first time, and never a second charge. */
async function replay(deps: AppDeps, actor: Actor, attempt: AttemptRow) {
  switch (attempt.status) {
    case 'succeeded':
    case 'charged':
      return planAnswer(await deps.db.transaction().execute((trx) => fulfil(trx, deps, attempt.id, actor)));
    case 'failed':
      throw declined(attempt.error ?? 'The payment failed.');
    default:
      throw conflict(PAYMENT_IN_PROGRESS);
  }
}

/**
 * Changes the plan: the new plan's first month (GST included) is charged through the payment
 * gateway, then the subscription change and the invoice commit together. The attempt is in the
 * database before the gateway is asked and marked charged the moment it answers, so neither a
 * double click nor a crash in between takes money twice or leaves it without a plan (the
 * reconcile job finishes what a request could not). A new billing period starts today.
 */
export async function changePlan(deps: AppDeps, actor: Actor, input: z.output<typeof changePlanInput>, idempotencyKey: string | null = null) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const gateway = deps.adapters.payments;
  const proof = input.razorpay_order_id && input.razorpay_payment_id && input.razorpay_signature ? { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature } : undefined;
  let attempt: AttemptRow;
  if (proof) {
    const found = await deps.db.selectFrom('payment_attempts').selectAll().where('merchant_id', '=', shop).where('order_id', '=', proof.orderId).executeTakeFirst();
    if (!found) throw notFound('Payment order');
    if (found.plan !== input.plan) throw badRequest('plan: the order was made for another plan', 'plan');
    if (found.status === 'succeeded' || found.status === 'charged') return replay(deps, actor, found);
    attempt = found;
  } else {
    if (gateway.checkoutKey) throw badRequest('razorpay_signature: pay in Razorpay Checkout for an order from createPlanOrder, then send its razorpay_order_id, razorpay_payment_id and razorpay_signature', 'razorpay_signature');
    const key = input.attemptId ?? idempotencyKey ?? randomUUID();
    const earlier = await deps.db.selectFrom('payment_attempts').selectAll().where('merchant_id', '=', shop).where('idempotency_key', '=', key).executeTakeFirst();
    if (earlier) {
      if (earlier.plan !== input.plan) throw conflict('attemptId: this payment attempt was for another plan; start a new one');
      return replay(deps, actor, earlier);
    }
    const current = await deps.db.selectFrom('subscriptions').select(['plan', 'status']).where('merchant_id', '=', shop).executeTakeFirst();
    if (current?.plan === input.plan && current.status === 'active') throw badRequest('plan: this is already your plan', 'plan');
    const merchant = await salonBilling(deps.db, shop);
    const begun = await beginAttempt(deps, { merchantId: shop, key, plan: input.plan, amount: amountFor(input.plan, deps.env.PLATFORM_STATE, merchant.state || deps.env.PLATFORM_STATE), gateway, purpose: 'change', periodStart: todayIst() });
    // The same key raced in from a second request (a double click): that request owns the payment.
    if (!begun.fresh) return replay(deps, actor, begun.attempt);
    attempt = begun.attempt;
  }
  const plan = PLANS.find((p) => p.id === input.plan)!;
  const result = await gateway.charge({ amount: Number(attempt.amount), description: `${plan.name} plan`, receipt: attempt.id, cardNumber: input.cardNumber, cardExpiry: input.cardExpiry, proof });
  if (!result.ok) {
    await markFailed(deps.db, attempt.id, result.error);
    throw declined(result.error);
  }
  await markCharged(deps.db, attempt.id, result);
  const invoice = await deps.db.transaction().execute((trx) => fulfil(trx, deps, attempt.id, actor));
  return planAnswer(invoice);
}

/**
 * Razorpay: records the attempt and creates the order the browser pays in Razorpay Checkout; the
 * attempt's id is the order's receipt. The same attemptId answers the same order.
 */
export async function createPlanOrder(deps: AppDeps, actor: Actor, input: z.output<typeof createPlanOrderInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const gateway = deps.adapters.payments;
  if (!gateway.createOrder || !gateway.checkoutKey) throw badRequest('plan: the test gateway takes the card in changePlan; no order is needed', 'plan');
  const current = await deps.db.selectFrom('subscriptions').select(['plan', 'status']).where('merchant_id', '=', shop).executeTakeFirst();
  if (current?.plan === input.plan && current.status === 'active') throw badRequest('plan: this is already your plan', 'plan');
  const merchant = await salonBilling(deps.db, shop);
  const plan = PLANS.find((p) => p.id === input.plan)!;
  const { attempt } = await beginAttempt(deps, {
    merchantId: shop,
    key: input.attemptId ?? randomUUID(),
    plan: input.plan,
    amount: amountFor(input.plan, deps.env.PLATFORM_STATE, merchant.state || deps.env.PLATFORM_STATE),
    gateway,
    purpose: 'change',
    periodStart: todayIst(),
  });
  if (attempt.status !== 'pending') throw conflict('attemptId: this payment attempt is already finished; start a new one');
  let orderId = attempt.order_id;
  if (!orderId) {
    orderId = await gateway.createOrder(Number(attempt.amount), attempt.id);
    await deps.db.updateTable('payment_attempts').set({ order_id: orderId, updated_at: new Date() }).where('id', '=', attempt.id).execute();
  }
  return { data: { attemptId: attempt.id, orderId, amount: Math.round(Number(attempt.amount) * 100), currency: 'INR' as const, keyId: gateway.checkoutKey, description: `${plan.name} plan, one month (GST included)` } };
}

/** The invoice if the caller may see it: its salon's owner, or an admin. */
export async function invoiceFor(deps: AppDeps, actor: Actor, id: string): Promise<InvoiceRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await deps.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row || (actor.role !== 'admin' && row.merchant_id !== actor.id)) throw notFound('Invoice');
  return row;
}

export async function adminInvoices(deps: AppDeps) {
  const rows = await deps.db
    .selectFrom('invoices as i')
    .innerJoin('merchants as m', 'm.id', 'i.merchant_id')
    .selectAll('i')
    .select('m.shop_name')
    .orderBy('i.issued_at', 'desc')
    .limit(200)
    .execute();
  const totals = await deps.db
    .selectFrom('invoices')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(base_amount), 0)::float8`.as('base'),
      sql<number>`coalesce(sum(cgst + sgst + igst), 0)::float8`.as('gst'),
      sql<number>`coalesce(sum(total), 0)::float8`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  const failed = await deps.db.selectFrom('payment_attempts').select(sql<number>`count(*)::int`.as('n')).where('status', '=', 'failed').executeTakeFirstOrThrow();
  return {
    data: {
      invoices: rows.map((r) => ({ ...toInvoiceWire(r), salonName: r.shop_name })),
      totals: { count: Number(totals.count), base: Number(totals.base), gst: Number(totals.gst), total: Number(totals.total) },
      failedPayments: Number(failed.n),
    },
  };
}

/**
 * Finishes an attempt its request left half-way: a charged one gets its plan and invoice; a
 * pending one is looked up at the gateway (charged → fulfilled, never paid → failed).
 */
registerJobHandler(PAYMENT_RECONCILE, async (trx, payload: { attemptId: string }, ctx) => {
  const attempt = await trx.selectFrom('payment_attempts').selectAll().where('id', '=', payload.attemptId).forUpdate().executeTakeFirst();
  if (!attempt || attempt.status === 'succeeded' || attempt.status === 'failed') return;
  if (attempt.status === 'pending') {
    const paid = await ctx.deps.adapters.payments.lookup({ receipt: attempt.id, orderId: attempt.order_id });
    if (!paid) {
      await markFailed(trx, attempt.id, 'The payment was not completed.');
      return;
    }
    await markCharged(trx, attempt.id, paid);
  }
  await fulfil(trx, ctx.deps, attempt.id, null);
});

async function endPlan(trx: Transaction<Database>, merchantId: string, why: string): Promise<void> {
  const sub = await trx.updateTable('subscriptions').set({ status: 'expired', updated_at: new Date() }).where('merchant_id', '=', merchantId).where('status', '=', 'active').returningAll().executeTakeFirst();
  if (!sub) return;
  const merchant = await salonBilling(trx, merchantId);
  const plan = PLANS.find((p) => p.id === sub.plan)!;
  await queueMessage(trx, {
    channel: 'email',
    to: merchant.email || merchant.account_email,
    accountId: merchantId,
    subject: `Your GlowBook ${plan.name} plan has ended`,
    body: `Hi,\n\n${why} Your ${plan.name} plan ended on ${displayDate(sub.current_period_end)}; your salon stays listed and you pay only the commission on completed bookings.\nChoose a plan again under Subscription & Billing in your panel whenever you like.\n\nGlowBook`,
    meta: { purpose: 'subscription_expired', merchantId },
  });
}

/**
 * On the day a period ends: charges the saved card for the next month (one attempt per period,
 * so a rerun never charges twice) and extends the plan, or ends the plan when there is no card the
 * gateway can charge or the charge is declined.
 */
registerJobHandler(
  SUBSCRIPTION_RENEW,
  async (trx, payload: { merchantId: string; periodEnd: string }, ctx) => {
    const sub = await trx.selectFrom('subscriptions').selectAll().where('merchant_id', '=', payload.merchantId).forUpdate().executeTakeFirst();
    if (!sub || sub.status !== 'active' || sub.current_period_end !== payload.periodEnd) return;
    const gateway = ctx.deps.adapters.payments;
    if (!sub.payment_token || !gateway.chargeSaved) {
      await endPlan(trx, sub.merchant_id, 'Your payment method cannot be charged automatically.');
      return;
    }
    const merchant = await salonBilling(trx, sub.merchant_id);
    const amount = amountFor(sub.plan, ctx.deps.env.PLATFORM_STATE, merchant.state || ctx.deps.env.PLATFORM_STATE);
    const key = `renew:${payload.periodEnd}`;
    await trx
      .insertInto('payment_attempts')
      .values({ merchant_id: sub.merchant_id, idempotency_key: key, amount, gateway: gateway.name, status: 'pending', purpose: 'renewal', plan: sub.plan, period_start: payload.periodEnd })
      .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
      .execute();
    const attempt = await trx.selectFrom('payment_attempts').selectAll().where('merchant_id', '=', sub.merchant_id).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    if (attempt.status === 'pending') {
      const plan = PLANS.find((p) => p.id === sub.plan)!;
      // The receipt names the period, not the attempt row: if this transaction rolls back after the
      // charge, the rerun's charge carries the same receipt and the gateway answers the first one.
      const result = await gateway.chargeSaved({ token: sub.payment_token, amount, receipt: `renew:${sub.merchant_id}:${payload.periodEnd}`, description: `${plan.name} plan renewal` });
      if (!result.ok) {
        await markFailed(trx, attempt.id, result.error);
        await endPlan(trx, sub.merchant_id, 'We could not renew it: the saved card was declined.');
        return;
      }
      await markCharged(trx, attempt.id, result);
    }
    if (attempt.status !== 'failed') await fulfil(trx, ctx.deps, attempt.id, null);
  },
  {
    // The gateway kept failing: the plan cannot stay active unpaid.
    async onFailure(trx, payload: { merchantId: string; periodEnd: string }, failure) {
      if (!failure.final) return;
      const sub = await trx.selectFrom('subscriptions').select('current_period_end').where('merchant_id', '=', payload.merchantId).executeTakeFirst();
      if (sub?.current_period_end === payload.periodEnd) await endPlan(trx, payload.merchantId, 'We could not reach the payment gateway to renew it.');
    },
  },
);
