import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  addMonth,
  creditNoteNumber,
  daysBetween,
  financialYear,
  gstBreakdown,
  invoiceNumber,
  PLANS,
  type PlanId,
  type UpgradeQuote,
  upgradeQuote,
} from '../../../shared/gst.js';
import { gstinStateProblem, PLATFORM_SAC } from '../../../shared/gstin.js';
import { formatINR } from '../../../shared/money.js';
import { planAllows, planRank, type TierId, tierOf } from '../../../shared/plans.js';
import { PLATFORM_TIME_ZONE, platformToday } from '../../../shared/platform.js';
import type { changePlanInput, createPlanOrderInput, schedulePlanChangeInput, updateGstinInput } from '../../../shared/schemas/billing.js';
import { zonedTimeToInstant } from '../../../shared/slots.js';
import type { PaidCharge, PaymentGateway } from '../../adapters/payments/index.js';
import type { Executor } from '../../db/repositories/accounts.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as repo from '../../db/repositories/billing.js';
import { lockKeys } from '../../db/repositories/limits.js';
import type { CreditNotesTable, InvoicesTable, PaymentAttemptsTable } from '../../db/schema/billing.js';
import type { Database } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { platformGst } from '../../env.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { defineJob, enqueueJob } from '../../jobs/queue.js';
import { queueMessage } from '../../messaging/index.js';
import { displayDate } from '../bookings/notify.js';
import { clearDiscoveryCache } from '../discovery/cache.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';
import { staffOnTeam, teamFitsPlan } from './entitlements.js';
import type { TaxDocument } from './pdf.js';

type InvoiceRow = Selectable<InvoicesTable>;
type CreditNoteRow = Selectable<CreditNotesTable>;
type AttemptRow = Selectable<PaymentAttemptsTable>;

/** Resolves an attempt that is still pending or charged this long after it began. */
/** A uuid's shape: an id that is not one names no row of ours and is not looked up. */
const UUID_SHAPE = /^[0-9a-f-]{36}$/i;
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
    sac: i.sac,
    placeOfSupply: i.place_of_supply,
    supplierGstin: i.supplier_gstin,
    recipientGstin: i.recipient_gstin,
  };
}

export function toCreditNoteWire(c: CreditNoteRow & { invoice_number: string }) {
  return {
    _id: c.id,
    number: c.number,
    date: iso(c.issued_at),
    invoiceNumber: c.invoice_number,
    reason: c.reason,
    description: c.description,
    baseAmount: Number(c.base_amount),
    cgst: Number(c.cgst),
    sgst: Number(c.sgst),
    igst: Number(c.igst),
    amount: Number(c.total),
    refund: { status: c.refund_status, reference: c.refund_reference, error: c.refund_error },
  };
}

/** The first instant of a calendar day in India, when a plan ending that day renews. */
const startOfIstDay = (isoDay: string) => zonedTimeToInstant(isoDay, 0, PLATFORM_TIME_ZONE);

type SubscriptionRow = Selectable<Database['subscriptions']>;

/** What choosing a plan means now: its price for a new month, an upgrade's prorated difference, or a change at the period's end. */
export type PlanQuote =
  | { kind: 'current' }
  | { kind: 'new'; due: number; periodStart: string; periodEnd: string }
  | { kind: 'upgrade'; due: number; quote: UpgradeQuote; fromPlan: PlanId; periodStart: string; periodEnd: string; prorateFrom: string }
  | { kind: 'downgrade'; on: string };

/** The invoice that put the current plan in place for this period, and what it has left to credit. */
async function periodInvoice(db: Executor, merchantId: string, plan: PlanId, periodEnd: string, opts: { lock?: boolean } = {}) {
  const found = await repo.findPaidPeriodInvoice(db, merchantId, plan, periodEnd);
  // Before a credit note is issued against it, the invoice is locked and what it still has to credit is
  // read after the lock: a cancellation committing meanwhile (which locks it too) is then counted, and
  // the two credit notes never add up to more than the invoice.
  const inv = found && opts.lock ? await repo.lockInvoice(db, found.id) : found;
  if (!inv || inv.status !== 'paid') return null;
  const credited = await repo.creditedBase(db, inv.id);
  return { invoice: inv, creditable: Math.round((Number(inv.base_amount) - credited) * 100) / 100 };
}

async function quotePlan(
  db: Executor,
  deps: AppDeps,
  merchantId: string,
  sub: SubscriptionRow | undefined,
  salonState: string,
  target: PlanId,
  today = platformToday(),
): Promise<PlanQuote> {
  const price = PLANS.find((p) => p.id === target)!.price;
  const platformState = deps.env.PLATFORM_STATE;
  const fresh = (): PlanQuote => ({
    kind: 'new',
    due: gstBreakdown(price, platformState, salonState).total,
    periodStart: today,
    periodEnd: addMonth(today),
  });
  if (sub?.status !== 'active') return fresh();
  if (sub.plan === target) return { kind: 'current' };
  if (planRank(target) < planRank(sub.plan)) return { kind: 'downgrade', on: sub.current_period_end };
  if (daysBetween(today, sub.current_period_end) <= 0) return fresh();
  const paid = await periodInvoice(db, merchantId, sub.plan, sub.current_period_end);
  const quote = upgradeQuote({
    fromPrice: PLANS.find((p) => p.id === sub.plan)!.price,
    toPrice: price,
    periodStart: sub.current_period_start,
    periodEnd: sub.current_period_end,
    from: today,
    supplierState: platformState,
    recipientState: salonState,
    creditable: paid?.creditable ?? 0,
  });
  return {
    kind: 'upgrade',
    due: quote.due,
    quote,
    fromPlan: sub.plan,
    periodStart: sub.current_period_start,
    periodEnd: sub.current_period_end,
    prorateFrom: today,
  };
}

