import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { PLANS, type PlanId } from '../../../shared/gst.js';
import { tierOf } from '../../../shared/plans.js';
import type { changePlanInput, createPlanOrderInput } from '../../../shared/schemas/billing.js';
import type { PaidCharge, PaymentGateway } from '../../adapters/payments/index.js';
import * as repo from '../../db/repositories/billing.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { defineJob } from '../../jobs/queue.js';
import { displayDate } from '../bookings/notify.js';
import { shopOf } from '../scope.js';
import { type AttemptRow, existing, lockPlanState, UUID_SHAPE } from './attempts.js';
import { fulfil, fulfilNow } from './fulfil.js';
import { type InvoiceRow, toInvoiceWire } from './invoices.js';
import { enqueueLateRefund, PAYMENT_RECONCILE, scheduleReconcile } from './jobs.js';
import { attemptFacts, isLate, lateAnswer, mailLateRefund, refundLateNow, refundLatePayment, staleReason } from './refunds.js';
import { priceFor } from './subscription.js';

/*
 * Paying for a plan: the attempt recorded before the gateway is asked, the charge (a card, or a
 * Razorpay Checkout payment whose signature is verified), and the reconcile job that finishes
 * what a request left half-way.
 */

export const PAYMENT_IN_PROGRESS = 'This payment is already being processed. Please wait a moment.';

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
    await scheduleReconcile(trx, fresh.id);
    return { attempt: fresh, fresh: true };
  });
  if (refundAfter) await refundLateNow(deps, refundAfter);
  return begun;
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
      amount: Number(attempt.amount),
      currency: 'INR' as const,
      keyId: gateway.checkoutKey,
      description:
        attempt.purpose === 'upgrade'
          ? `Upgrade to ${plan.name}, prorated to ${displayDate(attempt.period_end!)} (GST included)`
          : `${plan.name} plan, one month (GST included)`,
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
