import type { Transaction } from 'kysely';
import { gstBreakdown, PLANS, type PlanId } from '../../../shared/gst.js';
import { planAllows, type TierId, tierOf } from '../../../shared/plans.js';
import * as repo from '../../db/repositories/billing.js';
import { findPaymentMethod } from '../../db/repositories/paymentMethods.js';
import type { Database } from '../../db/types.js';
import { defineJob } from '../../jobs/queue.js';
import { queueMessage } from '../../messaging/index.js';
import { displayDate } from '../bookings/notify.js';
import { clearDiscoveryCache } from '../discovery/cache.js';
import { existing, lockPlanPayments } from './attempts.js';
import { fulfil } from './fulfil.js';
import { SUBSCRIPTION_RENEW } from './jobs.js';

/* A plan's period ends: the saved card is charged for the next month, or the plan ends (renewal job). */

function amountFor(plan: PlanId, platformState: string, merchantState: string) {
  return gstBreakdown(PLANS.find((p) => p.id === plan)!.price, platformState, merchantState).total;
}

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
    // The method the owner saved last (Update payment method, or the card a plan was paid with).
    const saved = await findPaymentMethod(trx, sub.merchant_id);
    const token = saved ? (saved.gateway === gateway.name ? saved.token : null) : sub.payment_token;
    if (!token || !gateway.chargeSaved) {
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
        token,
        amount,
        customer: { email: merchant.email || merchant.account_email, contact: merchant.phone ?? '' },
        receipt: `renew:${sub.merchant_id}:${payload.periodEnd}`,
        description: `${plan.name} plan renewal`,
      });
      if (!result.ok) {
        await repo.markPaymentAttemptFailed(trx, attempt.id, result.error);
        await endPlan(
          trx,
          sub.merchant_id,
          `We could not renew it: the saved ${saved?.kind === 'upi' ? 'UPI AutoPay mandate' : 'card'} was declined.`,
        );
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