export async function getSubscription(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [sub, invoices, creditNotes, merchant, onTeam, payments] = await Promise.all([
    repo.findSubscription(deps.db, shop),
    repo.listInvoices(deps.db, shop, 50),
    repo.listCreditNotes(deps.db, shop, 50),
    repo.findSalonBilling(deps.db, shop),
    staffOnTeam(deps.db, shop),
    repo.listPlanPayments(deps.db, shop, 20),
  ]);
  const gateway = deps.adapters.payments;
  const salonState = merchant.state || deps.env.PLATFORM_STATE;
  const tier: TierId = sub?.status === 'active' ? sub.plan : 'free';
  const quotes = await Promise.all(
    PLANS.map(async (p) => {
      const q = await quotePlan(deps.db, deps, shop, sub, salonState, p.id);
      return {
        plan: p.id,
        kind: q.kind,
        due: q.kind === 'new' || q.kind === 'upgrade' ? q.due : null,
        credit: q.kind === 'upgrade' ? (q.quote.credit?.total ?? 0) : null,
        charge: q.kind === 'upgrade' ? q.quote.charge.total : null,
        days: q.kind === 'upgrade' ? q.quote.days : null,
        periodDays: q.kind === 'upgrade' ? q.quote.periodDays : null,
        on: q.kind === 'downgrade' ? q.on : null,
      };
    }),
  );
  return {
    data: {
      plan: sub?.plan ?? null,
      status: sub?.status ?? null,
      tier,
      scheduledChange: sub?.status === 'active' && sub.scheduled_plan ? { plan: sub.scheduled_plan, on: sub.current_period_end } : null,
      usage: { staff: { onTeam, limit: tierOf(tier).staffLimit } },
      quotes,
      nextBillingDate: sub?.current_period_end ?? null,
      cardLast4: sub?.card_last4 ?? null,
      paymentMethod: sub?.card_last4 ? { last4: sub.card_last4, expMonth: sub.card_exp_month, expYear: sub.card_exp_year } : null,
      autoRenew: Boolean(sub?.status === 'active' && sub.scheduled_plan !== 'free' && sub.payment_token && gateway.chargeSaved),
      gateway: { name: gateway.name, testMode: gateway.testMode, checkoutKey: gateway.checkoutKey },
      merchantState: salonState,
      platformState: deps.env.PLATFORM_STATE,
      gst: { salonGstin: merchant.gstin, platformGstin: platformGst(deps.env).gstin, sac: PLATFORM_SAC },
      invoices: invoices.map(toInvoiceWire),
      creditNotes: creditNotes.map(toCreditNoteWire),
      payments: payments.map(toPlanPaymentWire),
    },
  };
}

/**
 * A plan payment as the owner sees it besides the invoices: in progress (pending or charged), failed,
 * or a late payment refunded in full (refunding, refunded, refund_due: an admin refunds it by hand).
 */
export function toPlanPaymentWire(a: Awaited<ReturnType<typeof repo.listPlanPayments>>[number]) {
  const status =
    a.status === 'pending' || a.status === 'charged'
      ? ('in_progress' as const)
      : a.status === 'refund_failed'
        ? ('refund_due' as const)
        : (a.status as 'failed' | 'refunding' | 'refunded');
  return {
    _id: a.id,
    date: iso(a.created_at),
    plan: a.plan,
    purpose: a.purpose,
    amount: Number(a.amount),
    status,
    /** Why it failed, or why a late payment was not applied. */
    reason: a.error,
    refundReference: a.refund_reference,
  };
}

/**
 * The next number of the financial year in a series (repositories/billing.ts nextDocumentNumber:
 * in order, no gaps, never reused, as long as the issuing transaction holds the counter's lock).
 */
async function nextNumber(trx: Executor, series: 'invoice' | 'credit_note', at: Date): Promise<string> {
  const fy = financialYear(at);
  const n = await repo.nextDocumentNumber(trx, series, fy);
  return series === 'invoice' ? invoiceNumber(fy, n) : creditNoteNumber(fy, n);
}

/** Who a tax document is between: the platform (supplier) and the salon (recipient). */
export interface GstParties {
  platform: { state: string; gstin: string };
  salon: { name: string; state: string; gstin: string | null };
}

/**
 * Issues a paid tax invoice for a plan: a month from periodStart, or (an upgrade's prorated days)
 * the given period, taxable value and description. The GSTINs, SAC and place of supply are kept
 * as issued. Used by plan changes, upgrades, renewals and the demo data.
 */
export async function issueInvoice(
  trx: Executor,
  v: GstParties & {
    merchantId: string;
    plan: PlanId;
    periodStart: string;
    periodEnd?: string;
    base?: number;
    description?: string;
    gateway: string;
    reference: string;
    at?: Date;
    paymentAttemptId?: string;
  },
): Promise<InvoiceRow> {
  const plan = PLANS.find((p) => p.id === v.plan)!;
  const tax = gstBreakdown(v.base ?? plan.price, v.platform.state, v.salon.state);
  const at = v.at ?? new Date();
  const end = v.periodEnd ?? addMonth(v.periodStart);
  return repo.insertInvoice(trx, {
    number: await nextNumber(trx, 'invoice', at),
    merchant_id: v.merchantId,
    plan: plan.id,
    description: v.description ?? `${plan.name} plan, ${displayDate(v.periodStart)} to ${displayDate(end)}`,
    period_start: v.periodStart,
    period_end: end,
    base_amount: tax.base,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    total: tax.total,
    place_of_supply: v.salon.state,
    gateway: v.gateway,
    payment_reference: v.reference,
    issued_at: at,
    payment_attempt_id: v.paymentAttemptId ?? null,
    supplier_gstin: v.platform.gstin,
    supplier_state: v.platform.state,
    recipient_gstin: v.salon.gstin,
    recipient_name: v.salon.name,
    sac: PLATFORM_SAC,
  });
}

