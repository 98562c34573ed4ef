import type { Transaction } from 'kysely';
import { addMonth, PLANS, upgradeQuote } from '../../../shared/gst.js';
import { formatINR } from '../../../shared/money.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as repo from '../../db/repositories/billing.js';
import { savePaymentMethod } from '../../db/repositories/paymentMethods.js';
import type { Database } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { queueMessage } from '../../messaging/index.js';
import { displayDate } from '../bookings/notify.js';
import { type AttemptRow, existing } from './attempts.js';
import { type InvoiceRow, issueCreditNote, issueInvoice, partiesOf, periodInvoice } from './invoices.js';
import { scheduleRenewal } from './jobs.js';

/* A charged plan payment put in place: the plan, its documents, the e-mail, the next renewal. */

/**
 * Puts a charged attempt's plan in place: the subscription period, one invoice (unique per
 * attempt), the e-mail and the next renewal, all in the caller's transaction. Idempotent: an
 * attempt already fulfilled answers its invoice.
 */
/** A plan paid by a card the gateway saved: that card is now the one renewals charge. */
async function keepCardOfPayment(trx: Transaction<Database>, a: AttemptRow): Promise<void> {
  if (!a.payment_token || !a.card_last4) return;
  await savePaymentMethod(trx, {
    merchant_id: a.merchant_id,
    gateway: a.gateway,
    kind: 'card',
    token: a.payment_token,
    card_last4: a.card_last4,
    card_exp_month: a.card_exp_month,
    card_exp_year: a.card_exp_year,
  });
}

export async function fulfil(trx: Transaction<Database>, deps: AppDeps, attemptId: string, actor: Actor | null): Promise<InvoiceRow> {
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
  await keepCardOfPayment(trx, attempt);
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
  await keepCardOfPayment(trx, attempt);
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

/** Fulfils a charged attempt in its own transaction, the subscription's row locked first (lockPlanState's order). */
export async function fulfilNow(deps: AppDeps, attempt: AttemptRow, actor: Actor | null): Promise<InvoiceRow> {
  return deps.db.transaction().execute(async (trx) => {
    await repo.findSubscription(trx, attempt.merchant_id, { lock: true });
    return fulfil(trx, deps, attempt.id, actor);
  });
}
