import type { Transaction } from 'kysely';
import { daysBetween } from '../../../shared/gst.js';
import { formatINR } from '../../../shared/money.js';
import { tierOf } from '../../../shared/plans.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/billing.js';
import type { Database } from '../../db/types.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { type AttemptRow, existing, type SubscriptionRow } from './attempts.js';

/*
 * Late payments: money taken for an attempt that was no longer the current one is never applied
 * but refunded in full (through the gateway, or by an admin by hand), and the owner is told why.
 */

/** A late payment's attempt: money taken for an attempt that was no longer the current one, refunded (or being). */
const LATE: readonly AttemptRow['status'][] = ['refunding', 'refunded', 'refund_failed'];
export const isLate = (a: AttemptRow) => LATE.includes(a.status);

/**
 * Why money for this attempt must not be applied at the price it was given (null: it may). Its order
 * was superseded by another plan's, or the reconcile job already found it unpaid; another payment of
 * the salon took money after it began; or the subscription is no longer the one it was priced from
 * (an upgrade's plan and period, or a new month's "no paid period running"). Read under lockPlanState.
 */
export async function staleReason(db: Executor, a: AttemptRow, sub: SubscriptionRow | undefined): Promise<string | null> {
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

/** The gateway's idempotency receipt of a late payment's refund (≤ 40 characters, as Razorpay allows). */
export const lateRefundReceipt = (attemptId: string) => `rf_${attemptId.replace(/-/g, '')}`;

/**
 * Refunds a late payment in full through the gateway that took it, under the attempt's row lock; the
 * receipt comes from the attempt's id, so a retry (or the job and the request both) is one refund.
 * A gateway that cannot refund it leaves it to an admin (refund_failed, counted on the admin's
 * Payments screen). The owner is e-mailed either way. Throws on a network error (the job retries).
 */
export async function refundLatePayment(trx: Transaction<Database>, deps: AppDeps, attemptId: string): Promise<AttemptRow | undefined> {
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
export function attemptFacts(a: AttemptRow) {
  return {
    amount: formatINR(Number(a.amount), { paise: true }),
    plan: tierOf(a.plan ?? 'basic').name,
    why: a.error ?? 'its order was no longer current',
  };
}

/** Tells the owner what became of a late payment: refunded (with the gateway's reference), or refunded by GlowBook's team. */
export async function mailLateRefund(
  trx: Executor,
  a: AttemptRow,
  outcome: Parameters<typeof repo.settlePaymentAttemptRefund>[2],
): Promise<void> {
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
export async function refundLateNow(deps: AppDeps, attemptId: string): Promise<AttemptRow> {
  try {
    const a = await deps.db.transaction().execute((trx) => refundLatePayment(trx, deps, attemptId));
    if (a) return a;
  } catch {
    // A network error: the queued refund job retries it.
  }
  return existing(await repo.findPaymentAttempt(deps.db, attemptId), attemptId);
}

/** The 409 a late payment is answered with: why it was not applied, and that nothing was kept. */
export function lateAnswer(a: AttemptRow, field: 'plan' | 'razorpay_order_id'): AppError {
  const { amount, plan, why } = attemptFacts(a);
  const text =
    a.status === 'refunded'
      ? `${field}: your payment of ${amount} for the ${plan} plan was not applied because ${why}, and it was refunded in full (refund ${a.refund_reference}); nothing was kept and your plan did not change`
      : a.status === 'refund_failed'
        ? `${field}: your payment of ${amount} for the ${plan} plan was not applied because ${why}; nothing is kept and your plan did not change`
        : `${field}: your payment of ${amount} for the ${plan} plan was not applied because ${why}; it is being refunded in full, nothing is kept and your plan did not change`;
  return new AppError('CONFLICT', text, field);
}