/** A credit note against an invoice (a proration credit, a refund, a cancelled invoice), numbered in its own series. */
export async function issueCreditNote(
  trx: Executor,
  v: GstParties & {
    invoice: InvoiceRow;
    reason: CreditNoteRow['reason'];
    base: number;
    description: string;
    at?: Date;
    paymentAttemptId?: string;
    refundStatus?: CreditNoteRow['refund_status'];
  },
): Promise<CreditNoteRow> {
  const tax = gstBreakdown(v.base, v.platform.state, v.salon.state);
  const at = v.at ?? new Date();
  return repo.insertCreditNote(trx, {
    number: await nextNumber(trx, 'credit_note', at),
    invoice_id: v.invoice.id,
    merchant_id: v.invoice.merchant_id,
    reason: v.reason,
    description: v.description,
    base_amount: tax.base,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    total: tax.total,
    place_of_supply: v.salon.state,
    supplier_gstin: v.platform.gstin,
    supplier_state: v.platform.state,
    recipient_gstin: v.salon.gstin,
    recipient_name: v.salon.name,
    sac: v.invoice.sac,
    issued_at: at,
    payment_attempt_id: v.paymentAttemptId ?? null,
    refund_status: v.refundStatus ?? 'none',
  });
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

function partiesOf(deps: AppDeps, merchant: Awaited<ReturnType<typeof repo.findSalonBilling>>): GstParties {
  return {
    platform: platformGst(deps.env),
    salon: { name: merchant.shop_name, state: merchant.state || deps.env.PLATFORM_STATE, gstin: merchant.gstin },
  };
}

function amountFor(plan: PlanId, platformState: string, merchantState: string) {
  return gstBreakdown(PLANS.find((p) => p.id === plan)!.price, platformState, merchantState).total;
}

/** A payment attempt that must exist (its id came from a row or a job that recorded it). */
function existing<T>(attempt: T | undefined, id: string): T {
  if (!attempt) throw new Error(`payment attempt ${id} not found`);
  return attempt;
}

/**
 * Puts a charged attempt's plan in place: the subscription period, one invoice (unique per
 * attempt), the e-mail and the next renewal, all in the caller's transaction. Idempotent: an
 * attempt already fulfilled answers its invoice.
 */
async function fulfil(trx: Transaction<Database>, deps: AppDeps, attemptId: string, actor: Actor | null): Promise<InvoiceRow> {
  const attempt = existing(await repo.lockPaymentAttempt(trx, attemptId), attemptId);
  if (attempt.status === 'succeeded') return repo.findInvoiceOfAttempt(trx, attemptId);
  if (attempt.status !== 'charged' || !attempt.plan || !attempt.period_start || !attempt.reference)
    throw new Error(`payment attempt ${attemptId} is ${attempt.status}, not charged`);
  if (attempt.purpose === 'upgrade') return fulfilUpgrade(trx, deps, attempt, actor);
  const plan = PLANS.find((p) => p.id === attempt.plan)!;
  const merchant = await repo.findSalonBilling(trx, attempt.merchant_id);
  const start = attempt.period_start;
  const end = addMonth(start);
  const card = attempt.card_last4
    ? {
        card_last4: attempt.card_last4,
        card_exp_month: attempt.card_exp_month,
        card_exp_year: attempt.card_exp_year,
        payment_token: attempt.payment_token,
      }
    : {};
  await repo.upsertSubscription(
    trx,
    {
      merchant_id: attempt.merchant_id,
      plan: plan.id,
      status: 'active',
      current_period_start: start,
      current_period_end: end,
      card_last4: attempt.card_last4,
      card_exp_month: attempt.card_exp_month,
      card_exp_year: attempt.card_exp_year,
      payment_token: attempt.payment_token,
    },
    { plan: plan.id, status: 'active', current_period_start: start, current_period_end: end, scheduled_plan: null, ...card },
  );
  const inv = await issueInvoice(trx, {
    ...partiesOf(deps, merchant),
    merchantId: attempt.merchant_id,
    plan: plan.id,
    periodStart: start,
    gateway: attempt.gateway,
    reference: attempt.reference,
    paymentAttemptId: attempt.id,
  });
  await repo.markPaymentAttemptSucceeded(trx, attempt.id);
  await queueMessage(trx, {
    channel: 'email',
    to: merchant.email || merchant.account_email,
    accountId: attempt.merchant_id,
    subject: `GlowBook invoice ${inv.number}`,
    body: `Hi,\n\nThank you. Your ${plan.name} plan is active until ${displayDate(end)}.\nInvoice ${inv.number}: ${formatINR(Number(inv.total), { paise: true })} including GST.\nDownload it from Subscription & Billing in your panel.\n\nGlowBook`,
    meta: { purpose: 'invoice', invoiceId: inv.id },
  });
  await scheduleRenewal(trx, attempt.merchant_id, end);
  if (actor?.role === 'admin')
    await recordAudit(trx, actor.id, 'billing.change_plan', 'merchant', attempt.merchant_id, { plan: plan.id, invoice: inv.number });
  return inv;
}

const shortDay = (d: string) => displayDate(d).replace(/, \d{4}$/, '');

/**
 * An upgrade paid for: the new plan from today to the end of the paid period (the next billing
 * date stays), an invoice for the new plan's prorated days and a credit note against the period's
 * invoice for the old plan's unused days; what was charged is the difference. The documents are
 * worked out from what the attempt recorded when it was priced, so they add up to the charge.
 */
async function fulfilUpgrade(trx: Transaction<Database>, deps: AppDeps, attempt: AttemptRow, actor: Actor | null): Promise<InvoiceRow> {
  const from = PLANS.find((p) => p.id === attempt.from_plan)!;
  const to = PLANS.find((p) => p.id === attempt.plan)!;
  const periodStart = attempt.period_start!;
  const periodEnd = attempt.period_end!;
  const prorateFrom = attempt.prorate_from!;
  const merchant = await repo.findSalonBilling(trx, attempt.merchant_id);
  const parties = partiesOf(deps, merchant);
  const card = attempt.card_last4
    ? {
        card_last4: attempt.card_last4,
        card_exp_month: attempt.card_exp_month,
        card_exp_year: attempt.card_exp_year,
        payment_token: attempt.payment_token,
      }
    : {};
  await repo.updateSubscription(trx, attempt.merchant_id, { plan: to.id, status: 'active', scheduled_plan: null, ...card });
  const paid = await periodInvoice(trx, attempt.merchant_id, from.id, periodEnd, { lock: true });
  const q = upgradeQuote({
    fromPrice: from.price,
    toPrice: to.price,
    periodStart,
    periodEnd,
    from: prorateFrom,
    supplierState: parties.platform.state,
    recipientState: parties.salon.state,
    creditable: paid?.creditable ?? 0,
  });
  const span = `${shortDay(prorateFrom)} to ${displayDate(periodEnd)}, ${q.days} of ${q.periodDays} days`;
  const inv = await issueInvoice(trx, {
    ...parties,
    merchantId: attempt.merchant_id,
    plan: to.id,
    periodStart: prorateFrom,
    periodEnd,
    base: q.charge.base,
    description: `${to.name} plan (upgrade from ${from.name}), ${span}`,
    gateway: attempt.gateway,
    reference: attempt.reference!,
    paymentAttemptId: attempt.id,
  });
  const credit =
    q.credit && paid
      ? await issueCreditNote(trx, {
          ...parties,
          invoice: paid.invoice,
          reason: 'proration',
          base: q.credit.base,
          description: `Unused ${from.name} plan, ${span} (upgraded to ${to.name})`,
          paymentAttemptId: attempt.id,
        })
      : null;
  await repo.markPaymentAttemptSucceeded(trx, attempt.id);
  await queueMessage(trx, {
    channel: 'email',
    to: merchant.email || merchant.account_email,
    accountId: attempt.merchant_id,
    subject: `GlowBook invoice ${inv.number}: upgrade to ${to.name}`,
    body: `Hi,\n\nYour ${to.name} plan is active now; it renews on ${displayDate(periodEnd)}.\nInvoice ${inv.number}: ${formatINR(Number(inv.total), { paise: true })} for ${to.name} from ${displayDate(prorateFrom)}.${credit ? `\nCredit note ${credit.number}: ${formatINR(Number(credit.total), { paise: true })} for the unused days of ${from.name} (against invoice ${paid!.invoice.number}).` : ''}\nCharged: ${formatINR(Number(attempt.amount), { paise: true })} including GST.\nDownload them from Subscription & Billing in your panel.\n\nGlowBook`,
    meta: { purpose: 'invoice', invoiceId: inv.id, creditNoteId: credit?.id ?? null },
  });
  if (actor?.role === 'admin')
    await recordAudit(trx, actor.id, 'billing.upgrade_plan', 'merchant', attempt.merchant_id, {
      plan: to.id,
      invoice: inv.number,
      creditNote: credit?.number ?? null,
    });
  return inv;
}

/**
 * Plan payments of a salon take turns (a change, an upgrade, the renewal): each is priced and
 * recorded under this transaction-scoped lock, so it reads the plan the one before it left.
 */
const lockPlanPayments = (trx: Transaction<Database>, merchantId: string) => lockKeys(trx, [`plan-payment:${merchantId}`]);

/**
 * Everything that decides what a plan payment may do takes the salon's subscription row, then its
 * plan-payment lock, then the attempt's row: the renewal job takes the first two in that order, so
 * no two of them wait for each other the other way round.
 */
async function lockPlanState(trx: Transaction<Database>, merchantId: string): Promise<SubscriptionRow | undefined> {
  const sub = await repo.findSubscription(trx, merchantId, { lock: true });
  await lockPlanPayments(trx, merchantId);
  return sub;
}

/** Fulfils a charged attempt in its own transaction, the subscription's row locked first (lockPlanState's order). */
async function fulfilNow(deps: AppDeps, attempt: AttemptRow, actor: Actor | null): Promise<InvoiceRow> {
  return deps.db.transaction().execute(async (trx) => {
    await repo.findSubscription(trx, attempt.merchant_id, { lock: true });
    return fulfil(trx, deps, attempt.id, actor);
  });
}

/** A late payment's attempt: money taken for an attempt that was no longer the current one, refunded (or being). */
const LATE: readonly AttemptRow['status'][] = ['refunding', 'refunded', 'refund_failed'];
const isLate = (a: AttemptRow) => LATE.includes(a.status);

/**
 * Why money for this attempt must not be applied at the price it was given (null: it may). Its order
 * was superseded by another plan's, or the reconcile job already found it unpaid; another payment of
 * the salon took money after it began; or the subscription is no longer the one it was priced from
 * (an upgrade's plan and period, or a new month's "no paid period running"). Read under lockPlanState.
 */
async function staleReason(db: Executor, a: AttemptRow, sub: SubscriptionRow | undefined): Promise<string | null> {
  if (a.status === 'superseded') return 'its order had been replaced by a newer order';
  if (a.status === 'failed') return 'its order had expired unpaid';
  if (a.purpose === 'renewal') return null;
  if (await repo.laterPaymentTaken(db, a.merchant_id, a.id, a.created_at))
    return 'another payment changed your plan after this order was made';
  const active = sub?.status === 'active';
  const asPriced =
    a.purpose === 'upgrade'
      ? active && sub.plan === a.from_plan && sub.current_period_start === a.period_start && sub.current_period_end === a.period_end
      : !active || daysBetween(a.period_start!, sub.current_period_end) <= 0;
  return asPriced ? null : 'your plan changed after this order was priced';
}

/** The durable refund of a late payment: the reconcile job refunds an attempt it finds refunding (retried on network errors). */
async function enqueueLateRefund(trx: Executor, attemptId: string): Promise<void> {
  await enqueueJob(trx, {
    kind: PAYMENT_RECONCILE,
    payload: { attemptId },
    dedupeKey: `refund:${attemptId}`,
    ref: `payment-refund:${attemptId}`,
    maxAttempts: 6,
  });
}

/** The gateway's idempotency receipt of a late payment's refund (≤ 40 characters, as Razorpay allows). */
export const lateRefundReceipt = (attemptId: string) => `rf_${attemptId.replace(/-/g, '')}`;

/**
 * Refunds a late payment in full through the gateway that took it, under the attempt's row lock; the
 * receipt comes from the attempt's id, so a retry (or the job and the request both) is one refund.
 * A gateway that cannot refund it leaves it to an admin (refund_failed, counted on the admin's
 * Payments screen). The owner is e-mailed either way. Throws on a network error (the job retries).
 */
async function refundLatePayment(trx: Transaction<Database>, deps: AppDeps, attemptId: string): Promise<AttemptRow | undefined> {
  const a = await repo.lockPaymentAttempt(trx, attemptId);
  if (a?.status !== 'refunding') return a;
  const gateway = deps.adapters.payments;
  const { why } = attemptFacts(a);
  let outcome: Parameters<typeof repo.settlePaymentAttemptRefund>[2];
  if (gateway.name !== a.gateway || !gateway.refund) {
    outcome = { status: 'refund_failed', error: `${why}; ${a.gateway} cannot refund it from GlowBook, so an admin refunds it by hand` };
  } else {
    const r = await gateway.refund({ paymentReference: a.reference!, amount: Number(a.amount), receipt: lateRefundReceipt(a.id) });
    outcome = r.ok
      ? { status: 'refunded', refundReference: r.reference }
      : { status: 'refund_failed', error: `${why}; the gateway refused the refund (${r.error}), so an admin refunds it by hand` };
  }
  await repo.settlePaymentAttemptRefund(trx, a.id, outcome);
  await mailLateRefund(trx, a, outcome);
  return existing(await repo.findPaymentAttempt(trx, a.id), a.id);
}

/** A plan payment as its messages name it: the amount (with paise), the plan, and why a late one was not applied. */
function attemptFacts(a: AttemptRow) {
  return {
    amount: formatINR(Number(a.amount), { paise: true }),
    plan: tierOf(a.plan ?? 'basic').name,
    why: a.error ?? 'its order was no longer current',
  };
}

/** Tells the owner what became of a late payment: refunded (with the gateway's reference), or refunded by GlowBook's team. */
async function mailLateRefund(trx: Executor, a: AttemptRow, outcome: Parameters<typeof repo.settlePaymentAttemptRefund>[2]): Promise<void> {
  const { amount, plan, why } = attemptFacts(a);
  const merchant = await repo.findSalonBilling(trx, a.merchant_id);
  await queueMessage(trx, {
    channel: 'email',
    to: merchant.email || merchant.account_email,
    accountId: a.merchant_id,
    subject:
      outcome.status === 'refunded'
        ? `Your GlowBook payment of ${amount} was refunded`
        : `Your GlowBook payment of ${amount} will be refunded`,
    body:
      outcome.status === 'refunded'
        ? `Hi,\n\nYour payment of ${amount} for the ${plan} plan (${a.gateway} payment ${a.reference}) was refunded in full because ${why}. Refund reference: ${outcome.refundReference}. Nothing was kept and your plan did not change.\nChoose a plan again under Subscription & Billing in your panel if you still want it.\n\nGlowBook`
        : `Hi,\n\nYour payment of ${amount} for the ${plan} plan (${a.gateway} payment ${a.reference}) was not applied because ${why}. The gateway could not refund it automatically, so our team will refund it to you in full; nothing will be kept and your plan did not change.\n\nGlowBook`,
    meta: { purpose: 'payment_refund', paymentAttemptId: a.id },
  });
}

/** Tries the refund now (the job stays queued should the gateway not answer): the attempt as it stands after. */
async function refundLateNow(deps: AppDeps, attemptId: string): Promise<AttemptRow> {
  try {
    const a = await deps.db.transaction().execute((trx) => refundLatePayment(trx, deps, attemptId));
    if (a) return a;
  } catch {
    // A network error: the queued refund job retries it.
  }
  return existing(await repo.findPaymentAttempt(deps.db, attemptId), attemptId);
}

/** The 409 a late payment is answered with: why it was not applied, and that nothing was kept. */
function lateAnswer(a: AttemptRow, field: 'plan' | 'razorpay_order_id'): AppError {
  const { amount, plan, why } = attemptFacts(a);
  const text =
    a.status === 'refunded'
      ? `${field}: your payment of ${amount} for the ${plan} plan was not applied because ${why}, and it was refunded in full (refund ${a.refund_reference}); nothing was kept and your plan did not change`
      : a.status === 'refund_failed'
        ? `${field}: your payment of ${amount} for the ${plan} plan was not applied because ${why}; nothing is kept and your plan did not change`
        : `${field}: your payment of ${amount} for the ${plan} plan was not applied because ${why}; it is being refunded in full, nothing is kept and your plan did not change`;
  return new AppError('CONFLICT', text, field);
}

/**
 * The attempt for this salon and key: recorded as pending (with the job that reconciles it should
 * this request die half-way) before the gateway is asked, or the one an earlier request with the
 * same key recorded. A salon pays for one plan change at a time: under a lock on the salon's plan
 * payments, another payment still in flight (another tab, another attempt id) refuses this one
 * (409), and the price is worked out only then, from the plan the last settled payment left. Two
 * payments priced from the same plan would otherwise both be charged (docs/security.md).
 * `reuseOpenOrder`: a Checkout order of the same plan still open is answered again (the owner
 * closed Checkout and came back), rather than refused.
 *
 * An open Checkout order (pending, with an order id) of another plan is asked about at the gateway,
 * under the same lock: paid, that payment is finished as the reconcile job would (its plan and
 * invoice) and this one is refused (`settled`); not paid, it is closed as superseded and this one
 * goes ahead (a payment for it arriving later is refunded: changePlan). A lookup that fails keeps
 * the 409: nothing is guessed.
 */
async function beginAttempt(
  deps: AppDeps,
  v: { merchantId: string; key: string; plan: PlanId; gateway: PaymentGateway; reuseOpenOrder?: boolean; actor?: Actor },
): Promise<{ attempt: AttemptRow; fresh: boolean; settled?: undefined } | { settled: AttemptRow; attempt?: undefined }> {
  let refundAfter: string | null = null;
  const begun = await deps.db.transaction().execute(async (trx) => {
    const sub = await lockPlanState(trx, v.merchantId);
    const earlier = await repo.findPaymentAttemptByKey(trx, v.merchantId, v.key);
    if (earlier) {
      if (earlier.plan !== v.plan) throw conflict('attemptId: this payment attempt was for another plan; start a new one');
      return { attempt: earlier, fresh: false };
    }
    const open = await repo.findOpenPlanPayment(trx, v.merchantId);
    if (open) {
      const checkoutOrder = open.status === 'pending' && open.order_id !== null && Boolean(v.gateway.createOrder);
      if (!checkoutOrder) throw conflict(PAYMENT_IN_PROGRESS);
      if (v.reuseOpenOrder && open.plan === v.plan && !(await staleReason(trx, open, sub))) return { attempt: open, fresh: false };
      let paid: PaidCharge | null;
      try {
        paid = await v.gateway.lookup({ receipt: open.id, orderId: open.order_id });
      } catch {
        throw conflict(PAYMENT_IN_PROGRESS);
      }
      if (paid) {
        const why = await staleReason(trx, open, sub);
        if (!why) {
          await repo.markPaymentAttemptCharged(trx, open.id, paid);
          await fulfil(trx, deps, open.id, v.actor ?? null);
          return { settled: open };
        }
        await repo.markPaymentAttemptRefunding(trx, open.id, paid, why);
        await enqueueLateRefund(trx, open.id);
        refundAfter = open.id;
      } else {
        await repo.markPaymentAttemptSuperseded(
          trx,
          open.id,
          `Replaced by an order for the ${tierOf(v.plan).name} plan before it was paid.`,
        );
      }
    }
    const q = await priceFor(trx, deps, v.merchantId, v.plan);
    const priced =
      q.kind === 'upgrade'
        ? {
            amount: q.due,
            purpose: 'upgrade' as const,
            period_start: q.periodStart,
            period_end: q.periodEnd,
            from_plan: q.fromPlan,
            prorate_from: q.prorateFrom,
          }
        : { amount: q.due, purpose: 'change' as const, period_start: q.periodStart };
    const fresh = await repo.insertPaymentAttempt(trx, {
      merchant_id: v.merchantId,
      idempotency_key: v.key,
      gateway: v.gateway.name,
      status: 'pending',
      plan: v.plan,
      ...priced,
    });
    // The key is taken under the lock above, so it cannot have been recorded since.
    if (!fresh) throw new Error(`payment attempt ${v.key} recorded twice`);
    await enqueueJob(trx, {
      kind: PAYMENT_RECONCILE,
      payload: { attemptId: fresh.id },
      runAt: new Date(Date.now() + RECONCILE_AFTER_MS),
      dedupeKey: `reconcile:${fresh.id}`,
      ref: `payment:${fresh.id}`,
    });
    return { attempt: fresh, fresh: true };
  });
  if (refundAfter) await refundLateNow(deps, refundAfter);
  return begun;
}

/** The price of choosing `plan` now: a new month or an upgrade's difference; the same plan or a lower one is refused. */
async function priceFor(db: Executor, deps: AppDeps, shop: string, plan: PlanId): Promise<Extract<PlanQuote, { kind: 'new' | 'upgrade' }>> {
  const sub = await repo.findSubscription(db, shop);
  const merchant = await repo.findSalonBilling(db, shop);
  const q = await quotePlan(db, deps, shop, sub, merchant.state || deps.env.PLATFORM_STATE, plan);
  if (q.kind === 'current') throw badRequest('plan: this is already your plan', 'plan');
  if (q.kind === 'downgrade') {
    throw badRequest(
      `plan: ${tierOf(plan).name} is below your ${tierOf(sub!.plan).name} plan; a downgrade takes effect at the end of your paid period (${displayDate(q.on)}): schedule it with schedulePlanChange`,
      'plan',
    );
  }
  return q;
}

/** The 409 when the open order of another plan turned out paid: that plan is in place, this one was not started. */
function earlierPaid(earlier: AttemptRow, wanted: PlanId): AppError {
  const { amount, plan: was } = attemptFacts(earlier);
  return new AppError(
    'CONFLICT',
    `plan: your earlier payment of ${amount} for the ${was} plan went through, so ${was} is now your plan and its invoice is in Billing History; nothing was charged for ${tierOf(wanted).name}. Choose it again if you still want it.`,
    'plan',
  );
}

const planAnswer = (invoice: InvoiceRow) => ({
  success: true as const,
  message: 'Plan updated successfully!',
  data: { invoice: toInvoiceWire(invoice) },
});

function declined(error: string): AppError {
  const field = /^(\w+): /.exec(error)?.[1];
  return new AppError('BAD_REQUEST', field ? error : `cardNumber: ${error}`, field ?? 'cardNumber');
}

/** Answers a key sent again: the same outcome as the first time, and never a second charge. */
async function replay(deps: AppDeps, actor: Actor, attempt: AttemptRow) {
  switch (attempt.status) {
    case 'succeeded':
    case 'charged':
      return planAnswer(await fulfilNow(deps, attempt, actor));
    case 'failed':
      throw declined(attempt.error ?? 'The payment failed.');
    case 'refunding':
    case 'refunded':
    case 'refund_failed':
      throw lateAnswer(attempt, 'plan');
    case 'superseded':
      throw conflict('attemptId: this order was replaced by a newer one before it was paid; start a new payment');
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
export async function changePlan(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof changePlanInput>,
  idempotencyKey: string | null = null,
) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const gateway = deps.adapters.payments;
  const proof =
    input.razorpay_order_id && input.razorpay_payment_id && input.razorpay_signature
      ? { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature }
      : undefined;
  let attempt: AttemptRow;
  if (proof) {
    const found = await repo.findPaymentAttemptByOrder(deps.db, shop, proof.orderId);
    if (!found) throw notFound('Payment order');
    if (found.plan !== input.plan) throw badRequest('plan: the order was made for another plan', 'plan');
    if (found.status === 'succeeded' || found.status === 'charged') return replay(deps, actor, found);
    if (isLate(found)) throw lateAnswer(found, 'razorpay_order_id');
    attempt = found;
  } else {
    if (gateway.checkoutKey)
      throw badRequest(
        'razorpay_signature: pay in Razorpay Checkout for an order from createPlanOrder, then send its razorpay_order_id, razorpay_payment_id and razorpay_signature',
        'razorpay_signature',
      );
    const key = input.attemptId ?? idempotencyKey ?? randomUUID();
    const earlier = await repo.findPaymentAttemptByKey(deps.db, shop, key);
    if (earlier) {
      if (earlier.plan !== input.plan) throw conflict('attemptId: this payment attempt was for another plan; start a new one');
      return replay(deps, actor, earlier);
    }
    const begun = await beginAttempt(deps, { merchantId: shop, key, plan: input.plan, gateway, actor });
    if (begun.settled) throw earlierPaid(begun.settled, input.plan);
    // The same key raced in from a second request (a double click): that request owns the payment.
    if (!begun.fresh) return replay(deps, actor, begun.attempt);
    attempt = begun.attempt;
  }
  const plan = PLANS.find((p) => p.id === input.plan)!;
  const result = await gateway.charge({
    amount: Number(attempt.amount),
    description: `${plan.name} plan`,
    receipt: attempt.id,
    cardNumber: input.cardNumber,
    cardExpiry: input.cardExpiry,
    proof,
  });
  if (!result.ok) {
    // A proof that does not verify says nothing of the order, which stays payable; a declined card ends the attempt.
    if (!proof) await repo.markPaymentAttemptFailed(deps.db, attempt.id, result.error);
    throw declined(result.error);
  }
  // Money was taken. Under the plan-payment lock: is this attempt still the current one? If its order
  // was superseded or expired, or the plan it was priced from has changed, it is refunded, not applied.
  const late = await deps.db.transaction().execute(async (trx) => {
    const sub = await lockPlanState(trx, shop);
    const a = existing(await repo.lockPaymentAttempt(trx, attempt.id), attempt.id);
    if (a.status === 'charged' || a.status === 'succeeded') return null;
    if (isLate(a)) return a;
    const why = await staleReason(trx, a, sub);
    if (!why) {
      await repo.markPaymentAttemptCharged(trx, a.id, result);
      return null;
    }
    await repo.markPaymentAttemptRefunding(trx, a.id, result, why);
    await enqueueLateRefund(trx, a.id);
    return a;
  });
  if (late) throw lateAnswer(await refundLateNow(deps, late.id), proof ? 'razorpay_order_id' : 'plan');
  return planAnswer(await fulfilNow(deps, attempt, actor));
}

/**
 * A downgrade, or leaving for Free, takes effect at the end of the paid period (as Stripe and
 * Razorpay do): nothing is charged or credited now, the salon keeps what it paid for until then,
 * and the change can be cancelled. The team must already fit the lower plan, and from now on
 * additions are held to the lower plan's limit.
 */
export async function schedulePlanChange(deps: AppDeps, actor: Actor, input: z.output<typeof schedulePlanChangeInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const sub = await repo.findSubscription(trx, shop, { lock: true });
    if (sub?.status !== 'active') throw badRequest('plan: you have no paid plan to change; choose a plan to start one', 'plan');
    if (planRank(input.plan) >= planRank(sub.plan))
      throw badRequest(
        `plan: ${tierOf(input.plan).name} is not below your ${tierOf(sub.plan).name} plan; choose it to upgrade now`,
        'plan',
      );
    const over = await teamFitsPlan(trx, shop, input.plan);
    if (over)
      throw new AppError(
        'CONFLICT',
        over.replace(/^staff: your \w+ plan/, `staff: the ${tierOf(input.plan).name} plan`).replace(/; choose \w+ for [^,]+/, ''),
        'staff',
      );
    await repo.updateSubscription(trx, shop, { scheduled_plan: input.plan });
    if (actor.role === 'admin')
      await recordAudit(trx, actor.id, 'billing.schedule_change', 'merchant', shop, { plan: input.plan, on: sub.current_period_end });
    const on = displayDate(sub.current_period_end);
    return {
      success: true as const,
      message:
        input.plan === 'free'
          ? `Your ${tierOf(sub.plan).name} plan ends on ${on}; then your salon is on Free.`
          : `Your plan changes to ${tierOf(input.plan).name} on ${on}.`,
      data: { scheduledChange: { plan: input.plan, on: sub.current_period_end } },
    };
  });
}

