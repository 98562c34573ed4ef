import type { PaidCharge } from '../../adapters/payments/index.js';
import * as repo from '../../db/repositories/billing.js';
import { findPlanAttemptByOrder } from '../../db/repositories/paymentMethods.js';
import type { AppDeps } from '../../deps.js';
import { existing, lockPlanState } from './attempts.js';
import { fulfil } from './fulfil.js';
import { enqueueLateRefund } from './jobs.js';
import { refundLateNow, staleReason } from './refunds.js';

/*
 * Razorpay's word on a plan payment (payment.captured, order.paid): the same steps as the reconcile
 * job, with the gateway's payment in place of a lookup, under the salon's plan state and the
 * attempt's row lock. A payment already applied (by the browser's changePlan, or an earlier event)
 * changes nothing; one for an order no longer current is refunded in full, never applied.
 */
export async function planPaymentTaken(
  deps: AppDeps,
  orderId: string,
  p: { id: string; amountPaise: number; last4: string | null },
): Promise<string | null> {
  const seen = await findPlanAttemptByOrder(deps.db, orderId);
  if (!seen) return null;
  if (p.amountPaise !== Math.round(Number(seen.amount) * 100)) return 'ignored: amount does not match the plan order';
  let refund: string | null = null;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const sub = await lockPlanState(trx, seen.merchant_id);
    const a = existing(await repo.lockPaymentAttempt(trx, seen.id), seen.id);
    if (a.status === 'charged' || a.status === 'succeeded') {
      if (a.status === 'charged') await fulfil(trx, deps, a.id, null);
      return 'already applied';
    }
    if (!['pending', 'superseded', 'failed'].includes(a.status)) return `already ${a.status}`;
    const paid: PaidCharge = { ok: true, reference: p.id, last4: p.last4, expMonth: null, expYear: null, token: null };
    const why = a.status === 'pending' ? await staleReason(trx, a, sub) : 'its order had been closed before the payment arrived';
    if (why) {
      await repo.markPaymentAttemptRefunding(trx, a.id, paid, why);
      await enqueueLateRefund(trx, a.id);
      refund = a.id;
      return 'refunding: the plan order was no longer current';
    }
    await repo.markPaymentAttemptCharged(trx, a.id, paid);
    await fulfil(trx, deps, a.id, null);
    return 'applied: plan paid';
  });
  if (refund) await refundLateNow(deps, refund).catch(() => undefined);
  return outcome;
}