/** Keeps the current plan after all: the scheduled change is dropped and the plan renews as before. */
export async function cancelScheduledChange(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const sub = await repo.dropScheduledChange(deps.db, shop);
  if (!sub) throw conflict('There is no scheduled plan change to cancel');
  if (actor.role === 'admin') await recordAudit(deps.db, actor.id, 'billing.cancel_scheduled_change', 'merchant', shop, {});
  return {
    success: true as const,
    message: `You stay on ${tierOf(sub.plan).name}; it renews on ${displayDate(sub.current_period_end)}.`,
    data: { scheduledChange: null },
  };
}

/**
 * The salon's GSTIN, or none: its state code must be the salon's state (a GSTIN is registered per
 * state). Invoices issued from now on carry it; earlier ones keep what they were issued with.
 */
export async function updateGstin(deps: AppDeps, actor: Actor, input: z.output<typeof updateGstinInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const m = await repo.lockSalonState(trx, shop);
    const gstin = input.gstin === '' ? null : input.gstin;
    const state = m.state || deps.env.PLATFORM_STATE;
    const clash = gstin ? gstinStateProblem(gstin, state) : null;
    if (clash) throw badRequest(`gstin: ${clash}`, 'gstin');
    await repo.setSalonGstin(trx, shop, gstin);
    if (actor.role === 'admin') await recordAudit(trx, actor.id, 'billing.update_gstin', 'merchant', shop, { gstin });
    return { success: true as const, message: gstin ? 'GSTIN saved. Your next invoices will show it.' : 'GSTIN removed.', gstin, state };
  });
}

/**
 * Razorpay: records the attempt and creates the order the browser pays in Razorpay Checkout; the
 * attempt's id is the order's receipt. The same attemptId answers the same order.
 */
export async function createPlanOrder(deps: AppDeps, actor: Actor, input: z.output<typeof createPlanOrderInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const gateway = deps.adapters.payments;
  if (!gateway.createOrder || !gateway.checkoutKey)
    throw badRequest('plan: the test gateway takes the card in changePlan; no order is needed', 'plan');
  const plan = PLANS.find((p) => p.id === input.plan)!;
  const begun = await beginAttempt(deps, {
    merchantId: shop,
    key: input.attemptId ?? randomUUID(),
    plan: input.plan,
    gateway,
    reuseOpenOrder: true,
    actor,
  });
  if (begun.settled) throw earlierPaid(begun.settled, input.plan);
  const { attempt } = begun;
  if (isLate(attempt)) throw lateAnswer(attempt, 'plan');
  if (attempt.status !== 'pending') throw conflict('attemptId: this payment attempt is already finished; start a new one');
  let orderId = attempt.order_id;
  if (!orderId) {
    orderId = await gateway.createOrder(Number(attempt.amount), attempt.id);
    await repo.setPaymentAttemptOrder(deps.db, attempt.id, orderId);
  }
  return {
    data: {
      attemptId: attempt.id,
      orderId,
      amount: Math.round(Number(attempt.amount) * 100),
      currency: 'INR' as const,
      keyId: gateway.checkoutKey,
      description:
        attempt.purpose === 'upgrade'
          ? `Upgrade to ${plan.name}, prorated to ${displayDate(attempt.period_end!)} (GST included)`
          : `${plan.name} plan, one month (GST included)`,
    },
  };
}

/** The invoice if the caller may see it: its salon's owner, or an admin. */
export async function invoiceFor(deps: AppDeps, actor: Actor, id: string): Promise<InvoiceRow> {
  const row = UUID_SHAPE.test(id) ? await repo.findInvoice(deps.db, id) : undefined;
  if (!row || (actor.role !== 'admin' && row.merchant_id !== actor.id)) throw notFound('Invoice');
  return row;
}

async function recipientOf(deps: AppDeps, merchantId: string) {
  const m = await repo.findSalonBilling(deps.db, merchantId);
  return {
    name: m.shop_name,
    address: m.address,
    city: m.city,
    pin: m.postal_code,
    state: m.state || deps.env.PLATFORM_STATE,
    email: m.email || m.account_email,
  };
}

const REASONS: Record<CreditNoteRow['reason'], string> = {
  proration: 'credit for the unused days of a plan on upgrade',
  refund: 'refund',
  cancellation: 'cancelled invoice',
};

/**
 * An invoice as printed: the GST facts it was issued with. Invoices from before GSTINs were kept
 * show the platform's GSTIN (the registration they were issued under) and no recipient GSTIN.
 */
export async function invoiceDocument(deps: AppDeps, actor: Actor, id: string): Promise<TaxDocument> {
  const inv = await invoiceFor(deps, actor, id);
  const salon = await recipientOf(deps, inv.merchant_id);
  const platform = platformGst(deps.env);
  return {
    kind: 'invoice',
    number: inv.number,
    issuedAt: inv.issued_at,
    description: inv.description,
    base: inv.base_amount,
    cgst: inv.cgst,
    sgst: inv.sgst,
    igst: inv.igst,
    total: inv.total,
    sac: inv.sac,
    placeOfSupply: inv.place_of_supply,
    supplier: { gstin: inv.supplier_gstin ?? platform.gstin, state: inv.supplier_state ?? platform.state },
    recipient: { ...salon, name: inv.recipient_name ?? salon.name, gstin: inv.recipient_gstin },
    period: { start: inv.period_start, end: inv.period_end },
    payment: { status: inv.status, gateway: inv.gateway, reference: inv.payment_reference },
  };
}

export async function creditNoteDocument(deps: AppDeps, actor: Actor, id: string): Promise<TaxDocument> {
  const row = UUID_SHAPE.test(id) ? await repo.findCreditNoteWithInvoice(deps.db, id) : undefined;
  if (!row || (actor.role !== 'admin' && row.merchant_id !== actor.id)) throw notFound('Credit note');
  const salon = await recipientOf(deps, row.merchant_id);
  return {
    kind: 'credit_note',
    number: row.number,
    issuedAt: row.issued_at,
    description: row.description,
    base: row.base_amount,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
    sac: row.sac,
    placeOfSupply: row.place_of_supply,
    supplier: { gstin: row.supplier_gstin, state: row.supplier_state },
    recipient: { ...salon, name: row.recipient_name, gstin: row.recipient_gstin },
    against: { number: row.invoice_number, issuedAt: row.invoice_issued_at, reason: REASONS[row.reason] },
  };
}

export async function adminInvoices(deps: AppDeps) {
  const rows = await repo.listAdminInvoices(deps.db, 200);
  // Revenue is what paid invoices charged less what credit notes gave back (GST likewise).
  const totals = await repo.paidInvoiceTotals(deps.db);
  const credits = await repo.creditNoteTotals(deps.db);
  const { failed, refundsDue } = await repo.countPaymentAttemptsForAdmin(deps.db);
  const net = (a: number | string, b: number | string) => Math.round((Number(a) - Number(b)) * 100) / 100;
  return {
    data: {
      invoices: rows.map((r) => ({
        ...toInvoiceWire(r),
        salonName: r.shop_name,
        credited: Number(r.credited),
        cancellation: r.cancel_number
          ? {
              number: r.cancel_number,
              amount: Number(r.cancel_total),
              refund: {
                status: r.cancel_refund_status ?? 'none',
                reference: r.cancel_refund_reference ?? null,
                error: r.cancel_refund_error ?? null,
              },
            }
          : null,
      })),
      totals: {
        count: Number(totals.count),
        base: net(totals.base, credits.base),
        gst: net(totals.gst, credits.gst),
        total: net(totals.total, credits.total),
        credited: Number(credits.base),
        creditNotes: Number(credits.count),
      },
      failedPayments: failed,
      refundsDue,
    },
  };
}

/**
 * Finishes an attempt its request left half-way: a charged one gets its plan and invoice; a
 * pending one is looked up at the gateway (charged → fulfilled, never paid → failed). A superseded
 * order is looked up too: paid after all, like a pending one whose price no longer holds, it is
 * refunded, never applied. The same job (payload and all, queued with a `refund:` key) refunds an
 * attempt left refunding, retried while the gateway cannot be reached.
 */
export const paymentReconcileJob = defineJob(
  PAYMENT_RECONCILE,
  async (trx, payload: { attemptId: string }, ctx) => {
    const seen = await repo.findPaymentAttempt(trx, payload.attemptId);
    if (!seen || !['pending', 'charged', 'superseded', 'refunding'].includes(seen.status)) return;
    const sub = await lockPlanState(trx, seen.merchant_id);
    const attempt = existing(await repo.lockPaymentAttempt(trx, seen.id), seen.id);
    if (attempt.status === 'refunding') {
      await refundLatePayment(trx, ctx.deps, attempt.id);
      return;
    }
    if (attempt.status === 'pending' || attempt.status === 'superseded') {
      const paid = await ctx.deps.adapters.payments.lookup({ receipt: attempt.id, orderId: attempt.order_id });
      if (!paid) {
        await repo.markPaymentAttemptFailed(trx, attempt.id, 'The payment was not completed.');
        return;
      }
      const why = await staleReason(trx, attempt, sub);
      if (why) {
        await repo.markPaymentAttemptRefunding(trx, attempt.id, paid, why);
        await enqueueLateRefund(trx, attempt.id);
        return;
      }
      await repo.markPaymentAttemptCharged(trx, attempt.id, paid);
    } else if (attempt.status !== 'charged') return;
    await fulfil(trx, ctx.deps, attempt.id, null);
  },
  {
    // The gateway could not be reached for a refund, attempt after attempt: an admin refunds it by hand.
    async onFailure(trx, payload: { attemptId: string }, failure) {
      // The payload may be the one its kind refused (not an attempt id): nothing to record then.
      if (!failure.final || !UUID_SHAPE.test(String(payload?.attemptId))) return;
      const a = await repo.findPaymentAttempt(trx, payload.attemptId);
      if (a?.status !== 'refunding') return;
      const outcome = {
        status: 'refund_failed' as const,
        error: `${attemptFacts(a).why}; the gateway could not be reached to refund it (${failure.message}), so an admin refunds it by hand`,
      };
      await repo.settlePaymentAttemptRefund(trx, a.id, outcome);
      await mailLateRefund(trx, a, outcome);
    },
  },
);

/**
 * What a salon loses with its plan, in the transaction that changes it: a sponsored listing its new
 * plan does not include. (Coupons, messages and analytics are refused at use; the team is kept, and
 * only additions are refused while it is over the new limit.)
 */
async function applyPlanTools(trx: Transaction<Database>, merchantId: string, plan: TierId): Promise<void> {
  if (planAllows(plan, 'sponsoredListing')) return;
  await repo.dropSponsoredListing(trx, merchantId);
}

/** The plan ends (not renewed, or left for Free as the owner asked): the salon is on Free from now. */
async function endPlan(
  trx: Transaction<Database>,
  merchantId: string,
  why: string,
  status: 'expired' | 'cancelled' = 'expired',
): Promise<void> {
  const sub = await repo.endActiveSubscription(trx, merchantId, status);
  if (!sub) return;
  await applyPlanTools(trx, merchantId, 'free');
  const merchant = await repo.findSalonBilling(trx, merchantId);
  const plan = PLANS.find((p) => p.id === sub.plan)!;
  await queueMessage(trx, {
    channel: 'email',
    to: merchant.email || merchant.account_email,
    accountId: merchantId,
    subject: `Your GlowBook ${plan.name} plan has ended`,
    body: `Hi,\n\n${why} Your ${plan.name} plan ended on ${displayDate(sub.current_period_end)}; your salon stays listed on the Free plan (${tierOf('free').features.join(', ')}) and you pay only the commission on completed bookings.\nChoose a plan again under Subscription & Billing in your panel whenever you like.\n\nGlowBook`,
    meta: { purpose: 'subscription_expired', merchantId },
  });
}

/**
 * On the day a period ends: charges the saved card for the next month (one attempt per period,
 * so a rerun never charges twice) and extends the plan, or ends the plan when there is no card the
 * gateway can charge or the charge is declined.
 */
export const subscriptionRenewJob = defineJob(
  SUBSCRIPTION_RENEW,
  async (trx, payload: { merchantId: string; periodEnd: string }, ctx) => {
    const sub = await repo.findSubscription(trx, payload.merchantId, { lock: true });
    if (sub?.status !== 'active' || sub.current_period_end !== payload.periodEnd) return;
    // A plan change starting now waits for the renewal and is priced from the renewed period.
    await lockPlanPayments(trx, payload.merchantId);
    if (sub.scheduled_plan === 'free') {
      await endPlan(trx, sub.merchant_id, 'As you asked, your plan was not renewed.', 'cancelled');
      clearDiscoveryCache(ctx.deps.db);
      return;
    }
    if (sub.scheduled_plan) {
      // The downgrade the owner scheduled takes effect now, and the renewal charges the new plan.
      await repo.updateSubscription(trx, sub.merchant_id, { plan: sub.scheduled_plan, scheduled_plan: null });
      await applyPlanTools(trx, sub.merchant_id, sub.scheduled_plan);
      clearDiscoveryCache(ctx.deps.db);
      sub.plan = sub.scheduled_plan;
      sub.scheduled_plan = null;
    }
    const gateway = ctx.deps.adapters.payments;
    if (!sub.payment_token || !gateway.chargeSaved) {
      await endPlan(trx, sub.merchant_id, 'Your payment method cannot be charged automatically.');
      return;
    }
    const merchant = await repo.findSalonBilling(trx, sub.merchant_id);
    const amount = amountFor(sub.plan, ctx.deps.env.PLATFORM_STATE, merchant.state || ctx.deps.env.PLATFORM_STATE);
    const key = `renew:${payload.periodEnd}`;
    await repo.insertPaymentAttempt(trx, {
      merchant_id: sub.merchant_id,
      idempotency_key: key,
      amount,
      gateway: gateway.name,
      status: 'pending',
      purpose: 'renewal',
      plan: sub.plan,
      period_start: payload.periodEnd,
    });
    const attempt = existing(await repo.findPaymentAttemptByKey(trx, sub.merchant_id, key), key);
    if (attempt.status === 'pending') {
      const plan = PLANS.find((p) => p.id === sub.plan)!;
      // The receipt names the period, not the attempt row: if this transaction rolls back after the
      // charge, the rerun's charge carries the same receipt and the gateway answers the first one.
      const result = await gateway.chargeSaved({
        token: sub.payment_token,
        amount,
        receipt: `renew:${sub.merchant_id}:${payload.periodEnd}`,
        description: `${plan.name} plan renewal`,
      });
      if (!result.ok) {
        await repo.markPaymentAttemptFailed(trx, attempt.id, result.error);
        await endPlan(trx, sub.merchant_id, 'We could not renew it: the saved card was declined.');
        return;
      }
      await repo.markPaymentAttemptCharged(trx, attempt.id, result);
    }
    if (attempt.status !== 'failed') await fulfil(trx, ctx.deps, attempt.id, null);
  },
  {
    // The gateway kept failing: the plan cannot stay active unpaid.
    async onFailure(trx, payload: { merchantId: string; periodEnd: string }, failure) {
      if (!failure.final) return;
      const sub = await repo.findSubscriptionPeriodEnd(trx, payload.merchantId);
      if (sub?.current_period_end === payload.periodEnd)
        await endPlan(trx, payload.merchantId, 'We could not reach the payment gateway to renew it.');
    },
  },
);
